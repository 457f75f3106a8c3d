import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PredictionChoiceSchema,
  outcomeOfScore,
  type CreatePoolBody,
  type GameRules,
  type Match,
  type MatchStatus,
  type Pool,
  type PredictionChoice,
  type SignInResponse,
} from '#contract/index';
import { queryRows } from '#server/db/client';
import { matches, roundStandings, standings } from '#server/db/schema';
import {
  exactPick,
  exactPickSql,
  pickScoreChangeSql,
  pickScoreSql,
  resultValues,
  scorePick,
  type GameScoringSql,
  type ScoredMatch,
  type ScoredPick,
  type ScoredPickSql,
} from '#server/modules/leaderboard/scoring';
import type { StandingRow } from '#server/modules/leaderboard/ranking';
import { createStandingsRepository } from '#server/modules/leaderboard/standings.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The scoring rule exists twice, `scorePick` (TypeScript, the reference) and `pickScoreSql` (SQL, what
 * standings are made of): on random picks, results and games, the database must score exactly as the reference,
 * first the SQL definition on its own, then the standings the app stores and recomputes with it, in pools of
 * every mode (1X2, exact score with a preset and with custom points, comodín, knock-out multiplier).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const choice = fc.constantFrom<PredictionChoice>(...PredictionChoiceSchema.options);
const score = fc.option(fc.integer({ min: 0, max: 15 }), { nil: null, freq: 4 });
const status = fc.constantFrom<MatchStatus>('scheduled', 'live', 'finished');
const week = fc.integer({ min: 1, max: 4 });
/** Any result, a finished one without a score included (the database refuses to store it, the rule still answers). */
const anyResult: fc.Arbitrary<ScoredMatch> = fc.record({ status, scoreHome: score, scoreAway: score, weekNumber: week });
/** A result the app accepts (a finished match has both scores), with small scores so that draws and hits come often. */
const smallScore = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 4 });
const savedResult = fc
  .record({ status, scoreHome: smallScore, scoreAway: smallScore, weekNumber: fc.integer({ min: 1, max: 3 }) })
  .filter((r) => r.status !== 'finished' || (r.scoreHome !== null && r.scoreAway !== null));
const goals = fc.integer({ min: 0, max: 4 });
/** A 1X2 pick or a predicted score, with or without the comodín. */
const anyPick: fc.Arbitrary<ScoredPick> = fc.oneof(
  fc.record({ prediction: choice, scoreHome: fc.constant(null), scoreAway: fc.constant(null), joker: fc.boolean() }),
  fc.tuple(goals, goals, fc.boolean()).map(([h, a, joker]) => ({ prediction: outcomeOfScore(h, a), scoreHome: h, scoreAway: a, joker })),
);
const point = fc.integer({ min: 0, max: 10 });
const anyGame: fc.Arbitrary<GameRules> = fc.record({
  mode: fc.constantFrom('outcome' as const, 'exactScore' as const),
  preset: fc.constant(null),
  points: fc.record({ exact: point, difference: point, outcome: point, teamGoals: point }),
  joker: fc.boolean(),
  knockoutFromWeek: fc.option(week, { nil: null }),
});

const pickValues = (pick: ScoredPick): ScoredPickSql => ({
  prediction: sql`${pick.prediction}::text`,
  scoreHome: sql`${pick.scoreHome}::int`,
  scoreAway: sql`${pick.scoreAway}::int`,
  joker: sql`${pick.joker}::boolean`,
});
const gameValues = ({ points, joker, knockoutFromWeek }: GameRules): GameScoringSql => ({
  exact: sql`${points.exact}::int`,
  difference: sql`${points.difference}::int`,
  outcome: sql`${points.outcome}::int`,
  teamGoals: sql`${points.teamGoals}::int`,
  joker: sql`${joker}::boolean`,
  knockoutFromWeek: sql`${knockoutFromWeek}::int`,
});

