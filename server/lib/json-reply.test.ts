import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chooseEncoding, matchesEtag, MIN_COMPRESSED_BYTES, sendJsonReply, toJsonReply } from './json-reply.ts';

const Schema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
const large = toJsonReply(Schema, {
  data: Array.from({ length: 200 }, (_, id) => ({ id, name: `Equipo ${id}`, dropped: 'undeclared' })),
});
const small = toJsonReply(Schema, { data: [{ id: 1, name: 'Uno' }] });

const app = Fastify();
app.get('/large', (request, reply) => sendJsonReply(request, reply, large));
app.get('/small', (request, reply) => sendJsonReply(request, reply, small));
beforeAll(() => app.ready());
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('a pre-serialised answer', () => {
  it('is encoded with the route schema: undeclared fields are dropped', () => {
    expect(large.body.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(large.body.toString()).not.toContain('dropped');
  });

  it('goes out in brotli when accepted, the same bytes once decoded, and the encoding is kept for the next request', async () => {
    const res = await get('/large', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(res.rawPayload).equals(large.body)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(large.body.length / 3);
    expect(large.encoded?.br?.equals(res.rawPayload)).toBe(true);
  });

  it('goes out in gzip to a client without brotli, and as is to one that asks for no encoding', async () => {
    const gzipped = await get('/large', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(large.body)).toBe(true);

    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(large.body)).toBe(true);
  });

  it('is sent as is when small, and answers 304 to the ETag it holds in any encoding', async () => {
    const res = await get('/small', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(small.body)).toBe(true);

    const revalidated = await get('/large', { 'accept-encoding': 'br', 'if-none-match': large.etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['BR;q=0.5, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.000, gzip;q=0', null],
    ['deflate', null],
  ] as const)('%j → %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"xyz", W/"abc"', true],
    ['"xyz",W/"abc"', true],
    ['*', true],
    ['"xyz"', false],
    ['"abcd"', false],
    ['abc', false],
  ] as const)('%j → %j', (header, expected) => {
    expect(matchesEtag(header, '"abc"')).toBe(expected);
  });
});
