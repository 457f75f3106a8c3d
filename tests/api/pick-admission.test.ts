import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_POOL_OPTIONS,
  poolMessages,
  poolOptionsMessages,
  predictionMessages,
  type Match,
  type MatchStatus,
  type Pool,
  type PoolOptions,
  type Prediction,
  type SignInResponse,
} from '#contract/index';
import { queryRows } from '#server/db/client';
import { pickClosure, pickOpenSql } from '#server/modules/predictions/pick-admission';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * A pick's admission (server/modules/predictions/pick-admission.ts) in a pool whose picks close before kick-off
 * ("Cierre antes del partido"): between the close and kick-off a pick is refused, and so is every change of the
 * comodín on it (docs/decisions/073-the-comodin-closes-with-its-pick.md); the SQL twin of the close is held equal
 * to the TypeScript one.
 */
let t: TestApp;
let admin: SignInResponse;
let owner: SignInResponse;
let ana: SignInResponse;
let beto: SignInResponse;
let now = new Date('2026-11-29T12:00:00Z');
const MINUTE = 60_000;
const CLOSE = 45;
let competitions = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.createUser({ role: 'admin' });
  [owner, ana, beto] = await Promise.all([t.createUser(), t.createUser({ name: 'Ana' }), t.createUser({ name: 'Beto' })]);
});
afterAll(() => t.close());

/** A jornada of a competition of the test's own, two matches kicking off in 60 and 120 minutes, and a pool counting it with the comodín. */
async function jornadaPool(options: Partial<PoolOptions>) {
  const competition = `Cierre ${++competitions}`;
  const games: Match[] = [];
  for (const minutes of [60, 120]) {
    games.push(await t.api.match(admin, { competition, weekNumber: 1, matchDate: new Date(now.getTime() + minutes * MINUTE).toISOString() }));
  }
  const pool = await t.api.pool(owner, {
    competition,
    fromWeek: 1,
    game: { mode: 'outcome', joker: true, knockoutFromWeek: null },
    options: { ...DEFAULT_POOL_OPTIONS, ...options },
    players: [ana, beto],
  });
  return { pool, first: games[0]!, second: games[1]! };
}

/** A refused call: its answer's message, once its status code is the one expected. */
async function refused(who: SignInResponse, method: 'POST' | 'PUT', path: string, body: object, status = 409): Promise<string> {
  return (await t.api.call<{ message: string }>(who, method, path, { body, status })).message;
}
const pickBody = (who: SignInResponse, pool: Pool, match: Match, prediction: string) => ({
  prediction,
  userId: who.userProfile.id,
  matchId: match.id,
  poolId: pool.id,
});
const jokerPath = (pool: Pool) => `/api/predictions/pool/${pool.id}/joker`;

/** `who`'s picks in `pool`, by match: whether each holds the comodín. */
async function jokers(who: SignInResponse, pool: Pool) {
  const { data } = await t.api.call<{ data: Prediction[] }>(who, 'GET', '/api/predictions');
  return Object.fromEntries(data.filter((p) => p.poolId === pool.id).map((p) => [p.matchId, p.joker]));
}

/** The server's clock moves `minutes` on (each test makes its matches from where the clock is). */
const wait = (minutes: number) => {
  now = new Date(now.getTime() + minutes * MINUTE);
};

