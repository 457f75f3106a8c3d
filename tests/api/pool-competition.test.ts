import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Competition, Match, Pool, SignInResponse } from '#contract/index';
import { seedFootballData } from '#server/db/seed/seed';
import { matches, pools } from '#server/db/schema';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * A pool belongs to a competition (docs/decisions/036-a-pool-belongs-to-a-competition.md): the competitions come
 * from the shipped data, a new pool gets one (asked for or the default), and a pick of a match the pool does not
 * count is refused, so its rankings only ever read matches it counts.
 */
let t: TestApp;
let admin: SignInResponse;
/** Three days before LaLiga's Matchday 14 (29 November 2026); Matchday 13 was played on the 22nd. */
const now = new Date('2026-11-26T12:00:00Z');
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.createUser({ role: 'admin' });
  await seedFootballData(t.app.services);
}, 120_000);
afterAll(() => t.close());

const as: TestApp['as'] = (...request) => t.as(...request);

async function competitions(): Promise<Competition[]> {
  const res = await as(await t.createUser(), 'GET', '/api/competitions');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A seeded LaLiga match of that Matchday. */
async function laLigaMatch(weekNumber: number): Promise<Pick<Match, 'id'>> {
  const [row] = await t.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.competition, 'laliga-2026-27'), eq(matches.weekNumber, weekNumber)))
    .limit(1);
  if (!row) throw new Error(`no LaLiga match in week ${weekNumber}`);
  return row;
}

/** A match an admin adds to a competition, open for picks. */
async function addedMatch(competition: string, weekNumber: number, round: string): Promise<Match> {
  return t.api.match(admin, {
    competition,
    weekNumber,
    round,
    matchDate: new Date(now.getTime() + 5 * DAY_MS).toISOString(),
  });
}

/** A pool made before pools had a competition: both columns null, as migration 0014 leaves existing pools. */
async function poolFromBeforeCompetitions(owner: SignInResponse, players: SignInResponse[]): Promise<Pool> {
  const pool = await t.api.pool(owner, { players });
  await t.db.update(pools).set({ competition: null, fromWeek: null }).where(eq(pools.id, pool.id));
  return pool;
}

