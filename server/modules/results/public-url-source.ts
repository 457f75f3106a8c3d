import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isGlobalAddress } from './global-address.ts';

const MAX_SOURCE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The URL cannot be used: not http(s), or it leads to an address that is not public. */
export class UnsafeUrlError extends Error {}

/** A source answered with an HTTP status other than 2xx. */
export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url} answered ${status}`);
  }
}

export type Resolve = (host: string) => Promise<readonly { address: string; family: number }[]>;

export interface ReadPublicUrlOptions {
  /** Name resolution; the system's by default. */
  resolve?: Resolve;
  /** Which addresses may be connected to; public ones by default. */
  isAllowed?: (address: string) => boolean;
  timeoutMs?: number;
}

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The socket's own name lookup: every address of the answer is checked, and the socket
 * connects only to what was checked, so a DNS answer that changes between a check and
 * the connection (rebinding) cannot lead it anywhere else.
 */
export function checkedLookup(resolve: Resolve, isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answer) => {
        const addresses = answer.filter((a) => !options.family || a.family === options.family);
        if (!answer.every((a) => isAllowed(a.address))) {
          callback(new UnsafeUrlError(`${hostname} does not resolve to public addresses only`), '', 0);
        } else if (addresses.length === 0) {
          callback(new Error(`${hostname} has no address`), '', 0);
        } else if (options.all) {
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

function get(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    // No agent: a pooled socket would skip the lookup above.
    client
      .get(url, { lookup, signal, agent: false, headers: { accept: 'application/json' } }, resolve)
      .on('error', reject);
  });
}

/**
 * What can be told of a URL without connecting: http(s) only, and an address written in it must be
 * allowed (it is connected to without any lookup). A name is checked when it is looked up.
 */
export function checkUrlAddress(
  location: string | URL,
  isAllowed: (address: string) => boolean = isGlobalAddress,
): void {
  const url = new URL(location);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError(`protocol ${url.protocol}`);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isAllowed(literal)) throw new UnsafeUrlError(`${literal} is not a public address`);
}

/** The URL names a host that has no address. */
export class UnknownHostError extends Error {}

/**
 * What an admin may save as the results source, checked before it is stored: `checkUrlAddress`, and a name is
 * looked up with the very lookup a connection uses (`checkedLookup`), so every address it has now must be allowed.
 * Connections check again, each time (the answer may change).
 */
export async function checkPublicUrl(location: string, options: ReadPublicUrlOptions = {}): Promise<void> {
  const { resolve = systemResolve, isAllowed = isGlobalAddress } = options;
  checkUrlAddress(location, isAllowed);
  const host = new URL(location).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return;
  const lookup = checkedLookup(resolve, isAllowed);
  await new Promise<void>((done, fail) =>
    lookup(host, { all: true }, (error) => {
      if (!error) return done();
      fail(error instanceof UnsafeUrlError ? error : new UnknownHostError(`${host}: ${error.message}`));
    }),
  );
}

/**
 * Reads an openfootball JSON file from a public http(s) URL. Unlike the CLI's reader
 * (results-source.ts, which an operator runs on the server itself), this one takes
 * URLs typed in the admin area: every connection, redirects included, goes only to
 * addresses `isAllowed` accepts (checked at connect time), and the body is capped
 * while it streams in.
 */
export async function readPublicUrl(location: string, options: ReadPublicUrlOptions = {}): Promise<unknown> {
  const { resolve = systemResolve, isAllowed = isGlobalAddress, timeoutMs = 15_000 } = options;
  const lookup = checkedLookup(resolve, isAllowed);
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(location);
  for (let hop = 0; ; hop += 1) {
    checkUrlAddress(url, isAllowed);

    const response = await get(url, lookup, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new Error(`${location}: too many redirects`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new HttpStatusError(url.href, status);
    }
    return JSON.parse(await readCapped(response)) as unknown;
  }
}

async function readCapped(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_SOURCE_BYTES) {
      response.destroy();
      throw new Error(`larger than ${MAX_SOURCE_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
