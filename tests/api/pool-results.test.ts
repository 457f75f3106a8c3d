import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match, Pool, PoolResultMatch, PoolResults, PredictionChoice, SignInResponse } from '#contract/index';
import { scorePick } from '#server/modules/leaderboard/scoring';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * GET /api/predictions/pool/{poolId}/results ("Resultados"): members only; nobody's pick but one's own before its
 * match kicks off (server clock), everyone's by name afterwards; points by the one scoring rule; a score only as
 * the data has it. Week numbers here are the test's own (every match of the database counts for every pool).
 */
let t: TestApp;
let now = new Date('2026-11-21T12:00:00Z');
let admin: SignInResponse;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
/** A match of `weekNumber` between two teams of its own (so every fixture is new). */
const newMatch = (weekNumber: number, kickoff = at(HOUR)) => t.api.match(admin, { weekNumber, matchDate: kickoff });

function results(who: SignInResponse, pool: Pick<Pool, 'id'>, weekNumber?: number) {
  const query = weekNumber === undefined ? '' : `?weekNumber=${weekNumber}`;
  return t.injectAs(who.session.accessToken, { method: 'GET', url: `/api/predictions/pool/${pool.id}/results${query}` });
}
async function resultsOf(who: SignInResponse, pool: Pick<Pool, 'id'>, weekNumber?: number): Promise<PoolResults> {
  const res = await results(who, pool, weekNumber);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PoolResults }>().data;
}
/** A new creator's pool, with a new player. */
async function newPoolWithPlayer() {
  const owner = await t.createUser();
  const player = await t.createUser();
  const pool = await t.api.pool(owner, { players: [player] });
  return { owner, player, pool };
}
/** A new creator's pool whose players `Ana ${surname}` and `Beto ${surname}` picked a new match of `weekNumber`: Ana 'home', Beto `betoPick`. */
async function anaAndBetoPicked(surname: string, weekNumber: number, betoPick: PredictionChoice) {
  const owner = await t.createUser();
  const ana = await t.createUser({ name: `Ana ${surname}` });
  const beto = await t.createUser({ name: `Beto ${surname}` });
  const pool = await t.api.pool(owner, { players: [ana, beto] });
  const match = await newMatch(weekNumber);
  await t.api.predict(ana, pool, match, 'home');
  await t.api.predict(beto, pool, match, betoPick);
  return { owner, ana, beto, pool, match };
}
const matchIn = (answer: PoolResults, match: Pick<Match, 'id'>): PoolResultMatch => {
  const found = answer.matches.find((m) => m.id === match.id);
  if (!found) throw new Error(`match ${match.id} is not in the answer`);
  return found;
};

async function withClock<T>(moved: Date, work: () => Promise<T>): Promise<T> {
  const saved = now;
  now = moved;
  try {
    return await work();
  } finally {
    now = saved;
  }
}