describe('GET /api/competitions', () => {
  it('answers every competition of the data with its name, season and rounds, and which round comes next', async () => {
    const list = await competitions();
    expect(list.map((c) => c.key).toSorted()).toEqual(['laliga-2026-27', 'worldcup-2026']);
    const laLiga = list.find((c) => c.key === 'laliga-2026-27');
    expect(laLiga).toMatchObject({
      displayName: 'LaLiga 2026/27',
      name: 'LaLiga',
      season: '2026/27',
      firstWeek: 1,
      lastWeek: 38,
      nextRound: 14,
      nextKickoff: expect.stringMatching(/^2026-11-29T/),
    });
    expect(laLiga?.rounds).toHaveLength(38);
    expect(laLiga?.rounds.map((r) => r.weekNumber)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    expect(laLiga?.rounds[13]).toMatchObject({ weekNumber: 14, label: 'Jornada 14', dataLabels: ['Matchday 14'], matches: 10 });
    expect(Date.parse(laLiga?.firstKickoff ?? '')).toBeLessThan(Date.parse(laLiga?.lastKickoff ?? ''));

    const worldCup = list.find((c) => c.key === 'worldcup-2026');
    expect(worldCup).toMatchObject({ displayName: 'Mundial 2026', season: '2026', nextRound: null, nextKickoff: null });
    expect(worldCup?.rounds.map((r) => [r.weekNumber, r.label])).toEqual([
      [1, 'Jornadas 1–7'],
      [2, 'Jornadas 8–13'],
      [3, 'Jornadas 14–17'],
      [4, 'Dieciseisavos de final'],
      [5, 'Octavos de final'],
      [6, 'Cuartos de final'],
      [7, 'Semifinales'],
      [8, 'Tercer puesto y Final'],
    ]);
    expect(worldCup?.rounds[7]?.dataLabels).toEqual(['Match for third place', 'Final']);
    expect(worldCup?.rounds.reduce((sum, r) => sum + r.matches, 0)).toBe(104);
  });

  it('is for signed-in users only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/competitions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/pools with a competition', () => {
  it('without the new fields (the spec’s body) counts every match, an admin’s hand-entered one included', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const everyMatch = { competition: null, competitionName: null, fromWeek: null, fromRoundLabel: null };
    expect(pool).toMatchObject(everyMatch);
    // Every answer that carries the pool says so.
    expect((await as(owner, 'GET', `/api/pools/${pool.id}`)).json().data).toMatchObject(everyMatch);
    expect((await as(owner, 'GET', `/api/pools/user/${owner.userProfile.id}/owned`)).json().data.pools[0]).toMatchObject(everyMatch);
    expect((await as(player, 'GET', `/api/pools/user/${player.userProfile.id}/joined`)).json().data.pools[0]).toMatchObject(everyMatch);
    // The spec's match body (no competition: `manual`), a LaLiga fixture and another competition's: each takes a pick.
    const created = await as(admin, 'POST', '/api/matches', {
      weekNumber: 7,
      matchDate: new Date(now.getTime() + 3 * DAY_MS).toISOString(),
      homeTeamId: (await t.api.team(admin)).id,
      awayTeamId: (await t.api.team(admin)).id,
    });
    const manual = created.json<{ data: Match }>().data;
    expect(manual.competition).toBe('manual');
    for (const match of [manual, await laLigaMatch(14), await addedMatch('copa-2026-27', 1, 'Primera ronda')]) {
      const pick = await as(player, 'POST', '/api/predictions', { prediction: 'home', userId: player.userProfile.id, matchId: match.id, poolId: pool.id });
      expect(pick.statusCode).toBe(201);
    }
  });

  it('takes the competition and round asked for; a round alone is of the default competition', async () => {
    const owner = await t.createUser();
    expect(await t.api.pool(owner, { competition: 'worldcup-2026', fromWeek: 5 })).toMatchObject({
      competition: 'worldcup-2026',
      competitionName: 'Mundial 2026',
      fromWeek: 5,
      fromRoundLabel: 'Octavos de final',
    });
    expect(await t.api.pool(owner, { competition: 'laliga-2026-27', fromWeek: 20 })).toMatchObject({ fromWeek: 20, fromRoundLabel: 'Jornada 20' });
    expect(await t.api.pool(owner, { fromWeek: 30 })).toMatchObject({ competition: 'laliga-2026-27', fromWeek: 30 });
    // A competition with nothing left to play counts from its first round.
    expect(await t.api.pool(owner, { competition: 'worldcup-2026' })).toMatchObject({ fromWeek: 1, fromRoundLabel: 'Jornadas 1–7' });
  });

  it('refuses an unknown competition or a round the competition does not have, in Spanish, and stores nothing', async () => {
    const owner = await t.createUser();
    const body = (fields: object) => ({ name: 'Peña', invitationCode: 654321, creatorId: owner.userProfile.id, ...fields });
    const cases: [object, string][] = [
      [{ competition: 'premier-2026-27' }, 'Esa competición no existe.'],
      [{ competition: 'worldcup-2026', fromWeek: 9 }, 'Esa jornada no es de la competición elegida.'],
      [{ fromWeek: 39 }, 'Esa jornada no es de la competición elegida.'],
      [{ competition: 'laliga-2026-27', fromWeek: 0 }, 'La jornada (fromWeek) debe estar entre 1 y 99.'],
      [{ competition: 'laliga-2026-27', fromWeek: 'catorce' }, 'La jornada (fromWeek) debe ser un número.'],
      [{ competition: '   ' }, 'Campo «competition»: La competición es obligatoria.'],
    ];
    for (const [fields, message] of cases) {
      const res = await as(owner, 'POST', '/api/pools', body(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
    expect(await t.db.select().from(pools).where(eq(pools.invitationCode, 654321))).toEqual([]);
  });
});

describe('a pool counts only its competition from its first round', () => {
  let owner: SignInResponse;
  let player: SignInResponse;
  let worldCupMatch: Match;

  beforeAll(async () => {
    owner = await t.createUser();
    player = await t.createUser();
    worldCupMatch = await addedMatch('worldcup-2026', 5, 'Round of 16');
  });

  it('refuses a pick of another competition’s match and of a round before its first, with 409 in Spanish', async () => {
    const pool = await t.api.pool(owner, { competition: 'laliga-2026-27', fromWeek: 15, players: [player] });
    const pick = (match: Pick<Match, 'id'>) =>
      as(player, 'POST', '/api/predictions', { prediction: 'home', userId: player.userProfile.id, matchId: match.id, poolId: pool.id });
    for (const match of [worldCupMatch, await laLigaMatch(14)]) {
      const refused = await pick(match);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Ese partido no cuenta en esta quiniela.' });
    }
    expect((await pick(await laLigaMatch(15))).statusCode).toBe(201);
    expect((await pick(await laLigaMatch(38))).statusCode).toBe(201);
  });

  it('a pool from before competitions (no competition) still takes a pick of any match', async () => {
    const pool = await poolFromBeforeCompetitions(owner, [player]);
    const read = (await as(player, 'GET', `/api/pools/${pool.id}`)).json().data;
    expect(read).toMatchObject({ competition: null, competitionName: null, fromWeek: null, fromRoundLabel: null });
    for (const match of [worldCupMatch, await laLigaMatch(14), await addedMatch('amistosos', 1, 'Amistoso')]) {
      await t.api.predict(player, pool, match, 'draw');
    }
  });

  it('the per-round ranking of a LaLiga pool ignores another competition’s round of the same number', async () => {
    const [ana, beto] = [await t.createUser({ name: 'Ana' }), await t.createUser({ name: 'Beto' })];
    const laLigaPool = await t.api.pool(owner, { competition: 'laliga-2026-27', fromWeek: 14, players: [ana, beto] });
    const everyMatchPool = await poolFromBeforeCompetitions(owner, [ana, beto]);
    const laLiga14 = await addedMatch('laliga-2026-27', 14, 'Matchday 14');
    const cup14 = await addedMatch('copa-2026-27', 14, 'Jornada 14');
    // Ana gets both right, Beto neither; in the LaLiga pool, Ana's pick of the cup match is refused.
    await t.api.predict(ana, laLigaPool, laLiga14, 'home');
    await t.api.predict(beto, laLigaPool, laLiga14, 'away');
    const refused = await as(ana, 'POST', '/api/predictions', { prediction: 'home', userId: ana.userProfile.id, matchId: cup14.id, poolId: laLigaPool.id });
    expect(refused.statusCode).toBe(409);
    for (const match of [laLiga14, cup14]) {
      await t.api.predict(ana, everyMatchPool, match, 'home');
      await t.api.predict(beto, everyMatchPool, match, 'away');
    }
    await t.api.result(admin, laLiga14, 2, 0);
    await t.api.result(admin, cup14, 1, 0);

    const round = async (pool: Pool) =>
      (await as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/round/14`)).json().data.positions.map(
        (p: { username: string; points: number }) => [p.username, p.points],
      );
    expect(await round(laLigaPool)).toEqual([['Ana', 3], ['Beto', 0]]);
    expect(await round(everyMatchPool)).toEqual([['Ana', 6], ['Beto', 0]]);
    const ranking = (await as(ana, 'GET', `/api/leaderboard/pool/${laLigaPool.id}/ranking`)).json();
    expect(ranking.leaderboard.positions.map((p: { username: string; points: number }) => [p.username, p.points])).toEqual([
      ['Ana', 3],
      ['Beto', 0],
    ]);
  });
});
