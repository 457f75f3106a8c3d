import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PredictionChoiceSchema,
  type EvolutionResponse,
  type Match,
  type MatchStatus,
  type Pool,
  type PredictionChoice,
  type RankingResponse,
  type SignInResponse,
} from '#contract/index';
import { matches, poolParticipants, roundStandings, standings } from '#server/db/schema';
import { scorePick, type MatchResult } from '#server/modules/leaderboard/scoring';
import { jornadaOver, pendingMatches } from '#server/modules/leaderboard/jornada-over';
import { jornadasWon, jornadaWinners } from '#server/modules/leaderboard/season';
import { createStandingsRepository } from '#server/modules/leaderboard/standings.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Jornadas (docs/decisions/039-jornada-rankings.md): the stored per-jornada standings move with every result and
 * every change of a finished match's jornada exactly as a recompute from the predictions says, and add up to the
 * general standings; the answers built on them (jornada tables and winners, movement, jornadas won, the evolution).
 */
let t: TestApp;
let admin: SignInResponse;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const get = async <T>(who: SignInResponse, url: string, status = 200): Promise<T> => {
  const res = await t.injectAs(who.session.accessToken, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
type JornadaAnswer = {
  data: {
    weekNumber: number;
    label: string;
    over: boolean;
    pending: number;
    winners: number[];
    positions: { position: number; userId: number; username: string; points: number; correctPicks: number; winner: boolean }[];
  };
};
const ranking = (who: SignInResponse, pool: Pool) => get<RankingResponse>(who, `/api/leaderboard/pool/${pool.id}/ranking`);
const jornada = (who: SignInResponse, pool: Pool, week: number) => get<JornadaAnswer>(who, `/api/leaderboard/pool/${pool.id}/round/${week}`);
const evolution = (who: SignInResponse, pool: Pool) => get<EvolutionResponse>(who, `/api/leaderboard/pool/${pool.id}/evolution`);

describe('stored jornada standings', () => {
  const smallScore = fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 8 });
  const savedResult: fc.Arbitrary<MatchResult> = fc
    // Mostly finished, so that finished matches often change jornada or result.
    .record({ status: fc.constantFrom<MatchStatus>('scheduled', 'live', 'finished', 'finished', 'finished'), scoreHome: smallScore, scoreAway: smallScore })
    .filter((r) => r.status !== 'finished' || (r.scoreHome !== null && r.scoreAway !== null));
  const WEEKS = [11, 12, 13];

  it('equal a recompute from the predictions after any results and jornada moves, add up to the general standings, and name the winners (property)', async () => {
    const owner = await t.createUser();
    const players = await Promise.all([0, 1, 2].map(() => t.createUser()));
    const pool = await t.api.pool(owner, { players });
    const firstWeeks = [11, 11, 12, 13];
    const games: Match[] = [];
    for (const weekNumber of firstWeeks) games.push(await t.api.match(admin, { weekNumber }));
    // Player i picks choice i + j on match j, and player 2 skips the last match: every outcome scores someone.
    const picks = players.flatMap((player, i) =>
      games.flatMap((game, j) => (i === 2 && j === 3 ? [] : [{ player, game: j, pick: PredictionChoiceSchema.options[(i + j) % 3]! }])),
    );
    for (const { player, game, pick } of picks) await t.api.predict(player, pool, games[game]!, pick);
    // They have been played (results are saved only after kick-off): set directly, not by the rule under test.
    const kickoff = new Date(Date.now() - 60_000);
    await t.db.update(matches).set({ matchDate: kickoff }).where(inArray(matches.id, games.map((g) => g.id)));

    const repo = createStandingsRepository(t.db);
    const unplayed: MatchResult = { status: 'scheduled', scoreHome: null, scoreAway: null };
    const state = games.map((_, j) => ({ result: unplayed, weekNumber: firstWeeks[j]! }));
    // Ascending, as `stored` reads them: the players are created at once, so their ids come in any order.
    const ids = players.map((p) => p.userProfile.id).sort((a, b) => a - b);
    /** The reference: each player's points and correct picks in `week`, from the picks and the matches as they are. */
    const reference = (week: number | null) =>
      ids.map((userId) => {
        const scores = picks
          .filter((p) => p.player.userProfile.id === userId && (week === null || state[p.game]!.weekNumber === week))
          .map((p) => scorePick(p.pick, state[p.game]!.result));
        return { userId, points: scores.reduce((s, x) => s + x.points, 0), correctPicks: scores.reduce((s, x) => s + x.correct, 0) };
      });
    const stored = async (week: number) =>
      (await repo.roundRows(pool.id, week))
        .map(({ userId, points, correctPicks }) => ({ userId, points, correctPicks }))
        .sort((a, b) => a.userId - b.userId);
    const storedRows = async () =>
      (await t.db.select().from(roundStandings).where(eq(roundStandings.poolId, pool.id)))
        .map(({ weekNumber, userId, points, correctPicks }) => ({ weekNumber, userId, points, correctPicks }))
        .sort((a, b) => a.weekNumber - b.weekNumber || a.userId - b.userId);

    const change = fc.oneof(
      fc.record({ game: fc.nat({ max: games.length - 1 }), result: savedResult }),
      fc.record({ game: fc.nat({ max: games.length - 1 }), weekNumber: fc.constantFrom(...WEEKS) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 7 }), async (changes) => {
        // Each run starts from no results, the first weeks and no points, set directly (not by the rule under test).
        await t.db.update(matches).set(unplayed).where(inArray(matches.id, games.map((g) => g.id)));
        for (const [j, game] of games.entries()) await t.db.update(matches).set({ weekNumber: firstWeeks[j]! }).where(eq(matches.id, game.id));
        await t.db.update(standings).set({ points: 0, correctPicks: 0 }).where(eq(standings.poolId, pool.id));
        await t.db.delete(roundStandings).where(eq(roundStandings.poolId, pool.id));
        state.forEach((s, j) => Object.assign(s, { result: unplayed, weekNumber: firstWeeks[j]! }));
        for (const step of changes) {
          const game = games[step.game]!;
          if ('result' in step) {
            await t.api.updateMatch(admin, game, step.result);
            state[step.game]!.result = step.result;
          } else {
            await t.api.updateMatch(admin, game, { weekNumber: step.weekNumber });
            state[step.game]!.weekNumber = step.weekNumber;
          }
        }
        // Incremental: each jornada's stored rows are the reference, and only scoring rows are kept.
        for (const week of WEEKS) expect(await stored(week)).toEqual(reference(week));
        const rows = await storedRows();
        expect(rows.every((r) => r.points !== 0 || r.correctPicks !== 0)).toBe(true);
        // The sum over the jornadas is the general standing.
        const general = (await repo.rows(pool.id)).map(({ userId, points, correctPicks }) => ({ userId, points, correctPicks }));
        for (const { userId, points, correctPicks } of general) {
          const mine = rows.filter((r) => r.userId === userId);
          expect({ userId, points: mine.reduce((s, r) => s + r.points, 0), correctPicks: mine.reduce((s, r) => s + r.correctPicks, 0) }).toEqual({
            userId,
            points,
            correctPicks,
          });
        }
        // The answers: every jornada's points, whether it is over and its winners (only then), and the played jornadas.
        const states = games.map((game, j) => ({ id: game.id, competition: game.competition, weekNumber: state[j]!.weekNumber, status: state[j]!.result.status, matchDate: kickoff }));
        const pending = pendingMatches(states);
        for (const week of WEEKS) {
          const answer = (await jornada(owner, pool, week)).data;
          const expected = reference(week);
          const over = jornadaOver(states.filter((m) => m.weekNumber === week), pending);
          expect(answer.positions.map((p) => ({ userId: p.userId, points: p.points, correctPicks: p.correctPicks })).sort((a, b) => a.userId - b.userId)).toEqual(expected);
          expect(answer.over).toBe(over);
          expect([...answer.winners].sort()).toEqual(jornadaWinners(expected, over).sort());
          expect(answer.positions.filter((p) => p.winner).map((p) => p.userId).sort()).toEqual(jornadaWinners(expected, over).sort());
        }
        const played = [...new Set(state.filter((s) => s.result.status === 'finished').map((s) => s.weekNumber))].sort();
        const table = await ranking(owner, pool);
        expect(table.leaderboard.jornadas.map((j) => j.weekNumber)).toEqual(played);
        // The jornadas won, counted in SQL (`seasonRows`), are the reference's (`jornadasWon`): of the jornadas over only.
        const overWeeks = new Set(WEEKS.filter((week) => jornadaOver(states.filter((m) => m.weekNumber === week), pending)));
        const won = jornadasWon(
          WEEKS.flatMap((week) => reference(week).map(({ userId, points }) => ({ userId, weekNumber: week, points }))),
          overWeeks,
        );
        expect(Object.fromEntries(table.leaderboard.positions.map((p) => [p.userId, p.jornadasWon]))).toEqual(
          Object.fromEntries(ids.map((id) => [id, won.get(id) ?? 0])),
        );
        // A recompute finds the same rows.
        await repo.recompute([pool.id], new Date());
        expect(await storedRows()).toEqual(rows);
      }),
      {
        numRuns: 20,
        // Always tried as well: a finished match moved to another jornada, then corrected.
        examples: [
          [
            [
              { game: 0, result: { status: 'finished', scoreHome: 1, scoreAway: 0 } },
              { game: 0, weekNumber: 12 },
              { game: 0, result: { status: 'finished', scoreHome: 0, scoreAway: 0 } },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});

describe('jornada rankings', () => {
  it('name each jornada’s winners, move the general table, count jornadas won and break ties by them', async () => {
    const owner = await t.createUser();
    const [zoe, ana, carla, dani, stranger] = await Promise.all(
      ['Zoe', 'Ana', 'Carla', 'Dani', 'Forastero'].map((name) => t.createUser({ name })),
    );
    const pool = await t.api.pool(owner, { players: [zoe!, ana!, carla!] });
    const [m1, m2, m3, m4] = await Promise.all([
      t.api.match(admin, { weekNumber: 61, round: 'Matchday 61' }),
      t.api.match(admin, { weekNumber: 61, round: 'Matchday 61' }),
      t.api.match(admin, { weekNumber: 62, round: 'Round of 16' }),
      t.api.match(admin, { weekNumber: 62, round: 'Round of 16' }),
    ]);
    const pick = (who: SignInResponse, match: Match, choice: PredictionChoice) => t.api.predict(who, pool, match, choice);
    for (const [who, choices] of [
      [zoe!, ['home', 'draw', 'home', 'home']],
      [ana!, ['home', 'away', 'away', 'home']],
      [carla!, ['home', 'away', 'away', 'draw']],
    ] as const) {
      for (const [j, match] of [m1, m2, m3, m4].entries()) await pick(who, match, choices[j]!);
    }
    const row = (answer: RankingResponse, who: SignInResponse) => answer.leaderboard.positions.find((p) => p.userId === who.userProfile.id)!;

    // Nothing played yet: no jornadas, no movement.
    const before = await ranking(ana!, pool);
    expect(before.leaderboard.jornadas).toEqual([]);
    expect(before.leaderboard.positions.map((p) => [p.position, p.username, p.movement, p.jornadasWon])).toEqual([
      [1, 'Ana', null, 0],
      [1, 'Carla', null, 0],
      [1, 'Zoe', null, 0],
    ]);

    // Jornada 61 kicked off in 2020, when the three had joined (set here directly: picks close at kick-off), so
    // Dani, who joins now, took no part in it. It ends 1-0, 0-0.
    for (const match of [m1, m2]) await t.api.updateMatch(admin, match, { matchDate: '2020-01-01T18:00:00.000Z' });
    await t.db.update(poolParticipants).set({ registeredAt: new Date('2019-12-01T00:00:00Z') }).where(eq(poolParticipants.poolId, pool.id));
    await t.api.result(admin, m1, 1, 0);
    await t.api.result(admin, m2, 0, 0);
    await t.api.join(dani!, pool);
    const first = await jornada(ana!, pool, 61);
    expect(first.data).toMatchObject({ weekNumber: 61, label: 'Jornada 61', winners: [zoe!.userProfile.id], over: true, pending: 0 });
    // Ana and Carla tie on 3 points and 1 correct pick; neither has won a jornada, so by name.
    expect(first.data.positions.map((p) => [p.position, p.username, p.points, p.winner])).toEqual([
      [1, 'Zoe', 6, true],
      [2, 'Ana', 3, false],
      [2, 'Carla', 3, false],
      [4, 'Dani', 0, false],
    ]);
    const afterFirst = await ranking(ana!, pool);
    expect(afterFirst.leaderboard.jornadas).toEqual([{ weekNumber: 61, label: 'Jornada 61', over: true }]);
    expect(afterFirst.leaderboard.positions.every((p) => p.movement === null)).toBe(true);
    expect(row(afterFirst, zoe!).jornadasWon).toBe(1);

    // Jornada 62 (round of 16) ends 0-2, 2-2: Carla wins it.
    await t.api.result(admin, m3, 0, 2);
    await t.api.result(admin, m4, 2, 2);
    const second = await jornada(zoe!, pool, 62);
    expect(second.data).toMatchObject({ label: 'Octavos de final', winners: [carla!.userProfile.id] });
    // Zoe and Dani tie on 0: Zoe has won a jornada, so she comes first although D < Z.
    expect(second.data.positions.map((p) => [p.position, p.username, p.points, p.winner])).toEqual([
      [1, 'Carla', 6, true],
      [2, 'Ana', 3, false],
      [3, 'Zoe', 0, false],
      [3, 'Dani', 0, false],
    ]);

    const general = await ranking(carla!, pool);
    expect(general.leaderboard.jornadas).toEqual([
      { weekNumber: 61, label: 'Jornada 61', over: true },
      { weekNumber: 62, label: 'Octavos de final', over: true },
    ]);
    // Zoe and Ana: 6 points and 2 correct picks each; Zoe won a jornada, Ana none, so Zoe first (by name Ana would be).
    // After jornada 61: Zoe 1st, Ana and Carla 2nd; Dani had not joined.
    expect(general.leaderboard.positions).toEqual([
      { position: 1, userId: carla!.userProfile.id, username: 'Carla', points: 9, correctPicks: 3, jornadasWon: 1, movement: 1 },
      { position: 2, userId: zoe!.userProfile.id, username: 'Zoe', points: 6, correctPicks: 2, jornadasWon: 1, movement: -1 },
      { position: 2, userId: ana!.userProfile.id, username: 'Ana', points: 6, correctPicks: 2, jornadasWon: 0, movement: 0 },
      { position: 4, userId: dani!.userProfile.id, username: 'Dani', points: 0, correctPicks: 0, jornadasWon: 0, movement: null },
    ]);

    // The evolution: the caller's place after each jornada, and the leader's points; Dani was not in the first table.
    expect((await evolution(ana!, pool)).data.jornadas).toEqual([
      { weekNumber: 61, label: 'Jornada 61', position: 2, points: 3, leaderPoints: 6, players: 3 },
      { weekNumber: 62, label: 'Octavos de final', position: 2, points: 6, leaderPoints: 9, players: 4 },
    ]);
    expect((await evolution(dani!, pool)).data.jornadas.map((j) => j.position)).toEqual([null, 4]);
    // The creator does not play: the leader's points only.
    expect((await evolution(owner, pool)).data.jornadas.map((j) => [j.position, j.points, j.leaderPoints])).toEqual([
      [null, null, 6],
      [null, null, 9],
    ]);

    // A jornada where nobody scores is played, and has no winner.
    const m5 = await t.api.match(admin, { weekNumber: 63 });
    for (const who of [zoe!, ana!, carla!, dani!]) await pick(who, m5, 'home');
    await t.api.result(admin, m5, 0, 1);
    const third = await jornada(ana!, pool, 63);
    expect(third.data.winners).toEqual([]);
    expect(third.data.positions.every((p) => !p.winner && p.position === 1)).toBe(true);
    const afterThird = await ranking(ana!, pool);
    expect(afterThird.leaderboard.jornadas.map((j) => j.weekNumber)).toEqual([61, 62, 63]);
    expect(afterThird.leaderboard.positions.map((p) => [p.username, p.movement, p.jornadasWon])).toEqual([
      ['Carla', 0, 1],
      ['Zoe', 0, 1],
      ['Ana', 0, 0],
      ['Dani', 0, 0],
    ]);

    // Members only, as the ranking: a stranger is refused every answer, an unknown pool is a 404.
    await get(stranger!, `/api/leaderboard/pool/${pool.id}/round/61`, 403);
    await get(stranger!, `/api/leaderboard/pool/${pool.id}/evolution`, 403);
    await get(ana!, '/api/leaderboard/pool/999999/evolution', 404);
    await get(ana!, '/api/leaderboard/pool/999999/round/61', 404);
  });

  it('are provisional until the jornada’s last counted match is finished: no winner, no jornada won, before', async () => {
    const owner = await t.createUser();
    const [ana, beto] = await Promise.all(['Ana', 'Beto'].map((name) => t.createUser({ name })));
    const pool = await t.api.pool(owner, { players: [ana!, beto!] });
    const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const games = [];
    for (const hours of [1, 2, 3]) games.push(await t.api.match(admin, { weekNumber: 91, matchDate: soon(hours) }));
    for (const game of games) {
      await t.api.predict(ana!, pool, game, 'home');
      await t.api.predict(beto!, pool, game, 'away');
    }

    // One of three played: Ana leads the jornada, and has won nothing.
    await t.api.result(admin, games[0]!, 1, 0);
    const provisional = (await jornada(beto!, pool, 91)).data;
    expect(provisional).toMatchObject({ over: false, pending: 2, winners: [] });
    expect(provisional.positions.map((p) => [p.username, p.points, p.winner])).toEqual([
      ['Ana', 3, false],
      ['Beto', 0, false],
    ]);
    const during = await ranking(beto!, pool);
    expect(during.leaderboard.jornadas).toEqual([{ weekNumber: 91, label: 'Jornada 91', over: false }]);
    expect(during.leaderboard.positions.map((p) => [p.username, p.jornadasWon])).toEqual([
      ['Ana', 0],
      ['Beto', 0],
    ]);

    // Beto takes the lead a result later, and the jornada is still nobody's.
    await t.api.result(admin, games[1]!, 0, 1);
    await t.api.result(admin, games[2]!, 0, 2);
    const over = (await jornada(ana!, pool, 91)).data;
    expect(over).toMatchObject({ over: true, pending: 0, winners: [beto!.userProfile.id] });
    expect((await ranking(ana!, pool)).leaderboard.positions.map((p) => [p.username, p.jornadasWon])).toEqual([
      ['Beto', 1],
      ['Ana', 0],
    ]);
  });

  it('are not held open by a match put off for weeks, nor by one left without a result while later ones have theirs', async () => {
    const owner = await t.createUser();
    const ana = await t.createUser({ name: 'Ana' });
    const pool = await t.api.pool(owner, { players: [ana] });
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    // Competitions of their own, so that no other test's matches take part in the rule.
    const game = (competition: string, weekNumber: number, hours: number) =>
      t.api.match(admin, { competition, weekNumber, matchDate: at(hours) });

    // Put off: its second match moves a month later (its status stays `scheduled`).
    const [first, second] = [await game('aplazados', 92, 1), await game('aplazados', 92, 2)];
    for (const match of [first, second]) await t.api.predict(ana, pool, match, 'home');
    await t.api.result(admin, first, 1, 0);
    expect((await jornada(ana, pool, 92)).data).toMatchObject({ over: false, pending: 1, winners: [] });
    await t.api.updateMatch(admin, second, { matchDate: at(30 * 24) });
    expect((await jornada(ana, pool, 92)).data).toMatchObject({ over: true, pending: 0, winners: [ana.userProfile.id] });

    // Left behind: a match of 5 days ago without a result holds its jornada open until a match of its competition
    // played more than two days after it has a result (the source has moved on without it).
    const [played, silent] = [await game('sin-resultado', 93, 1), await game('sin-resultado', 93, 2)];
    for (const match of [played, silent]) await t.api.predict(ana, pool, match, 'home');
    for (const match of [played, silent]) await t.api.updateMatch(admin, match, { matchDate: at(-5 * 24) });
    await t.api.result(admin, played, 2, 0);
    expect((await jornada(ana, pool, 93)).data).toMatchObject({ over: false, pending: 1 });
    const later = await game('sin-resultado', 94, 1);
    await t.api.result(admin, later, 0, 0);
    expect((await jornada(ana, pool, 93)).data).toMatchObject({ over: true, pending: 0, winners: [ana.userProfile.id] });
  });

  it('answers a jornada table with an ETag, and a changed result at the next read', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await t.api.match(admin, { weekNumber: 71 });
    await t.api.predict(player, pool, match, 'home');
    await t.api.result(admin, match, 1, 0);
    const url = `/api/leaderboard/pool/${pool.id}/round/71`;
    const first = await t.injectAs(player.session.accessToken, { method: 'GET', url });
    expect(first.json().data.winners).toEqual([player.userProfile.id]);
    const etag = first.headers.etag as string;
    expect((await t.injectAs(player.session.accessToken, { method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await t.api.result(admin, match, 0, 1);
    const changed = await t.injectAs(player.session.accessToken, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ winners: [], positions: [{ points: 0, winner: false }] });
  });
});
