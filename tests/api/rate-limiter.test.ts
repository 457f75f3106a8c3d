import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '#server/db/rate-limit-counters';
import type { RateLimiter } from '#server/lib/rate-limiter';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/** The database-backed limiter on both databases: what parallel attempts get, and what a refund gives back. */
let t: TestApp;
let limiter: RateLimiter;
let now = new Date('2026-11-25T10:00:00Z');
const limit = { max: 5, windowMs: 60_000 };

beforeAll(async () => {
  t = await createTestApp();
  limiter = createRateLimiter(t.db, () => now);
});
afterAll(() => t.close());

const granted = (reservations: { waitSeconds: number | null }[]) =>
  reservations.filter((r) => r.waitSeconds === null).length;

describe('rate limiter reservations', () => {
  it('grants exactly `max` of 50 simultaneous attempts', async () => {
    const reservations = await Promise.all(Array.from({ length: 50 }, () => limiter.reserve('burst', limit)));
    expect(granted(reservations)).toBe(5);
    for (const refused of reservations.filter((r) => r.waitSeconds !== null)) expect(refused.waitSeconds).toBe(60);
  });

  it('leaves no trace of a refused attempt: refunding the granted ones frees every slot', async () => {
    const reservations = await Promise.all(Array.from({ length: 30 }, () => limiter.reserve('refunds', limit)));
    await Promise.all(reservations.map((r) => r.refund()));
    expect(granted(await Promise.all(Array.from({ length: 30 }, () => limiter.reserve('refunds', limit))))).toBe(5);
  });

  it('gives back a slot only in the window it was counted in', async () => {
    const first = await limiter.reserve('windows', limit);
    now = new Date(now.getTime() + 61_000);
    for (let i = 0; i < 5; i += 1) expect((await limiter.reserve('windows', limit)).waitSeconds).toBeNull();
    await first.refund();
    expect((await limiter.reserve('windows', limit)).waitSeconds).not.toBeNull();
  });

  it('counts plain hits up to the limit and then answers how long to wait', async () => {
    const waits = [];
    for (let i = 0; i < 7; i += 1) waits.push(await limiter.hit('hits', limit));
    expect(waits).toEqual([null, null, null, null, null, 60, 60]);
  });
});