describe('who may read a pool’s results', () => {
  it('answers its members (participants, creator, admins) and refuses anyone else with a Spanish 403', async () => {
    const { owner, player, pool } = await newPoolWithPlayer();
    const stranger = await t.createUser();

    expect((await resultsOf(player, pool)).participant).toBe(true);
    expect((await resultsOf(owner, pool)).participant).toBe(false);
    expect((await resultsOf(admin, pool)).participant).toBe(false);
    const refused = await results(stranger, pool);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'No participas en esta quiniela.' });

    const unknown = await results(player, { id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Quiniela no encontrada.');
    expect((await t.app.inject({ method: 'GET', url: `/api/predictions/pool/${pool.id}/results` })).statusCode).toBe(401);
    const bad = await results(player, pool, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('La jornada no es válida.');
  });
});

describe('picks stay hidden until kick-off', () => {
  it('shows only one’s own pick before kick-off, in no answer anyone else’s, and everyone’s by name afterwards', async () => {
    const { owner, ana, beto, pool, match } = await anaAndBetoPicked('Resultados', 11, 'away');

    // Before kick-off: Beto sees his pick, not Ana's, not even how many picked what; the creator sees none.
    const before = await results(beto, pool, 11);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('Ana Resultados');
    const seen = matchIn(before.json<{ data: PoolResults }>().data, match);
    expect(seen).toMatchObject({ kickedOff: false, ownPick: 'away', ownPoints: null, picks: null, scoreHome: null, scoreAway: null });
    const creatorBefore = await results(owner, pool, 11);
    expect(creatorBefore.body).not.toContain('Ana Resultados');
    expect(creatorBefore.body).not.toContain('Beto Resultados');
    expect(matchIn(creatorBefore.json<{ data: PoolResults }>().data, match)).toMatchObject({ ownPick: null, picks: null });
    // Nor in the default answer (this week has nothing finished or live, so it is not even listed).
    const byDefault = await results(beto, pool);
    expect(byDefault.body).not.toContain('Ana Resultados');
    expect(byDefault.json<{ data: PoolResults }>().data.jornadas.map((j) => j.weekNumber)).not.toContain(11);

    // From kick-off on (the server's clock, with the match still 'scheduled'): everyone's, by name.
    await withClock(new Date(Date.parse(match.matchDate)), async () => {
      for (const who of [ana, beto, owner, admin]) {
        const after = matchIn(await resultsOf(who, pool, 11), match);
        expect(after.kickedOff).toBe(true);
        expect(after.picks).toMatchObject({
          total: 2,
          counts: { home: 1, draw: 0, away: 1 },
          shown: [
            { userId: ana.userProfile.id, username: 'Ana Resultados', prediction: 'home', points: null },
            { userId: beto.userProfile.id, username: 'Beto Resultados', prediction: 'away', points: null },
          ],
        });
        // Not finished: no score, no points yet.
        expect(after).toMatchObject({ status: 'scheduled', scoreHome: null, scoreAway: null, pointsByPick: null, ownPoints: null });
      }
    });
  });
});

describe('points and scores', () => {
  it('gives each pick the points of the scoring rule (scorePick) once the match is finished', async () => {
    const owner = await t.createUser();
    const players = await Promise.all(['Carla', 'Dani', 'Eva'].map((name) => t.createUser({ name: `${name} Puntos` })));
    const pool = await t.api.pool(owner, { players });
    const match = await newMatch(12);
    const picks: PredictionChoice[] = ['home', 'draw', 'away'];
    for (const [index, player] of players.entries()) await t.api.predict(player, pool, match, picks[index]!);
    const finished = await t.api.result(admin, match, 2, 2);

    for (const [index, player] of players.entries()) {
      const answer = await resultsOf(player, pool, 12);
      expect(answer.weekNumber).toBe(12);
      const shown = matchIn(answer, match);
      expect(shown).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 2, kickedOff: true, ownPick: picks[index] });
      expect(shown.ownPoints).toBe(scorePick(picks[index]!, finished).points);
      expect(shown.pointsByPick).toEqual({
        home: scorePick('home', finished).points,
        draw: scorePick('draw', finished).points,
        away: scorePick('away', finished).points,
      });
      for (const pick of shown.picks!.shown) expect(pick.points).toBe(scorePick(pick.prediction, finished).points);
    }
    // The draw was right: +3 for Dani, +0 for the others.
    expect(matchIn(await resultsOf(players[1]!, pool, 12), match).ownPoints).toBe(3);
    expect(matchIn(await resultsOf(players[0]!, pool, 12), match).ownPoints).toBe(0);
    expect((await resultsOf(players[0]!, pool)).jornadas).toContainEqual({ weekNumber: 12, label: 'Jornada 12', finished: 1, live: 0, started: 0 });
  });

  it('shows a live match with no invented score, and its score once the data has one', async () => {
    const { player, pool } = await newPoolWithPlayer();
    const match = await newMatch(13);
    await t.api.predict(player, pool, match, 'home');
    // It kicks off (now), and is under way.
    await t.api.updateMatch(admin, match, { status: 'live', matchDate: at(0) });

    const live = matchIn(await resultsOf(player, pool, 13), match);
    expect(live).toMatchObject({ status: 'live', scoreHome: null, scoreAway: null, kickedOff: true, ownPick: 'home', ownPoints: null, pointsByPick: null });
    expect(live.picks?.total).toBe(1);

    await t.api.updateMatch(admin, match, { scoreHome: 1, scoreAway: 0 });
    const scored = matchIn(await resultsOf(player, pool, 13), match);
    // The data has a score now: shown, but nothing is earned until the match is finished.
    expect(scored).toMatchObject({ status: 'live', scoreHome: 1, scoreAway: 0, ownPoints: null });
    expect(scored.picks?.shown.map((pick) => pick.points)).toEqual([null]);
  });

  it('answers a jornada nobody picked with its matches, no picks and nothing earned', async () => {
    const { player, pool } = await newPoolWithPlayer();
    const match = await newMatch(14);
    await t.api.result(admin, match, 0, 1);

    const answer = await resultsOf(player, pool, 14);
    expect(matchIn(answer, match)).toMatchObject({
      scoreHome: 0,
      scoreAway: 1,
      ownPick: null,
      ownPoints: null,
      pointsByPick: { home: 0, draw: 0, away: 3 },
      picks: { total: 0, counts: { home: 0, draw: 0, away: 0 }, shown: [] },
    });
    // A jornada the pool has no match of: no matches, still a 200.
    expect((await resultsOf(player, pool, 77)).matches).toEqual([]);
  });
});

