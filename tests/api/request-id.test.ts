import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/** A request's id comes from the proxy's X-Request-Id when it is safe to log, is logged, and goes back in the answer. */
let t: TestApp;
const logged: { reqId?: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as { reqId?: string }));
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: sink });
});
afterAll(() => t.close());

const health = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/health', headers });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it("take the proxy's X-Request-Id, log it and echo it", async () => {
    const res = await health({ 'x-request-id': 'lb-7f3a.9:c_2' });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.9:c_2');
    expect(logged.some((line) => line.reqId === 'lb-7f3a.9:c_2')).toBe(true);
  });

  it('are generated, unique, when the header is missing, too long or carries other characters', async () => {
    const ids = [];
    for (const given of [undefined, 'x'.repeat(129), 'id con espacios', 'a"b', 'añadido', '']) {
      const res = await health(given === undefined ? {} : { 'x-request-id': given });
      ids.push(res.headers['x-request-id']);
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await health({ 'x-request-id': 'x'.repeat(128) })).headers['x-request-id']).toBe('x'.repeat(128));
  });

  it('are echoed on errors too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pools', headers: { 'x-request-id': 'sin-sesion-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('sin-sesion-1');
  });
});
