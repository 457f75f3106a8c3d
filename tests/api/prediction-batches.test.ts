import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_POOL_OPTIONS, poolMessages, poolOptionsMessages, predictionMessages } from '#contract/index';
import type { Match, Pool, PoolOptions, SignInResponse } from '#contract/index';
import { predictions } from '#server/db/schema';
import type { PickToStore } from '#server/modules/predictions/predictions.repository';
import { unique } from '#tests/support/factories';
import { testAppPerFile, type TestApp } from '#tests/support/test-app';

/**
 * Picks written together (docs/decisions/049-picks-are-written-by-group-commit.md): the picks that arrive at once
 * are stored by one statement, which must refuse each pick exactly as a pick alone is refused, store every allowed
 * one, and keep one row per user, pool and match whatever arrives together.
 */
const t = testAppPerFile({ clock: () => now });
let admin: SignInResponse;
const now = new Date('2026-11-26T12:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
});

const as: TestApp['as'] = (...request) => t.as(...request);

type Shape = { prediction: string } | { scoreHome: number; scoreAway: number };
const send = (who: SignInResponse, pool: Pool, match: Pick<Match, 'id'>, shape: Shape) =>
  as(who, 'POST', '/api/predictions', { ...shape, userId: who.userProfile.id, matchId: match.id, poolId: pool.id });

/** What a pick alone answers: its status, and the message of a refusal. */
const answer = async (res: Awaited<ReturnType<typeof send>>) =>
  res.statusCode < 300 ? res.statusCode : { status: res.statusCode, message: res.json().message as string };

/**
 * A competition of the test's own with an open match, one closing in 10 minutes, one whose kick-off has passed by
 * the server's clock, and one of another competition; pools counting it that refuse picks for each reason.
 */
async function world() {
  const competition = `Lote ${unique()}`;
  const match = (minutesAhead: number, other = false) =>
    t.api.match(admin, {
      competition: other ? `${competition} (otra)` : competition,
      weekNumber: 1,
      round: 'Jornada 1',
      matchDate: new Date(now.getTime() + minutesAhead * MINUTE).toISOString(),
    });
  const [open, soon, started, elsewhere] = [await match(600), await match(10), await match(-1), await match(600, true)];
  const owner = await t.createUser();
  const players = [await t.createUser(), await t.createUser(), await t.createUser()];
  const stranger = await t.createUser();
  const pool = (options: Partial<PoolOptions> = {}, fields: object = {}) =>
    t.api.pool(owner, { competition, fromWeek: 1, players, options: { ...DEFAULT_POOL_OPTIONS, ...options }, ...fields });
  const pools = {
    plain: await pool(),
    closesEarly: await pool({ closeMinutesBefore: 15 }),
    inactive: await pool(),
    exact: await pool({}, { game: { mode: 'exactScore', preset: 'clasica', joker: false, knockoutFromWeek: null } }),
    editable: await pool({ editUntilKickoff: true }),
  };
  expect((await as(owner, 'PATCH', `/api/pools/${pools.inactive.id}`, { isActive: false })).statusCode).toBe(200);
  return { open, soon, started, elsewhere, owner, players, stranger, pools };
}

const rowsOf = (pool: Pool, match: Pick<Match, 'id'>) =>
  t.db
    .select({ userId: predictions.userId, prediction: predictions.prediction })
    .from(predictions)
    .where(and(eq(predictions.poolId, pool.id), eq(predictions.matchId, match.id)));

