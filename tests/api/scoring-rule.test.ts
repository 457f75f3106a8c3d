import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PredictionChoiceSchema, type Match, type MatchStatus, type Pool, type PredictionChoice, type SignInResponse, type Team } from '#contract/index';
import { queryRows } from '#server/db/client';
import { matches, roundStandings, standings } from '#server/db/schema';
import { pickScoreChangeSql, pickScoreSql, resultValues, scorePick, type MatchResult } from '#server/modules/leaderboard/scoring';
import type { StandingRow } from '#server/modules/leaderboard/ranking';
import { createStandingsRepository } from '#server/modules/leaderboard/standings.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The scoring rule exists twice, `scorePick` (TypeScript, the reference) and `pickScoreSql` (SQL, what
 * standings are made of): on random picks and results, the database must score exactly as the reference,
 * first the SQL definition on its own, then the standings the app stores and recomputes with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 200 or 201 answer's data, from a request made as `who`. */
async function send<T>(who: SignInResponse, method: 'POST' | 'PATCH', url: string, payload: object): Promise<T> {
  const res = await t.injectAs(who.session.accessToken, { method, url, payload });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().data as T;
}

const choice = fc.constantFrom<PredictionChoice>(...PredictionChoiceSchema.options);
const score = fc.option(fc.integer({ min: 0, max: 15 }), { nil: null, freq: 4 });
const status = fc.constantFrom<MatchStatus>('scheduled', 'live', 'finished');
/** Any result, a finished one without a score included (the database refuses to store it, the rule still answers). */
const anyResult: fc.Arbitrary<MatchResult> = fc.record({ status, scoreHome: score, scoreAway: score });
/** A result the app accepts (a finished match has both scores), with small scores so that draws come often. */
const smallScore = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 4 });
const savedResult = fc
  .record({ status, scoreHome: smallScore, scoreAway: smallScore })
  .filter((r) => r.status !== 'finished' || (r.scoreHome !== null && r.scoreAway !== null));

describe('the SQL scoring rule', () => {
  it('scores any pick on any result, and any result change, as the TypeScript reference (property)', async () => {
    await fc.assert(
      fc.asyncProperty(choice, anyResult, anyResult, async (pick, before, after) => {
        const pickSql = sql`${pick}::text`;
        const score = pickScoreSql(pickSql, resultValues(after));
        const change = pickScoreChangeSql(pickSql, resultValues(before), resultValues(after));
        const [row] = await queryRows<{ correct: number; points: number; correct_change: number; points_change: number }>(
          t.db,
          sql`select ${score.correct} as correct, ${score.points} as points,
                     ${change.correct} as correct_change, ${change.points} as points_change`,
        );
        const [was, is] = [scorePick(pick, before), scorePick(pick, after)];
        expect(row).toEqual({ correct: is.correct, points: is.points, correct_change: is.correct - was.correct, points_change: is.points - was.points });
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('gives the stored, recomputed and round standings the reference totals after any result changes (property)', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const owner = await t.createUser();
    const players = await Promise.all(PredictionChoiceSchema.options.map(() => t.createUser()));
    const home = await send<Team>(admin, 'POST', '/api/teams', { name: 'Local FC' });
    const away = await send<Team>(admin, 'POST', '/api/teams', { name: 'Visitante CF' });
    const pool = await send<Pool>(owner, 'POST', '/api/pools', { name: 'Puntos', invitationCode: 734512, creatorId: owner.userProfile.id });
    for (const p of players) await send(p, 'POST', '/api/pools/join', { invitationCode: pool.invitationCode, userId: p.userProfile.id });
    const games: Match[] = [];
    for (const weekNumber of [1, 1, 2]) {
      games.push(await send<Match>(admin, 'POST', '/api/matches', { weekNumber, round: `Puntos ${games.length}`, matchDate: '2099-01-01T20:00:00Z', homeTeamId: home.id, awayTeamId: away.id }));
    }
    // Every choice on every match: player i picks choice i + j on match j.
    const picks = players.flatMap((player, i) => games.map((_, j) => ({ player, game: j, pick: PredictionChoiceSchema.options[(i + j) % 3]! })));
    for (const { player, game, pick } of picks) {
      await send(player, 'POST', '/api/predictions', { prediction: pick, userId: player.userProfile.id, matchId: games[game]!.id, poolId: pool.id });
    }
    const repo = createStandingsRepository(t.db);
    const unplayed: MatchResult = { status: 'scheduled', scoreHome: null, scoreAway: null };
    const results: MatchResult[] = games.map(() => unplayed);
    const totals = (rows: Omit<StandingRow, 'username'>[]) =>
      rows.map(({ userId, points, correctPicks }) => ({ userId, points, correctPicks })).sort((x, y) => x.userId - y.userId);
    /** The reference totals per player, over the matches `inScope`. */
    const expected = (inScope: (game: number) => boolean) =>
      totals(
        players.map((player) => {
          const scores = picks.filter((p) => p.player === player && inScope(p.game)).map((p) => scorePick(p.pick, results[p.game]!));
          return { userId: player.userProfile.id, points: scores.reduce((sum, s) => sum + s.points, 0), correctPicks: scores.reduce((sum, s) => sum + s.correct, 0) };
        }),
      );

    const resultChange = fc.record({ game: fc.nat({ max: games.length - 1 }), result: savedResult });
    await fc.assert(
      fc.asyncProperty(fc.array(resultChange, { minLength: 1, maxLength: 6 }), async (changes) => {
        // Each run starts from no results and no points, set directly (not by the rule under test).
        await t.db.update(matches).set(unplayed).where(inArray(matches.id, games.map((g) => g.id)));
        await t.db.update(standings).set({ points: 0, correctPicks: 0 }).where(eq(standings.poolId, pool.id));
        await t.db.delete(roundStandings).where(eq(roundStandings.poolId, pool.id));
        results.fill(unplayed);
        for (const { game, result } of changes) {
          await send(admin, 'PATCH', `/api/matches/${games[game]!.id}`, result);
          results[game] = result;
        }
        // Incremental: each change moved the standings by the SQL delta.
        expect(totals(await repo.rows(pool.id))).toEqual(expected(() => true));
        await repo.recompute([pool.id], new Date());
        expect(totals(await repo.rows(pool.id))).toEqual(expected(() => true));
        for (const week of [1, 2]) {
          const inWeek = expected((game) => games[game]!.weekNumber === week);
          expect(totals(await repo.roundRows(pool.id, week))).toEqual(inWeek);
          expect(totals(await repo.roundRowsFromPredictions(pool.id, week))).toEqual(inWeek);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