describe('a pool whose picks close before kick-off', () => {
  it('refuses a pick after the close, before kick-off: a new one, and a change where picks can be changed', async () => {
    const { pool, first } = await jornadaPool({ closeMinutesBefore: CLOSE, editUntilKickoff: true });
    await t.api.predict(ana, pool, first, 'home');
    // A minute before the close: open.
    wait(14);
    await t.api.predict(beto, pool, first, 'away');
    await t.api.call(ana, 'POST', '/api/predictions', { body: pickBody(ana, pool, first, 'draw'), status: 200 });
    // 44 minutes before kick-off: closed, not started.
    wait(2);
    expect(await refused(beto, 'POST', '/api/predictions', pickBody(beto, pool, first, 'home'))).toBe(poolOptionsMessages.picksClosed);
    expect(await refused(ana, 'POST', '/api/predictions', pickBody(ana, pool, first, 'away'))).toBe(poolOptionsMessages.picksClosed);
  });

  it('closes the comodín with its pick: it cannot be taken, dropped or moved away after the close', async () => {
    const { pool, first, second } = await jornadaPool({ closeMinutesBefore: CLOSE });
    for (const match of [first, second]) await t.api.predict(ana, pool, match, 'home');
    await t.api.predict(beto, pool, first, 'away');
    await t.api.joker(ana, pool, first);

    wait(16);
    // Its own match: neither off nor on.
    expect(await refused(ana, 'PUT', jokerPath(pool), { matchId: first.id, joker: false })).toBe(poolOptionsMessages.picksClosed);
    expect(await refused(beto, 'PUT', jokerPath(pool), { matchId: first.id, joker: true })).toBe(poolOptionsMessages.picksClosed);
    // The second match is still open, but the comodín would leave a closed pick.
    expect(await refused(ana, 'PUT', jokerPath(pool), { matchId: second.id, joker: true })).toBe(predictionMessages.jokerClosed);
    expect(await jokers(ana, pool)).toEqual({ [first.id]: true, [second.id]: false });
    // From kick-off, as before: the match has started, and the comodín is locked on it.
    wait(44);
    expect(await refused(ana, 'PUT', jokerPath(pool), { matchId: first.id, joker: false })).toBe(predictionMessages.matchStarted);
    expect(await refused(ana, 'PUT', jokerPath(pool), { matchId: second.id, joker: true })).toBe(predictionMessages.jokerLocked);
  });

  it('lets the comodín move while both picks are open, up to the close', async () => {
    const { pool, first, second } = await jornadaPool({ closeMinutesBefore: CLOSE });
    for (const match of [first, second]) await t.api.predict(ana, pool, match, 'home');
    await t.api.joker(ana, pool, first);
    wait(14);
    expect((await t.api.joker(ana, pool, second)).joker).toBe(true);
    expect((await t.api.joker(ana, pool, first)).joker).toBe(true);
    expect(await jokers(ana, pool)).toEqual({ [first.id]: true, [second.id]: false });
  });
});

describe("the specification's close (at kick-off)", () => {
  it('moves the comodín up to kick-off, as before', async () => {
    const { pool, first, second } = await jornadaPool({});
    for (const match of [first, second]) await t.api.predict(ana, pool, match, 'home');
    await t.api.joker(ana, pool, first);
    wait(59);
    expect((await t.api.joker(ana, pool, second)).joker).toBe(true);
    expect((await t.api.joker(ana, pool, first)).joker).toBe(true);
  });
});

describe('an inactive pool', () => {
  it('refuses the comodín as it refuses a pick', async () => {
    const { pool, first } = await jornadaPool({});
    await t.api.predict(ana, pool, first, 'home');
    await t.api.call(owner, 'PATCH', `/api/pools/${pool.id}`, { body: { isActive: false } });
    expect(await refused(beto, 'POST', '/api/predictions', pickBody(beto, pool, first, 'away'))).toBe(poolMessages.inactive);
    expect(await refused(ana, 'PUT', jokerPath(pool), { matchId: first.id, joker: true })).toBe(poolMessages.inactive);
  });
});

describe('the close of picks', () => {
  it('pickClosure and its SQL twin pickOpenSql agree', async () => {
    const kickoff = Date.parse('2027-03-28T01:30:00.000Z');
    const statuses: MatchStatus[] = ['scheduled', 'live', 'finished'];
    for (const closeMinutesBefore of [0, 1, CLOSE, 1440]) {
      for (const status of statuses) {
        for (const minutes of [-2000, -1440, -46, -45, -44, -1, 0, 1, 90]) {
          const at = kickoff + minutes * MINUTE;
          const [row] = await queryRows<{ open: boolean }>(
            t.db,
            sql`select ${pickOpenSql(sql`p`, sql`m`, sql`${new Date(at).toISOString()}::timestamptz`)} as open
                from (select ${closeMinutesBefore}::int as close_minutes_before) p
                cross join (select ${status}::text as status, ${new Date(kickoff).toISOString()}::timestamptz as match_date) m`,
          );
          const match = { status, matchDate: new Date(kickoff).toISOString() };
          expect(row!.open, `${status}, ${closeMinutesBefore} min, at ${minutes}`).toBe(pickClosure(match, { closeMinutesBefore }, at) === null);
        }
      }
    }
  });
});
