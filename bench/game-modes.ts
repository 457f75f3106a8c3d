// Applying one result to a 10,000-member exact-score pool ("Clásica", with the comodín) as a ratio to a full
// recompute of the pool, both measured in the same run (the one scoring rule, server/modules/leaderboard/scoring.ts).
//   npm run bench:game-modes   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { matches } from '#server/db/schema';
import { createServices } from '#server/services';
import { fillBigPool, finishedMatches, MEMBERS } from './big-pool.ts';
import { fmt, fmtRatio, interleaved, onBenchDatabases } from './support.ts';

const MATCHES = 100;

await onBenchDatabases(async (label, handle) => {
  const { db } = handle;
  const fill = await fillBigPool(db, {
    matches: finishedMatches(MATCHES),
    game: { gameMode: 'exactScore', pointsPreset: 'clasica', pointsExact: 3, pointsDifference: 2, pointsOutcome: 1, pointsTeamGoals: 0, joker: true },
    // Every member predicts a score of every match (0–3 goals a side); the comodín on one match of each jornada.
    predictions: sql`
      insert into predictions (pool_id, user_id, match_id, prediction, score_home, score_away, joker)
      select pp.pool_id, pp.user_id, m.id, case when g.h > g.a then 'home' when g.h < g.a then 'away' else 'draw' end, g.h, g.a,
             (pp.user_id + m.id) % 10 = 0
      from pool_participants pp cross join matches m
      cross join lateral (select (pp.user_id * 7 + m.id * 13) % 4 as h, (pp.user_id * 11 + m.id * 5) % 4 as a) g`,
    analyze: true,
  });
  const [pool] = await db.execute(sql`select id from pools`).then((r) => (r as { rows: { id: number }[] }).rows);
  const poolId = pool!.id;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const { standings } = (await createServices({ database: handle, config, log: console })).repositories;
  const now = () => new Date();

  // One corrected result: a goal more for the home side, so that exact scores, differences and outcomes all move.
  const [match] = await db.select().from(matches).where(eq(matches.round, 'Partido 1'));
  const corrected = { ...match!, scoreHome: match!.scoreHome! + 1 };
  let moved = false;
  // Baseline: every prediction of the pool scored again; rounds interleave it with the measure.
  const timings = await interleaved(() => standings.recompute([poolId], now()), {
    incremental: async () => {
      const [from, to] = moved ? [corrected, match!] : [match!, corrected];
      moved = !moved;
      await db.transaction((tx) => standings.applyResultChange(tx, match!.id, from, to, now()));
    },
  });

  console.log(`\n${label}: exact-score pool with comodín, ${MEMBERS} members, ${MATCHES} finished matches, ${MEMBERS * MATCHES} predictions (filled in ${fmt(fill.ms / 1000)} s); ${timings.rounds} interleaved rounds, medians`);
  console.log(`  full recompute from all predictions     ${fmt(timings.baselineMs)} ms   (baseline 1.00)`);
  console.log(`  one result applied incrementally        ${fmt(timings.incremental.ms)} ms   ratio ${fmtRatio(timings.incremental.ratio)}`);
});