describe('the jornadas', () => {
  it('lists the jornadas with a finished or live match newest first, and answers the newest by default', async () => {
    const { player, pool } = await newPoolWithPlayer();
    const finished = await newMatch(90);
    await t.api.result(admin, finished, 3, 1);
    await newMatch(95); // Scheduled only: not a jornada of results yet.

    const first = await resultsOf(player, pool);
    const weeks = first.jornadas.map((j) => j.weekNumber);
    expect(weeks).toEqual(weeks.toSorted((a, b) => b - a));
    expect(weeks).not.toContain(95);
    expect(first.weekNumber).toBe(90);
    expect(first.matches.map((m) => m.id)).toContain(finished.id);

    const live = await newMatch(92, at(0));
    await t.api.updateMatch(admin, live, { status: 'live' });
    const second = await resultsOf(player, pool);
    expect(second.weekNumber).toBe(92);
    expect(second.jornadas[0]).toEqual({ weekNumber: 92, label: 'Jornada 92', finished: 0, live: 1, started: 0 });
    // Another jornada on request.
    expect((await resultsOf(player, pool, 90)).matches.map((m) => m.id)).toEqual([finished.id]);
  });

  it('lists a match from its kick-off on, with everyone’s picks, though the data never marked it live', async () => {
    const { ana, beto, pool, match } = await anaAndBetoPicked('Empezado', 96, 'draw');
    expect((await resultsOf(ana, pool)).jornadas.map((j) => j.weekNumber)).not.toContain(96);

    // Past its kick-off by the server's clock, still 'scheduled': a jornada of Resultados, the newest, by default.
    await withClock(new Date(Date.parse(match.matchDate) + 10 * 60_000), async () => {
      const answer = await resultsOf(beto, pool);
      expect(answer.jornadas[0]).toEqual({ weekNumber: 96, label: 'Jornada 96', finished: 0, live: 0, started: 1 });
      expect(answer.weekNumber).toBe(96);
      expect(matchIn(answer, match)).toMatchObject({
        status: 'scheduled',
        kickedOff: true,
        scoreHome: null,
        scoreAway: null,
        ownPick: 'draw',
        picks: { total: 2, counts: { home: 1, draw: 1, away: 0 } },
      });
    });
  });

  it('names each jornada in Spanish, as the data’s rounds are named everywhere else', async () => {
    const { player, pool } = await newPoolWithPlayer();
    const matchday = await t.api.match(admin, { weekNumber: 33, round: 'Matchday 33', matchDate: at(-HOUR) });
    const knockout = await t.api.match(admin, { weekNumber: 34, round: 'Round of 16', matchDate: at(-HOUR) });
    await t.api.result(admin, matchday, 1, 0);
    await t.api.result(admin, knockout, 0, 0);
    const labels = Object.fromEntries((await resultsOf(player, pool)).jornadas.map((j) => [j.weekNumber, j.label]));
    expect(labels).toMatchObject({ 33: 'Jornada 33', 34: 'Octavos de final' });
  });

  it('answers no jornada for a pool whose matches have not started', async () => {
    // A fresh app: no match in it has been played.
    const fresh = await createTestApp({ clock: () => now });
    try {
      const owner = await fresh.createUser();
      const player = await fresh.createUser();
      const pool = await fresh.api.pool(owner, { players: [player] });
      const res = await fresh.injectAs(player.session.accessToken, { method: 'GET', url: `/api/predictions/pool/${pool.id}/results` });
      expect(res.json()).toEqual({ data: { poolId: pool.id, participant: true, jornadas: [], weekNumber: null, matches: [] } });
    } finally {
      await fresh.close();
    }
  });
});