describe('the SQL scoring rule', () => {
  it('scores any pick on any result in any game, and any result change, as the TypeScript reference (property)', async () => {
    await fc.assert(
      fc.asyncProperty(anyPick, anyResult, anyResult, anyGame, async (pick, before, after, game) => {
        const score = pickScoreSql(pickValues(pick), resultValues(after), gameValues(game));
        const change = pickScoreChangeSql(pickValues(pick), resultValues(before), resultValues(after), gameValues(game));
        const [row] = await queryRows<{ correct: number; points: number; correct_change: number; points_change: number }>(
          t.db,
          sql`select ${score.correct} as correct, ${score.points} as points,
                     ${change.correct} as correct_change, ${change.points} as points_change`,
        );
        const [was, is] = [scorePick(pick, before, game), scorePick(pick, after, game)];
        expect(row).toEqual({ correct: is.correct, points: is.points, correct_change: is.correct - was.correct, points_change: is.points - was.points });
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('counts an exact score as the TypeScript reference on any pick and result (property; the tie-break by exact scores, decision 083)', async () => {
    await fc.assert(
      fc.asyncProperty(anyPick, fc.oneof(anyResult, savedResult), async (pick, result) => {
        const [row] = await queryRows<{ exact: number }>(t.db, sql`select ${exactPickSql(pickValues(pick), resultValues(result))} as exact`);
        expect(row!.exact).toBe(exactPick(pick, result) ? 1 : 0);
      }),
      { numRuns: 500 },
    );
  }, 120_000);

  it('gives the stored, recomputed and round standings of pools of every mode the reference totals after any result changes (property)', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const owner = await t.createUser();
    const players: SignInResponse[] = await Promise.all([0, 1, 2].map(() => t.createUser()));
    const competition = 'copa-puntos';
    const games: Match[] = [];
    for (const weekNumber of [1, 1, 2]) games.push(await t.api.match(admin, { competition, weekNumber, matchDate: '2099-01-01T20:00:00Z' }));
    const rules: CreatePoolBody['game'][] = [
      undefined,
      { mode: 'outcome', joker: true, knockoutFromWeek: 2 },
      { mode: 'exactScore', preset: 'clasica', joker: true, knockoutFromWeek: 2 },
      { mode: 'exactScore', preset: 'polla', joker: false, knockoutFromWeek: null },
      { mode: 'exactScore', preset: 'custom', points: { exact: 7, difference: 4, outcome: 2, teamGoals: 1 }, joker: true, knockoutFromWeek: null },
    ];
    const pools: Pool[] = [];
    for (const game of rules) pools.push(await t.api.pool(owner, { competition, fromWeek: 1, game, players }));
    // Every outcome on every match: player i picks choice i + j on match j (in exact-score pools a score with
    // that outcome, exact for player 0); the comodín on the first match of a week for players 0 and 1.
    const scores: Record<PredictionChoice, [number, number]> = { home: [2, 1], draw: [1, 1], away: [0, 2] };
    const picks: { pool: Pool; player: SignInResponse; game: number; pick: ScoredPick }[] = [];
    for (const pool of pools) {
      for (const [i, player] of players.entries()) {
        for (const [j, match] of games.entries()) {
          const prediction = PredictionChoiceSchema.options[(i + j) % 3]!;
          const [h, a] = scores[prediction];
          const shaped = pool.game.mode === 'outcome' ? prediction : { scoreHome: h + (i === 0 ? 0 : i), scoreAway: a + (i === 0 ? 0 : i) };
          const stored = await t.api.predict(player, pool, match, shaped);
          const joker = pool.game.joker && i < 2 && j !== 1;
          if (joker) await t.api.joker(player, pool, match);
          picks.push({ pool, player, game: j, pick: { ...stored, joker } });
        }
      }
    }
    // They have been played (results are saved only after kick-off): set directly, not by the rule under test.
    await t.db.update(matches).set({ matchDate: new Date(Date.now() - 60_000) }).where(inArray(matches.id, games.map((g) => g.id)));
    const repo = createStandingsRepository(t.db);
    const unplayed = (j: number): ScoredMatch => ({ status: 'scheduled', scoreHome: null, scoreAway: null, weekNumber: games[j]!.weekNumber });
    const results: ScoredMatch[] = games.map((_, j) => unplayed(j));
    const totals = (rows: Omit<StandingRow, 'username'>[]) =>
      rows.map(({ userId, points, correctPicks }) => ({ userId, points, correctPicks })).sort((x, y) => x.userId - y.userId);
    /** The reference totals per player of `pool`, over the matches `inScope`. */
    const expected = (pool: Pool, inScope: (game: number) => boolean) =>
      totals(
        players.map((player) => {
          const own = picks.filter((p) => p.pool === pool && p.player === player && inScope(p.game));
          const scored = own.map((p) => scorePick(p.pick, results[p.game]!, pool.game));
          return { userId: player.userProfile.id, points: scored.reduce((sum, s) => sum + s.points, 0), correctPicks: scored.reduce((sum, s) => sum + s.correct, 0) };
        }),
      );
    const poolIds = pools.map((p) => p.id);

    const resultChange = fc.record({ game: fc.nat({ max: games.length - 1 }), result: savedResult });
    await fc.assert(
      fc.asyncProperty(fc.array(resultChange, { minLength: 1, maxLength: 6 }), async (changes) => {
        // Each run starts from no results and no points, set directly (not by the rule under test).
        for (const [j, match] of games.entries()) await t.db.update(matches).set(unplayed(j)).where(eq(matches.id, match.id));
        await t.db.update(standings).set({ points: 0, correctPicks: 0 }).where(inArray(standings.poolId, poolIds));
        await t.db.delete(roundStandings).where(inArray(roundStandings.poolId, poolIds));
        results.forEach((_, j) => (results[j] = unplayed(j)));
        for (const { game, result } of changes) {
          await t.api.updateMatch(admin, games[game]!, result);
          results[game] = result;
        }
        for (const pool of pools) {
          // Incremental: each change moved the standings by the SQL delta.
          expect(totals(await repo.rows(pool.id))).toEqual(expected(pool, () => true));
        }
        await repo.recompute(poolIds, new Date());
        for (const pool of pools) {
          expect(totals(await repo.rows(pool.id))).toEqual(expected(pool, () => true));
          for (const w of [1, 2, 3]) {
            const inWeek = expected(pool, (game) => results[game]!.weekNumber === w);
            expect(totals(await repo.roundRows(pool.id, w))).toEqual(inWeek);
            expect(totals(await repo.roundRowsFromPredictions(pool.id, w))).toEqual(inWeek);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
