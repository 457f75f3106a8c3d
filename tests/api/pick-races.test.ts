import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match, SignInResponse } from '#contract/index';
import { pools, predictions } from '#server/db/schema';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Picks racing what changes a pool's players or game (an independent pass found both on PostgreSQL, whose
 * connections write in parallel; PGlite's one session never raced): picks sent within milliseconds of a player's
 * removal left picks of a non-member (11 rounds of 30), and a new game mode slipped past the first picks (3 of 20).
 * The pick statement key-share locks the pool's row and the player's place (predictions.repository.ts).
 */
let t: TestApp;
let admin: SignInResponse;
const ROUNDS = 20;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
}, 60_000);
afterAll(() => t.close());

const as: TestApp['as'] = (...request) => t.as(...request);

async function matchesAhead(n: number): Promise<Match[]> {
  const list: Match[] = [];
  for (let i = 0; i < n; i += 1) list.push(await t.api.match(admin, { matchDate: new Date(Date.now() + 86_400_000).toISOString() }));
  return list;
}

/** A new player of a new pool, and `sendPicks`: their picks (`prediction`) of `matches`, all sent at once. */
async function newPlayerOfNewPool(matches: Match[], prediction: string) {
  const [owner, player] = [await t.createUser(), await t.createUser()];
  const pool = await t.api.pool(owner, { players: [player] });
  const sendPicks = () =>
    matches.map((match) => as(player, 'POST', '/api/predictions', { prediction, userId: player.userProfile.id, matchId: match.id, poolId: pool.id }));
  return { owner, player, pool, sendPicks };
}

const picksOf = async (poolId: number, userId?: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(predictions)
      .where(userId === undefined ? eq(predictions.poolId, poolId) : and(eq(predictions.poolId, poolId), eq(predictions.userId, userId)))
  )[0]!.n;

describe('picks racing', () => {
  it('a removal: no pick of a removed player is left, whatever arrives at the same moment', async () => {
    const matches = await matchesAhead(10);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { owner, player, pool, sendPicks } = await newPlayerOfNewPool(matches, 'home');
      const picks = sendPicks();
      const removal = as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${player.userProfile.id}`);
      const [removed] = await Promise.all([removal, ...picks]);
      expect(removed.statusCode).toBe(200);
      expect(await picksOf(pool.id, player.userProfile.id), `round ${round}`).toBe(0);
    }
  }, 120_000);

  it('a new game mode: never a mode that its pool’s picks were not made for', async () => {
    const matches = await matchesAhead(3);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { owner, pool, sendPicks } = await newPlayerOfNewPool(matches, 'draw');
      const picks = sendPicks();
      const change = as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { game: { mode: 'exactScore' } });
      const [changed] = await Promise.all([change, ...picks]);
      const [{ mode }] = (await t.db.select({ mode: pools.gameMode }).from(pools).where(eq(pools.id, pool.id))) as [{ mode: string }];
      const stored = await picksOf(pool.id);
      // Either the change won (no 1X2 pick was stored) or the picks did (the change was refused with 409).
      if (changed.statusCode === 200) expect({ round, mode, stored }).toEqual({ round, mode: 'exactScore', stored: 0 });
      else expect({ round, status: changed.statusCode, mode }).toEqual({ round, status: 409, mode: 'outcome' });
    }
  }, 120_000);
});
