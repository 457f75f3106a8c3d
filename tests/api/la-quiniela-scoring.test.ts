import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PredictionChoiceSchema, type Match, type MatchStatus, type Pool, type PredictionChoice, type SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import { boletoMatches, matches, predictions } from '#server/db/schema';
import { boletoScoresSql, scoreBoleto, type BoletoLine } from '#server/modules/leaderboard/boleto-scoring';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The boleto's rule exists twice, `scoreBoleto` (TypeScript) and `boletoScoresSql` (SQL, what the boleto standings are
 * made of): on random boletos of picks and results both must say what the real game says, written here once more on
 * its own terms: count the right signs of the first 14; the Pleno al 15 (goals as 0, 1, 2, M) adds one only with
 * those 14 all right.
 */
let t: TestApp;
let admin: SignInResponse;
let pool: Pool;
let players: SignInResponse[];
let games: Match[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  const owner = await t.createUser();
  players = await Promise.all([0, 1, 2].map(() => t.createUser()));
  pool = await t.api.pool(owner, { game: { mode: 'laQuiniela', joker: false, knockoutFromWeek: null }, players });
  games = [];
  for (let i = 0; i < 15; i++) games.push(await t.api.match(admin));
  await t.db.insert(boletoMatches).values(games.map((g, i) => ({ poolId: pool.id, number: 1, position: i + 1, matchId: g.id })));
}, 60_000);
afterAll(() => t.close());

/** The real game's rule, independently: "M" is three goals or more. */
function reference(picks: ({ sign: PredictionChoice } | null)[], pleno: { home: string; away: string } | null, results: (readonly [number, number] | null)[]): number {
  const sign = (h: number, a: number): PredictionChoice => (h === a ? 'draw' : h > a ? 'home' : 'away');
  const label = (goals: number) => (goals >= 3 ? 'M' : String(goals));
  let right = 0;
  for (let i = 0; i < 14; i++) {
    const r = results[i];
    if (r && picks[i] && picks[i]!.sign === sign(r[0], r[1])) right++;
  }
  const last = results[14];
  const plenoRight = last !== null && last !== undefined && pleno !== null && pleno.home === label(last[0]) && pleno.away === label(last[1]);
  return right === 14 && plenoRight ? 15 : right;
}

const choice = fc.constantFrom<PredictionChoice>(...PredictionChoiceSchema.options);
/** Mostly finished matches and right signs, so that 14 (and the Pleno) come often. */
const result = fc.option(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { nil: null, freq: 20 });
const sign = fc.oneof({ arbitrary: fc.constant('right' as const), weight: 20 }, { arbitrary: choice, weight: 1 });
const player = fc.record({
  signs: fc.array(fc.option(sign, { nil: null, freq: 30 }), { minLength: 14, maxLength: 14 }),
  // A Pleno guessed at random is right one time in sixteen: 'right' (the result's buckets) makes 15 common too.
  pleno: fc.option(
    fc.oneof({ arbitrary: fc.constant('right' as const), weight: 3 }, { arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), weight: 1 }),
    { nil: null, freq: 5 },
  ),
});
const LABELS = ['0', '1', '2', 'M'];

describe('the boleto rule', () => {
  it('scores random boletos the same in SQL, in TypeScript and by the real game’s rule (property)', async () => {
    let [fifteens, fourteens] = [0, 0];
    await fc.assert(
      fc.asyncProperty(fc.array(result, { minLength: 15, maxLength: 15 }), fc.array(player, { minLength: 3, maxLength: 3 }), async (results, picks) => {
        const outcome = (r: readonly [number, number]): PredictionChoice => (r[0] === r[1] ? 'draw' : r[0] > r[1] ? 'home' : 'away');
        await t.db.delete(predictions).where(sql`${predictions.poolId} = ${pool.id}`);
        for (const [i, game] of games.entries()) {
          const r = results[i];
          await t.db
            .update(matches)
            .set(r ? { status: 'finished', scoreHome: r[0], scoreAway: r[1] } : { status: 'scheduled', scoreHome: null, scoreAway: null })
            .where(sql`${matches.id} = ${game.id}`);
        }
        const expected: number[] = [];
        const typed: number[] = [];
        for (const [p, who] of players.entries()) {
          const { signs, pleno: guessed } = picks[p]!;
          const last = results[14];
          const pleno: readonly [number, number] | null = guessed === 'right' ? (last ? [Math.min(last[0], 3), Math.min(last[1], 3)] : [0, 0]) : guessed;
          const chosen = signs.map((s, i) => (s === null ? null : s === 'right' ? (results[i] ? outcome(results[i]) : 'home') : s));
          const rows = chosen.flatMap((prediction, i) =>
            prediction === null ? [] : [{ poolId: pool.id, userId: who.userProfile.id, matchId: games[i]!.id, prediction }],
          );
          if (pleno)
            rows.push({
              poolId: pool.id,
              userId: who.userProfile.id,
              matchId: games[14]!.id,
              prediction: outcome(pleno),
              ...{ scoreHome: pleno[0], scoreAway: pleno[1] },
            });
          if (rows.length > 0) await t.db.insert(predictions).values(rows);
          expected.push(reference(chosen.map((c) => (c === null ? null : { sign: c })), pleno && { home: LABELS[pleno[0]]!, away: LABELS[pleno[1]]! }, results));
          const lines: BoletoLine[] = games.map((_, i) => {
            const r = results[i];
            const match = { status: (r ? 'finished' : 'scheduled') as MatchStatus, scoreHome: r?.[0] ?? null, scoreAway: r?.[1] ?? null };
            const pick =
              i < 14
                ? chosen[i] === null ? null : { prediction: chosen[i]!, scoreHome: null, scoreAway: null }
                : pleno && { prediction: outcome(pleno), scoreHome: pleno[0], scoreAway: pleno[1] };
            return { position: i + 1, pick, match };
          });
          typed.push(scoreBoleto(lines).aciertos);
        }
        const rows = await queryRows<{ user_id: number; aciertos: number }>(t.db, boletoScoresSql(sql`b.pool_id = ${pool.id} and b.number = 1`));
        const stored = new Map(rows.map((r) => [Number(r.user_id), Number(r.aciertos)]));
        const inSql = players.map((who) => stored.get(who.userProfile.id) ?? 0);
        expect(typed).toEqual(expected);
        expect(inSql).toEqual(expected);
        fifteens += expected.filter((n) => n === 15).length;
        fourteens += expected.filter((n) => n === 14).length;
      }),
      { numRuns: 150 },
    );
    // The runs reach the Pleno's rule both ways.
    expect(fifteens).toBeGreaterThan(0);
    expect(fourteens).toBeGreaterThan(0);
  }, 120_000);
});
