import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const MAX_SOURCE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Addresses a server-side fetch must never reach on an admin's say-so (SSRF): loopback, private, link-local… */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL cannot be used: not http(s), or it points at a non-public address. */
export class UnsafeUrlError extends Error {}

async function assertPublicHost(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError(`protocol ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new UnsafeUrlError(`${host} is not a public address`);
}

/**
 * Reads an openfootball JSON file from a public http(s) URL. Unlike the CLI's reader
 * (results-source.ts, which an operator runs on the server itself), this one takes
 * URLs typed in the admin area, so every hop of a redirect must resolve to a public
 * address and the body is capped while it streams in.
 */
export async function readPublicUrl(location: string, timeoutMs = 15_000): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(location);
  for (let hop = 0; ; hop += 1) {
    await assertPublicHost(url);
    const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/json' } });
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      if (hop >= MAX_REDIRECTS) throw new Error(`${location}: too many redirects`);
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
    return JSON.parse(await readCapped(response)) as unknown;
  }
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_SOURCE_BYTES) {
      await reader.cancel();
      throw new Error(`larger than ${MAX_SOURCE_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