describe('picks sent at once', () => {
  it('answer each pick as it would be answered alone, allowed and refused mixed', async () => {
    const { open, soon, started, elsewhere, owner, players, stranger, pools } = await world();
    const [ana, beto, carla] = players as [SignInResponse, SignInResponse, SignInResponse];
    expect((await send(carla, pools.plain, open, { prediction: 'home' })).statusCode).toBe(201);

    const sent: [Promise<Awaited<ReturnType<typeof send>>>, unknown][] = [
      [send(ana, pools.plain, open, { prediction: 'home' }), 201],
      [send(stranger, pools.plain, open, { prediction: 'home' }), { status: 403, message: predictionMessages.notParticipant }],
      [send(owner, pools.plain, open, { prediction: 'home' }), { status: 403, message: predictionMessages.creatorCannotPredict }],
      [send(ana, pools.inactive, open, { prediction: 'home' }), { status: 409, message: poolMessages.inactive }],
      [send(ana, pools.plain, started, { prediction: 'home' }), { status: 409, message: predictionMessages.matchStarted }],
      [send(ana, pools.closesEarly, soon, { prediction: 'home' }), { status: 409, message: poolOptionsMessages.picksClosed }],
      [send(ana, pools.plain, elsewhere, { prediction: 'home' }), { status: 409, message: predictionMessages.matchNotInPool }],
      [send(ana, pools.exact, open, { prediction: 'home' }), { status: 400, message: predictionMessages.wrongShape.exactScore }],
      [send(carla, pools.plain, open, { prediction: 'away' }), { status: 409, message: predictionMessages.alreadyPredicted }],
      [send(beto, pools.exact, open, { scoreHome: 2, scoreAway: 1 }), 201],
      [send(beto, pools.plain, soon, { prediction: 'draw' }), 201],
      [send(beto, pools.closesEarly, open, { prediction: 'away' }), 201],
    ];
    const answers = await Promise.all(sent.map(async ([res]) => answer(await res)));
    expect(answers).toEqual(sent.map(([, expected]) => expected));

    expect(await rowsOf(pools.plain, open)).toEqual(
      expect.arrayContaining([
        { userId: ana.userProfile.id, prediction: 'home' },
        { userId: carla.userProfile.id, prediction: 'home' },
      ]),
    );
    expect(await rowsOf(pools.plain, open)).toHaveLength(2);
    expect(await rowsOf(pools.exact, open)).toEqual([{ userId: beto.userProfile.id, prediction: 'home' }]);
    for (const [pool, match] of [[pools.inactive, open], [pools.plain, started], [pools.closesEarly, soon], [pools.plain, elsewhere]] as const)
      expect(await rowsOf(pool, match)).toEqual([]);
  });

  it('store every pick of different users and matches', async () => {
    const { open, soon, players, pools } = await world();
    const sent = players.flatMap((player) => [open, soon].map((match) => send(player, pools.plain, match, { prediction: 'draw' })));
    expect((await Promise.all(sent)).map((res) => res.statusCode)).toEqual(sent.map(() => 201));
    for (const match of [open, soon]) expect(await rowsOf(pools.plain, match)).toHaveLength(players.length);
  });

  it('of one user, pool and match: exactly one stored, one 201, the others the 409 of a second pick', async () => {
    const { open, players, pools } = await world();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(players[0]!, pools.plain, open, { prediction: 'away' })));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(predictionMessages.alreadyPredicted);
    }
    expect(await rowsOf(pools.plain, open)).toEqual([{ userId: players[0]!.userProfile.id, prediction: 'away' }]);
  });

  it('changing one pick in a pool that allows it: one row, holding one of the values sent', async () => {
    const { open, players, pools } = await world();
    const choices = ['home', 'draw', 'away', 'home', 'draw', 'away'];
    const answers = await Promise.all(choices.map((prediction) => send(players[0]!, pools.editable, open, { prediction })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await rowsOf(pools.editable, open);
    expect(rows).toHaveLength(1);
    expect(choices).toContain(rows[0]!.prediction);
  });
});

describe('picks stored in one statement (the repository, all in one turn)', () => {
  const pickOf = (who: SignInResponse, pool: Pool, match: Pick<Match, 'id'>, prediction: PickToStore['prediction'] = 'home') =>
    ({
      poolId: pool.id,
      userId: who.userProfile.id,
      matchId: match.id,
      prediction,
      scoreHome: null,
      scoreAway: null,
      mode: 'outcome',
    }) satisfies PickToStore;
  const store = (picks: PickToStore[]) =>
    Promise.allSettled(picks.map((pick) => t.app.services.repositories.predictions.insertWhereAllowed(pick, now)));
  const storedOrNot = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === 'rejected' ? 'failed' : r.value === null ? 'refused' : 'stored'));

  it('refuse, row by row, what the rules refuse, and store the rest', async () => {
    const { open, soon, started, elsewhere, owner, players, stranger, pools } = await world();
    const [ana, beto] = players as [SignInResponse, SignInResponse];
    const results = await store([
      pickOf(ana, pools.plain, open),
      pickOf(stranger, pools.plain, open),
      pickOf(owner, pools.plain, open),
      pickOf(ana, pools.inactive, open),
      pickOf(ana, pools.plain, started),
      pickOf(ana, pools.closesEarly, soon),
      pickOf(ana, pools.plain, elsewhere),
      pickOf(ana, pools.exact, open),
      { ...pickOf(ana, pools.exact, soon), scoreHome: 0, scoreAway: 0, prediction: 'draw', mode: 'exactScore' },
      pickOf(beto, pools.plain, open, 'away'),
      pickOf(ana, pools.plain, open, 'draw'),
    ]);
    expect(storedOrNot(results)).toEqual([
      'stored',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'stored',
      'stored',
      'refused', // Ana's second pick of the match: the first one stays.
    ]);
    expect(await rowsOf(pools.plain, open)).toEqual(
      expect.arrayContaining([
        { userId: ana.userProfile.id, prediction: 'home' },
        { userId: beto.userProfile.id, prediction: 'away' },
      ]),
    );
  });

  it('change a pick in the order its changes arrived: the last one sent is the one kept', async () => {
    const { open, players, pools } = await world();
    const choices = ['home', 'draw', 'away', 'draw'] as const;
    const results = await store(choices.map((choice) => pickOf(players[0]!, pools.editable, open, choice)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value?.created : r.status))).toEqual([true, false, false, false]);
    expect(await rowsOf(pools.editable, open)).toEqual([{ userId: players[0]!.userProfile.id, prediction: 'draw' }]);
  });

  it('fail only the pick the database refuses, and store the others of its batch', async () => {
    const { open, players, pools } = await world();
    const [ana, beto, carla] = players as [SignInResponse, SignInResponse, SignInResponse];
    // A score whose outcome is not the prediction breaks a check constraint (the contract never lets one through).
    const broken: PickToStore = { ...pickOf(beto, pools.exact, open), prediction: 'away', scoreHome: 2, scoreAway: 1, mode: 'exactScore' };
    const results = await store([pickOf(ana, pools.plain, open), broken, pickOf(carla, pools.plain, open)]);
    expect(storedOrNot(results)).toEqual(['stored', 'failed', 'stored']);
    expect(await rowsOf(pools.plain, open)).toHaveLength(2);
    expect(await rowsOf(pools.exact, open)).toEqual([]);
  });
});
