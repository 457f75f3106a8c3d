import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The per-address limit behind a real proxy hop: a reverse proxy on 127.0.0.1 that appends its peer to
 * X-Forwarded-For as nginx's `$proxy_add_x_forwarded_for` does. Clients connect from other loopback addresses
 * (127.0.0.2, 127.0.0.3) so that the proxy sees who they are; each forges a new X-Forwarded-For every time.
 */
const LIMIT = 3;
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app on a real port, with `TRUST_PROXY` set and a small per-address limit. */
async function appTrusting(trustProxy: string): Promise<string> {
  const testApp: TestApp = await createTestApp({ env: { TRUST_PROXY: trustProxy, AUTH_IP_MAX_PER_MINUTE: String(LIMIT) } });
  closing.push(() => testApp.close());
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
}

function proxyTo(target: string): Promise<string> {
  return listening(
    http.createServer((request, response) => {
      const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
      const upstream = http.request(new URL(request.url ?? '/', target), {
        method: request.method,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      });
      upstream.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    }),
  );
}

let forged = 0;
/** Failed sign-ins from the loopback address `from`, each claiming another address; their status codes. */
async function signIns(base: string, from: string, count: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    forged += 1;
    codes.push(
      await new Promise<number>((resolve, reject) => {
        const request = http.request(new URL('/auth/signin', base), {
          method: 'POST',
          localAddress: from,
          agent: false,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${forged % 250}` },
        });
        request.on('response', (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end(JSON.stringify({ email: `nadie${forged}@example.com`, password: 'contraseña-falsa' }));
      }),
    );
  }
  return codes;
}

const limited = [...Array<number>(LIMIT).fill(401), 429, 429];

describe('TRUST_PROXY', () => {
  it('with one hop, counts the address the proxy saw, not the one the client wrote', async () => {
    const proxy = await proxyTo(await appTrusting('1'));
    expect(await signIns(proxy, '127.0.0.2', LIMIT + 2)).toEqual(limited);
    // Another client behind the same proxy has its own count: the proxy's address is not what is counted.
    expect(await signIns(proxy, '127.0.0.3', 1)).toEqual([401]);
  });

  it('with the proxy listed, counts the address it saw, and a direct client forging the header is counted as itself', async () => {
    const app = await appTrusting('127.0.0.1');
    const proxy = await proxyTo(app);
    expect(await signIns(proxy, '127.0.0.2', LIMIT + 2)).toEqual(limited);
    expect(await signIns(proxy, '127.0.0.3', 1)).toEqual([401]);
    // 127.0.0.4 is not a listed proxy: what it writes in X-Forwarded-For is ignored.
    expect(await signIns(app, '127.0.0.4', LIMIT + 2)).toEqual(limited);
  });

  it('with a hop count, takes a direct client at its word (why hops need the app reachable only through the proxy)', async () => {
    // One hop trusts whoever connects to say who sent the request: nothing tells a client from a proxy.
    expect(await signIns(await appTrusting('1'), '127.0.0.4', LIMIT + 2)).toEqual(Array<number>(LIMIT + 2).fill(401));
  });

  it('with the legacy true, trusts one hop instead of every address the client wrote', async () => {
    const proxy = await proxyTo(await appTrusting('true'));
    expect(await signIns(proxy, '127.0.0.2', LIMIT + 2)).toEqual(limited);
  });
});
