import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_GAME_RULES,
  PRESET_POINTS,
  gameRulesMessages,
  predictionMessages,
  type CreatePoolBody,
  type Match,
  type Pool,
  type PoolResults,
  type Prediction,
  type RankingResponse,
  type SignInResponse,
} from '#contract/index';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * A pool's game (contract/game-rules.ts) through the API: chosen at creation and answered with the pool; the pick's
 * shape by the pool's mode; exact-score points by preset and custom values; the comodín (one per jornada, movable
 * until its pick closes, at kick-off by default: decision 073); the knock-out multiplier. The rule itself is held
 * equal in SQL and TypeScript by scoring-rule.test.ts.
 */
let t: TestApp;
let now = new Date('2026-11-21T12:00:00Z');
let admin: SignInResponse;
let owner: SignInResponse;
let ana: SignInResponse;
let beto: SignInResponse;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.createUser({ role: 'admin' });
  owner = await t.createUser();
  ana = await t.createUser({ name: 'Ana' });
  beto = await t.createUser({ name: 'Beto' });
});
afterAll(() => t.close());

const send = (who: SignInResponse, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.injectAs(who.session.accessToken, { method, url, ...(payload ? { payload } : {}) });
const createPool = (game: unknown, more: object = {}) =>
  send(owner, 'POST', '/api/pools', { name: 'Reglas', invitationCode: 100000 + Math.floor(Math.random() * 900000), creatorId: owner.userProfile.id, game, ...more });
const pick = (who: SignInResponse, pool: Pool, match: Match, shape: object) =>
  send(who, 'POST', '/api/predictions', { ...shape, userId: who.userProfile.id, matchId: match.id, poolId: pool.id });
const joker = (who: SignInResponse, pool: Pool, match: Match, on = true) =>
  send(who, 'PUT', `/api/predictions/pool/${pool.id}/joker`, { matchId: match.id, joker: on });
const pointsOf = async (pool: Pool) => {
  const res = await send(owner, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
  expect(res.statusCode, res.body).toBe(200);
  const { positions } = res.json<RankingResponse>().leaderboard;
  return Object.fromEntries(positions.map((row) => [row.username, row.points]));
};
/** A pool of a competition of the test's own, whose matches are made first (weeks 1–3), with Ana and Beto in it. */
let competitions = 0;
async function cupPool(game: CreatePoolBody['game']) {
  const competition = `copa-${++competitions}`;
  const games: Match[] = [];
  for (const weekNumber of [1, 1, 2, 3]) games.push(await t.api.match(admin, { competition, weekNumber, matchDate: at(HOUR * (games.length + 1)) }));
  const pool = await t.api.pool(owner, { competition, fromWeek: 1, game, players: [ana, beto] });
  return { pool, games };
}
const clasica: CreatePoolBody['game'] = { mode: 'exactScore', preset: 'clasica', joker: false, knockoutFromWeek: null };

describe('the game a pool is created with', () => {
  it('is the specification\'s game when the body has none, and is answered with the pool', async () => {
    const pool = (await createPool(undefined)).json<{ data: Pool }>().data;
    expect(pool.game).toEqual(DEFAULT_GAME_RULES);
    const made = (await createPool({ mode: 'exactScore', preset: 'polla', joker: true })).json<{ data: Pool }>().data;
    expect(made.game).toEqual({ mode: 'exactScore', preset: 'polla', points: PRESET_POINTS.polla, joker: true, knockoutFromWeek: null });
    const read = await send(owner, 'GET', `/api/pools/${made.id}`);
    expect(read.json<{ data: Pool }>().data.game).toEqual(made.game);
    const listed = await send(owner, 'GET', `/api/pools/user/${owner.userProfile.id}/owned`);
    expect(listed.json<{ data: { pools: Pool[] } }>().data.pools.find((p) => p.id === made.id)?.game).toEqual(made.game);
    const custom = (await createPool({ mode: 'exactScore', preset: 'custom', points: { exact: 6, difference: 3, outcome: 3, teamGoals: 1 } })).json<{ data: Pool }>().data;
    expect(custom.game.points).toEqual({ exact: 6, difference: 3, outcome: 3, teamGoals: 1 });
  });

  it('refuses a game it cannot play with a Spanish message', async () => {
    const refused = async (game: unknown, message: string, more: object = {}) => {
      const res = await createPool(game, more);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await refused({ mode: 'penaltis' }, 'El modo de juego debe ser outcome, exactScore o laQuiniela.');
    await refused({ mode: 'exactScore', preset: 'custom' }, gameRulesMessages.customPointsRequired);
    await refused({ mode: 'exactScore', preset: 'custom', points: { exact: 1, difference: 2, outcome: 0, teamGoals: 0 } }, gameRulesMessages.pointsOrder);
    await refused({ mode: 'exactScore', preset: 'custom', points: { exact: 11, difference: 2, outcome: 0, teamGoals: 0 } }, 'entre 0 y 10');
    await refused({ mode: 'outcome', preset: 'polla' }, gameRulesMessages.presetOnlyExact);
  });

  it('checks the knock-out round against the pool\'s competition', async () => {
    const { pool } = await cupPool({ ...clasica, knockoutFromWeek: 3 });
    expect(pool.game.knockoutFromWeek).toBe(3);
    await t.api.match(admin, { competition: 'copa-ronda', weekNumber: 1, matchDate: at(HOUR) });
    const res = await createPool({ mode: 'outcome', knockoutFromWeek: 7 }, { competition: 'copa-ronda', fromWeek: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(gameRulesMessages.knockoutRoundUnknown);
  });
});

describe('picks of the pool\'s shape', () => {
  it('takes scores in an exact-score pool and a choice in a 1X2 pool, and says which fields a wrong shape should have', async () => {
    const { pool, games } = await cupPool(clasica);
    const [first] = games as [Match];
    const made = await pick(ana, pool, first, { scoreHome: 2, scoreAway: 1 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<{ data: Prediction }>().data).toMatchObject({ prediction: 'home', scoreHome: 2, scoreAway: 1, joker: false });
    const choice = await pick(beto, pool, first, { prediction: 'home' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().message).toBe(predictionMessages.wrongShape.exactScore);
    for (const shape of [{ scoreHome: 2 }, { prediction: 'home', scoreHome: 1, scoreAway: 0 }, {}]) {
      const res = await pick(beto, pool, first, shape);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(predictionMessages.pickShape);
    }
    const tooMany = await pick(beto, pool, first, { scoreHome: 21, scoreAway: 0 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('entre 0 y 20');
    expect((await pick(ana, pool, first, { scoreHome: 0, scoreAway: 0 })).statusCode).toBe(409);

    const plain = await cupPool(undefined);
    const scores = await pick(ana, plain.pool, plain.games[0]!, { scoreHome: 1, scoreAway: 0 });
    expect(scores.statusCode).toBe(400);
    expect(scores.json().message).toBe(predictionMessages.wrongShape.outcome);
    expect((await pick(ana, plain.pool, plain.games[0]!, { prediction: 'away' })).statusCode).toBe(201);
  });
});

describe('exact-score points', () => {
  it('"Clásica": 3 for the exact score, 2 for the goal difference, 1 for the outcome; shown in Resultados and the distribution', async () => {
    const { pool, games } = await cupPool(clasica);
    const [first, second] = games as [Match, Match];
    await t.api.predict(ana, pool, first, { scoreHome: 2, scoreAway: 1 });
    await t.api.predict(beto, pool, first, { scoreHome: 3, scoreAway: 0 });
    await t.api.predict(ana, pool, second, { scoreHome: 1, scoreAway: 1 });
    await t.api.predict(beto, pool, second, { scoreHome: 0, scoreAway: 2 });
    await t.api.result(admin, first, 2, 1);
    expect(await pointsOf(pool)).toEqual({ Ana: 3, Beto: 1 });
    await t.api.result(admin, second, 3, 3);
    expect(await pointsOf(pool)).toEqual({ Ana: 5, Beto: 1 });
    // A correction moves the picks of that match only.
    await t.api.result(admin, first, 3, 2);
    expect(await pointsOf(pool)).toEqual({ Ana: 4, Beto: 1 });

    now = new Date(now.getTime() + 3 * HOUR);
    try {
      const res = await send(ana, 'GET', `/api/predictions/pool/${pool.id}/results?weekNumber=1`);
      const shown = res.json<{ data: PoolResults }>().data.matches.find((m) => m.id === first.id)!;
      expect(shown).toMatchObject({ ownPick: 'home', ownScoreHome: 2, ownScoreAway: 1, ownPoints: 2, pointsByPick: null });
      expect(shown.picks!.shown).toEqual([
        { userId: ana.userProfile.id, username: 'Ana', prediction: 'home', scoreHome: 2, scoreAway: 1, joker: false, points: 2 },
        { userId: beto.userProfile.id, username: 'Beto', prediction: 'home', scoreHome: 3, scoreAway: 0, joker: false, points: 1 },
      ]);
      const distribution = await send(beto, 'GET', `/api/predictions/pool/${pool.id}/match/${first.id}`);
      expect(distribution.json().data.picks).toMatchObject([{ username: 'Ana', scoreHome: 2, scoreAway: 1 }, { username: 'Beto', scoreHome: 3, scoreAway: 0 }]);
    } finally {
      now = new Date(now.getTime() - 3 * HOUR);
    }
  });

  it('"Polla" and custom points score by their values', async () => {
    const polla = await cupPool({ mode: 'exactScore', preset: 'polla', joker: false, knockoutFromWeek: null });
    await t.api.predict(ana, polla.pool, polla.games[0]!, { scoreHome: 2, scoreAway: 0 });
    await t.api.predict(beto, polla.pool, polla.games[0]!, { scoreHome: 2, scoreAway: 2 });
    await t.api.result(admin, polla.games[0]!, 2, 1);
    expect(await pointsOf(polla.pool)).toEqual({ Ana: 3, Beto: 1 });

    const points = { exact: 9, difference: 5, outcome: 4, teamGoals: 0 };
    const custom = await cupPool({ mode: 'exactScore', preset: 'custom', points, joker: false, knockoutFromWeek: null });
    await t.api.predict(ana, custom.pool, custom.games[0]!, { scoreHome: 1, scoreAway: 0 });
    await t.api.predict(beto, custom.pool, custom.games[0]!, { scoreHome: 3, scoreAway: 2 });
    await t.api.result(admin, custom.games[0]!, 1, 0);
    expect(await pointsOf(custom.pool)).toEqual({ Ana: 9, Beto: 5 });
  });
});

describe('the comodín', () => {
  it('is refused in a pool without it and without a pick', async () => {
    const plain = await cupPool(clasica);
    await t.api.predict(ana, plain.pool, plain.games[0]!, { scoreHome: 1, scoreAway: 0 });
    const off = await joker(ana, plain.pool, plain.games[0]!);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(predictionMessages.jokerOff);
    const { pool, games } = await cupPool({ ...clasica, joker: true });
    const none = await joker(ana, pool, games[0]!);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(predictionMessages.jokerNeedsPick);
    await t.api.predict(beto, pool, games[0]!, { scoreHome: 1, scoreAway: 0 });
    expect((await joker(owner, pool, games[0]!)).statusCode).toBe(403);
  });

  it('is one per jornada, moves until the kick-off of both matches, and doubles the points', async () => {
    const { pool, games } = await cupPool({ ...clasica, joker: true });
    const [first, second, third] = games as [Match, Match, Match];
    for (const match of [first, second, third]) await t.api.predict(ana, pool, match, { scoreHome: 1, scoreAway: 0 });
    await t.api.joker(ana, pool, first);
    // Another match of the jornada takes it; one of another jornada does not touch it.
    expect((await t.api.joker(ana, pool, second)).joker).toBe(true);
    expect((await t.api.joker(ana, pool, third)).joker).toBe(true);
    const own = (await t.api.call<{ data: Prediction[] }>(ana, 'GET', '/api/predictions')).data.filter((p) => p.poolId === pool.id);
    expect(Object.fromEntries(own.map((p) => [p.matchId, p.joker]))).toEqual({ [first.id]: false, [second.id]: true, [third.id]: true });
    // The first match kicks off: the comodín can still move between the others, not onto it.
    now = new Date(now.getTime() + HOUR);
    try {
      const late = await joker(ana, pool, first);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(predictionMessages.matchStarted);
      await t.api.joker(ana, pool, second, false);
      await t.api.joker(ana, pool, second);
      // The second kicks off with it: it stays there.
      now = new Date(now.getTime() + HOUR);
      await t.api.predict(beto, pool, third, { scoreHome: 2, scoreAway: 0 });
      await t.api.result(admin, second, 1, 0);
      await t.api.result(admin, third, 1, 0);
      expect(await pointsOf(pool)).toEqual({ Ana: 6 + 6, Beto: 1 });
    } finally {
      now = new Date(now.getTime() - 2 * HOUR);
    }
    const locked = await joker(ana, pool, first);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(predictionMessages.jokerLocked);
  });

  it('stays one per jornada when two changes arrive at once', async () => {
    const { pool, games } = await cupPool({ ...clasica, joker: true });
    const [first, second] = games as [Match, Match];
    for (const match of [first, second]) await t.api.predict(beto, pool, match, { scoreHome: 0, scoreAway: 0 });
    const answers = await Promise.all([joker(beto, pool, first), joker(beto, pool, second), joker(beto, pool, first), joker(beto, pool, second)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const own = (await t.api.call<{ data: Prediction[] }>(beto, 'GET', '/api/predictions')).data.filter((p) => p.poolId === pool.id);
    expect(own.filter((p) => p.joker)).toHaveLength(1);
  });
});

describe('the knock-out multiplier', () => {
  it('doubles the points of the matches from its round on, also in a 1X2 pool, and follows a match moved across it', async () => {
    const { pool, games } = await cupPool({ mode: 'outcome', joker: false, knockoutFromWeek: 2 });
    const [first, , third] = games as [Match, Match, Match];
    await t.api.predict(ana, pool, first, 'home');
    await t.api.predict(ana, pool, third, 'home');
    await t.api.result(admin, first, 1, 0);
    await t.api.result(admin, third, 1, 0);
    expect(await pointsOf(pool)).toEqual({ Ana: 3 + 6, Beto: 0 });
    await t.api.updateMatch(admin, first, { weekNumber: 3 });
    expect(await pointsOf(pool)).toEqual({ Ana: 12, Beto: 0 });
  });
});
