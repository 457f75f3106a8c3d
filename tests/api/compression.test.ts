import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse } from '#contract/index';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/** JSON answers of 1 KiB and more go out compressed to clients that accept it; ETags are matched as HTTP says. */
let t: TestApp;
let user: SignInResponse;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
  // A match list over 1 KiB, which its route compresses itself.
  const admin = await t.createUser({ role: 'admin' });
  const [home, away] = await Promise.all(['Comprimido FC', 'Descomprimido CF'].map((name) => t.api.team(admin, { name })));
  for (let week = 1; week <= 10; week += 1) await t.api.match(admin, { weekNumber: week, matchDate: '2099-05-01T20:00:00Z', homeTeamId: home!.id, awayTeamId: away!.id });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.injectAs(user.session.accessToken, { method: 'GET', url, headers });

describe('compression', () => {
  it('sends the OpenAPI document in brotli or gzip when accepted, as is otherwise, varying on Accept-Encoding', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves small answers as they are, and compresses a hot read once', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeDefined();

    const plain = await get('/api/matches');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/matches', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});

describe('If-None-Match', () => {
  it('takes a weak tag and a list of tags, and misses on other tags', async () => {
    const { etag } = (await get('/api/matches')).headers as { etag: string };
    expect(etag).toMatch(/^"/);
    expect((await get('/api/matches', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/matches', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/matches', { 'if-none-match': `"otro", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/matches', { 'if-none-match': '"otro", W/"tambien"' })).statusCode).toBe(200);
  });
});
