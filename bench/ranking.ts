// Ranking read and result recompute for a 10,000-member pool with 100 finished
// matches, as ratios to the naive way: recomputing the pool from all its predictions.
// The pool is written in SQL, not through the app's write paths (bench/growth.ts does that); the planner then has
// the statistics the app keeps itself (services.refreshStatistics, as at start), never an ANALYZE of the bench's.
//   npm run bench:ranking   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { matches } from '#server/db/schema';
import { rankStandings } from '#server/modules/leaderboard/ranking';
import { createServices } from '#server/services';
import { fillBigPool, finishedMatches, MEMBERS } from './big-pool.ts';
import { fmt, fmtRatio, interleaved, onBenchDatabases } from './support.ts';

const MATCHES = 100;

await onBenchDatabases(async (label, handle) => {
  const { db } = handle;
  const fill = await fillBigPool(db, { matches: finishedMatches(MATCHES) });
  const [pool] = await db.execute(sql`select id from pools`).then((r) => (r as { rows: { id: number }[] }).rows);
  const poolId = pool!.id;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const services = await createServices({ database: handle, config, log: console });
  const { standings } = services.repositories;
  // What server/main.ts does after the migrations and the seed.
  await services.refreshStatistics();
  const now = () => new Date();

  // One corrected result applied incrementally (flip a match between two outcomes).
  const [match] = await db.select().from(matches).where(eq(matches.round, 'Partido 1'));
  // Its score reversed (a draw gets a home goal), so the outcome changes and every pick of it is scored again.
  const reversed = { ...match!, scoreHome: match!.scoreAway! + (match!.scoreHome === match!.scoreAway ? 1 : 0), scoreAway: match!.scoreHome };
  let flipped = false;
  // Baseline: the naive way, every prediction of the pool scored again; rounds interleave it with the measures.
  const timings = await interleaved(() => standings.recompute([poolId], now()), {
    // Reading the stored standings and ranking them: O(participants).
    read: async () => rankStandings(await standings.rows(poolId)),
    incremental: async () => {
      const [from, to] = flipped ? [reversed, match!] : [match!, reversed];
      flipped = !flipped;
      await db.transaction((tx) => standings.applyResultChange(tx, match!.id, from, to, now()));
    },
  });

  console.log(`\n${label}: pool of ${MEMBERS} members, ${MATCHES} finished matches, ${MEMBERS * MATCHES} predictions (filled in ${fmt(fill.ms / 1000)} s); ${timings.rounds} interleaved rounds, medians`);
  console.log(`  naive recompute from all predictions   ${fmt(timings.baselineMs)} ms   (baseline 1.00)`);
  console.log(`  ranking read (stored standings)         ${fmt(timings.read.ms)} ms   ratio ${fmtRatio(timings.read.ratio)}`);
  console.log(`  one result applied incrementally        ${fmt(timings.incremental.ms)} ms   ratio ${fmtRatio(timings.incremental.ratio)}`);
});
