import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Match, Pool, PredictionChoice, SignInResponse, Team } from '#contract/index';
import { predictions, standings } from '#server/db/schema';
import { createStandingsRepository } from '#server/modules/leaderboard/standings.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
let now = new Date('2026-11-21T12:00:00Z');
let admin: SignInResponse;
let home: Team;
let away: Team;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.createUser({ role: 'admin' });
  home = await t.api.team(admin, { name: 'Local FC' });
  away = await t.api.team(admin, { name: 'Visitante CF' });
});
afterAll(() => t.close());

const as: TestApp['as'] = (...request) => t.as(...request);

const newMatch = (kickoff = '2026-11-28T20:00:00Z') => t.api.match(admin, { matchDate: kickoff, homeTeamId: home.id, awayTeamId: away.id });

/** A pick as sent, to assert on the answer (setting up a pick is `t.api.predict`). */
const predict = (who: SignInResponse, pool: Pool, match: Match, prediction: PredictionChoice) =>
  as(who, 'POST', '/api/predictions', { prediction, userId: who.userProfile.id, matchId: match.id, poolId: pool.id });

describe('predictions', () => {
  it('stores a participant\'s pick and returns it', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();
    const res = await predict(player, pool, match, 'home');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ prediction: 'home', userId: player.userProfile.id, matchId: match.id, poolId: pool.id });
    const mine = await as(player, 'GET', `/api/predictions/user/${player.userProfile.id}`);
    expect(mine.json().data).toEqual([expect.objectContaining({ id: res.json().data.id })]);
  });

  it('enforces every rule with its own answer', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const stranger = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();

    expect((await predict(owner, pool, match, 'home')).json().message).toBe('El creador de la quiniela no participa en los pronósticos.');
    expect((await predict(stranger, pool, match, 'home')).statusCode).toBe(403);
    expect((await predict(player, pool, match, 'home')).statusCode).toBe(201);
    const second = await predict(player, pool, match, 'away');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Ya enviaste una predicción para este partido en esta quiniela.');

    const forged = await as(player, 'POST', '/api/predictions', { prediction: 'home', userId: stranger.userProfile.id, matchId: match.id, poolId: pool.id });
    expect(forged.statusCode).toBe(403);
    expect((await as(player, 'POST', '/api/predictions', { prediction: 'win', userId: player.userProfile.id, matchId: match.id, poolId: pool.id })).json().message).toBe(
      'La predicción debe ser home, draw o away.',
    );
    expect((await as(player, 'POST', '/api/predictions', { prediction: 'home', userId: player.userProfile.id, matchId: 999999, poolId: pool.id })).statusCode).toBe(404);
    expect((await as(player, 'GET', `/api/predictions/user/${stranger.userProfile.id}`)).statusCode).toBe(403);
    expect((await as(player, 'DELETE', `/api/predictions/${second.json().statusCode}`)).statusCode).toBe(403);
  });

  it('refuses picks in a pool its creator made inactive', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();
    expect((await as(owner, 'PATCH', `/api/pools/${pool.id}`, { isActive: false })).statusCode).toBe(200);
    const refused = await predict(player, pool, match, 'home');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('La quiniela no está activa.');
    expect((await as(owner, 'PATCH', `/api/pools/${pool.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await predict(player, pool, match, 'home')).statusCode).toBe(201);
  });

  it('closes picks at kick-off by server time, and for live or finished matches', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const kickoff = await newMatch(new Date(now.getTime() + 60_000).toISOString());
    const saved = now;
    now = new Date(now.getTime() + 60_000);
    try {
      const late = await predict(player, pool, kickoff, 'draw');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('El partido ya comenzó.');
    } finally {
      now = saved;
    }
    // An admin marks it live as it kicks off (its kick-off moves to now with it).
    const live = await newMatch();
    await t.api.updateMatch(admin, live, { status: 'live', matchDate: now.toISOString() });
    expect((await predict(player, pool, live, 'draw')).json().message).toBe('El partido ya comenzó.');
  });

  it('stores exactly one of many identical picks sent at once', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();
    const results = await Promise.all(Array.from({ length: 20 }, () => predict(player, pool, match, 'away')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const [row] = await t.db.select({ n: count() }).from(predictions).where(eq(predictions.matchId, match.id));
    expect(row?.n).toBe(1);
  });

  it('keeps other people\'s picks hidden until kick-off, then shows the distribution to members', async () => {
    const owner = await t.createUser();
    const ana = await t.createUser({ name: 'Ana' });
    const beto = await t.createUser({ name: 'Beto' });
    const stranger = await t.createUser();
    const pool = await t.api.pool(owner, { players: [ana, beto] });
    const match = await newMatch(new Date(now.getTime() + 3_600_000).toISOString());
    const anaPick = await t.api.predict(ana, pool, match, 'home');
    await t.api.predict(beto, pool, match, 'draw');

    const url = `/api/predictions/pool/${pool.id}/match/${match.id}`;
    const hidden = await as(beto, 'GET', url);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('Los pronósticos de los demás se ven cuando empieza el partido.');
    // A hidden pick is as unknown as one that does not exist: its id tells nothing, to members or admins.
    expect((await as(beto, 'GET', `/api/predictions/${anaPick.id}`)).statusCode).toBe(404);
    expect((await as(beto, 'GET', `/api/predictions/999999`)).statusCode).toBe(404);
    expect((await as(beto, 'GET', `/api/predictions/user/${ana.userProfile.id}`)).statusCode).toBe(403);
    // An admin (who may play too) reads another's list, but not its picks of matches still to come.
    const admin = await t.createUser({ role: 'admin' });
    expect((await as(admin, 'GET', `/api/predictions/${anaPick.id}`)).statusCode).toBe(404);
    expect((await as(admin, 'GET', `/api/predictions/user/${ana.userProfile.id}`)).json().data).toEqual([]);

    const saved = now;
    now = new Date(now.getTime() + 3_600_000);
    try {
      const shown = await as(beto, 'GET', url);
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data).toMatchObject({
        matchId: match.id,
        counts: { home: 1, draw: 1, away: 0 },
        picks: [
          { userId: ana.userProfile.id, username: 'Ana', prediction: 'home' },
          { userId: beto.userProfile.id, username: 'Beto', prediction: 'draw' },
        ],
      });
      expect((await as(owner, 'GET', url)).statusCode).toBe(200);
      expect((await as(stranger, 'GET', url)).statusCode).toBe(403);
      // From kick-off, a member and an admin read the pick, and the admin the list.
      expect((await as(beto, 'GET', `/api/predictions/${anaPick.id}`)).json().data).toMatchObject({ id: anaPick.id });
      expect((await as(admin, 'GET', `/api/predictions/user/${ana.userProfile.id}`)).json().data).toEqual([
        expect.objectContaining({ id: anaPick.id, matchId: match.id }),
      ]);
      expect((await as(beto, 'GET', `/api/predictions/${anaPick.id}`)).statusCode).toBe(200);
    } finally {
      now = saved;
    }
  });
});

describe('a full game', () => {
  it('scores a result, ranks 3 vs 0, and moves when the result is corrected', async () => {
    const owner = await t.createUser();
    const ana = await t.createUser({ name: 'Ana' });
    const beto = await t.createUser({ name: 'Beto' });
    const pool = await t.api.pool(owner, { name: 'Quiniela', players: [ana, beto] });
    const match = await newMatch();

    const before = await as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
    expect(before.json().leaderboard.positions).toEqual([
      { position: 1, userId: ana.userProfile.id, username: 'Ana', points: 0, correctPicks: 0, jornadasWon: 0, movement: null },
      { position: 1, userId: beto.userProfile.id, username: 'Beto', points: 0, correctPicks: 0, jornadasWon: 0, movement: null },
    ]);

    await t.api.predict(ana, pool, match, 'home');
    await t.api.predict(beto, pool, match, 'away');
    await t.api.result(admin, match, 2, 1);

    const ranking = await as(beto, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
    expect(ranking.statusCode).toBe(200);
    expect(ranking.json().pool.id).toBe(pool.id);
    expect(ranking.json().leaderboard.lastUpdated).toEqual(expect.any(String));
    expect(ranking.json().leaderboard.positions).toEqual([
      { position: 1, userId: ana.userProfile.id, username: 'Ana', points: 3, correctPicks: 1, jornadasWon: 1, movement: null },
      { position: 2, userId: beto.userProfile.id, username: 'Beto', points: 0, correctPicks: 0, jornadasWon: 0, movement: null },
    ]);

    // A wrong result corrected (2-1 becomes 1-2): standings follow.
    await t.api.result(admin, match, 1, 2);
    const corrected = (await as(owner, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json().leaderboard.positions;
    expect(corrected.map((p: { username: string; points: number }) => [p.username, p.points])).toEqual([
      ['Beto', 3],
      ['Ana', 0],
    ]);

    const round = await as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/round/${match.weekNumber}`);
    expect(round.json().data.positions.map((p: { username: string; points: number }) => [p.username, p.points])).toEqual([
      ['Beto', 3],
      ['Ana', 0],
    ]);
    const mine = await as(ana, 'GET', '/api/leaderboard');
    expect(mine.json().data).toEqual([{ poolId: pool.id, poolName: 'Quiniela', position: 2, points: 0, participants: 2 }]);

    const outsider = await t.createUser();
    expect((await as(outsider, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).statusCode).toBe(403);
  });

  it('lets the creator (and admins, not participants) run update-all', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const res = await as(owner, 'POST', '/api/leaderboard/update-all');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.poolsRecomputed).toBe(1);
    // No results source here: the answer says nothing was fetched instead of "updated".
    expect(res.json().data.import).toBeNull();
    expect(res.json().message).toBe('No hay una fuente de resultados configurada. Clasificaciones recalculadas con los resultados guardados.');
    expect((await as(player, 'POST', '/api/leaderboard/update-all')).statusCode).toBe(403);
    const adminRun = await as(admin, 'POST', '/api/leaderboard/update-all');
    expect(adminRun.statusCode).toBe(200);
    // An admin's pass covers every pool; it reports how many there are.
    const everyPool = (await as(admin, 'GET', '/api/pools')).json().data.page.total;
    expect(adminRun.json().data.poolsRecomputed).toBe(everyPool);
    expect(everyPool).toBeGreaterThan(0);
    expect((await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).statusCode).toBe(200);
  });

  it('incremental standings always equal a full recompute (property)', async () => {
    const owner = await t.createUser();
    const players = await Promise.all(Array.from({ length: 4 }, () => t.createUser()));
    const pool = await t.api.pool(owner, { players });
    const games = await Promise.all(Array.from({ length: 3 }, () => newMatch()));
    const choices: PredictionChoice[] = ['home', 'draw', 'away'];
    for (const [i, p] of players.entries()) {
      for (const [j, g] of games.entries()) await t.api.predict(p, pool, g, choices[(i + j) % 3]!);
    }
    // They kick off: results may be saved from now on.
    for (const g of games) await t.api.updateMatch(admin, g, { matchDate: now.toISOString() });
    const snapshot = async () =>
      (await t.db.select().from(standings).where(eq(standings.poolId, pool.id))).map((s) => [s.userId, s.points, s.correctPicks]).sort();
    const repo = createStandingsRepository(t.db);

    const resultChange = fc.record({
      game: fc.nat({ max: games.length - 1 }),
      result: fc.oneof(fc.constant(null), fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }))),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(resultChange, { minLength: 1, maxLength: 6 }), async (changes) => {
        for (const { game, result } of changes) {
          const body = result ? { status: 'finished', scoreHome: result[0], scoreAway: result[1] } : { status: 'scheduled', scoreHome: null, scoreAway: null };
          expect((await as(admin, 'PATCH', `/api/matches/${games[game]!.id}`, body)).statusCode).toBe(200);
        }
        const incremental = await snapshot();
        await repo.recompute([pool.id], now);
        expect(await snapshot()).toEqual(incremental);
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('applies simultaneous result saves on one match exactly once each', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();
    await t.api.predict(player, pool, match, 'home');
    await t.api.updateMatch(admin, match, { matchDate: now.toISOString() });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(admin, 'PATCH', `/api/matches/${match.id}`, { status: 'finished', scoreHome: i % 2 === 0 ? 2 : 0, scoreAway: 1 })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const last = (await as(admin, 'GET', `/api/matches/${match.id}`)).json().data as Match;
    const expected = last.scoreHome! > last.scoreAway! ? 3 : 0;
    const [row] = await t.db.select().from(standings).where(eq(standings.poolId, pool.id));
    expect(row?.points).toBe(expected);
  });
});
