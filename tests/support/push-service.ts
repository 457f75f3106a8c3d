/**
 * A stand-in Web Push service for tests, and a browser's side of a subscription: what the API tests
 * (tests/api/reminders.test.ts) and the browser tests (tests/e2e/favorites.spec.ts) use to see what the
 * server really pushed, encrypted and signed as a push service receives it.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PushServiceApi } from './push-service-api.ts';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** `http://127.0.0.1:<port>`, or `https://…` with a certificate. */
  url: string;
  /** Every request so far, in order of arrival. */
  received: ReceivedPush[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 and records every request; answers 201, or 410/404 for paths starting `/gone`/`/missing`.
 * With `tls` (a certificate the server trusts, see `e2ePushTls`) it speaks https, as the API insists a real
 * subscription does.
 */
export function startPushService(tls?: { cert: string; key: string }): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = path.startsWith('/gone') ? 410 : path.startsWith('/missing') ? 404 : 201;
      response.end();
    });
  };
  const server = tls
    ? createHttpsServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, handle)
    : createHttpServer(handle);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

/**
 * The e2e run's certificate for 127.0.0.1 (self-signed, made once per port with openssl): playwright.config.ts
 * hands it to the server as NODE_EXTRA_CA_CERTS, so the server's pushes reach a test's https push service.
 */
export function e2ePushTls(port: number | string): { cert: string; key: string } {
  const dir = path.join(os.tmpdir(), `quiniela-e2e-push-tls-${port}`);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' });
  }
  return { cert, key };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
export function newBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
export type BrowserKeys = ReturnType<typeof newBrowserKeys>;

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) the way the browser would. */
export function decryptPush(bytes: Uint8Array, browser: BrowserKeys): unknown {
  const body = Buffer.from(bytes);
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8'));
}

/** The same, for a browser test (tests/support/push-service-api.ts). */
export default { e2ePushTls, startPushService, newBrowserKeys, decryptPush } satisfies PushServiceApi;
