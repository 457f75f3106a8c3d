// The jornada table for a 10,000-member pool with 38 jornadas (10 finished matches each, 3,800,000 predictions), as
// ratios to recomputing the pool from all its predictions. Each measure is the median of RUNS runs (after a
// warm-up), with the fastest and slowest.
//   npm run bench:jornadas   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { sql } from 'drizzle-orm';
import type { UserProfile } from '#contract/index';
import { loadConfig } from '#server/config';
import { rankRows } from '#server/modules/leaderboard/ranking';
import { createServices } from '#server/services';
import { awayTeam, fillBigPool, homeTeam, MEMBERS } from './big-pool.ts';
import { BENCH_RUNS as RUNS, fmt, measure, onBenchDatabases, timed } from './support.ts';

const JORNADAS = 38;
const MATCHES_PER_JORNADA = 10;

await onBenchDatabases(async (label, handle) => {
  const { db } = handle;
  const matches = JORNADAS * MATCHES_PER_JORNADA;
  const fill = await fillBigPool(db, {
    matches: sql`
      select 'bench', 'Matchday ' || (1 + (i - 1) / ${MATCHES_PER_JORNADA}) || ' #' || i, 1 + (i - 1) / ${MATCHES_PER_JORNADA},
             now() - interval '1 day' * (${matches} - i), ${homeTeam}, ${awayTeam}, i % 3, (i / 3) % 3, 'finished'
      from generate_series(1, ${matches}) i`,
    joinedAt: sql`now() - interval '1 year'`,
    analyze: true,
  });
  const [pool] = await db.execute(sql`select id, creator_id from pools`).then((r) => (r as { rows: { id: number; creator_id: number }[] }).rows);
  const poolId = pool!.id;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const services = await createServices({ database: handle, config, log: console });
  const { standings } = services.repositories;
  const creator = { id: pool!.creator_id, name: 'Jugador 0', email: 'bench0@example.com', role: 'user' } as UserProfile;
  const week = JORNADAS;
  // The stored standings, as the app keeps them.
  const stored = await timed(() => standings.recompute([poolId], new Date()));
  const storedRows = ((await db.execute(sql`select count(*)::int as n from round_standings`)) as { rows: { n: number }[] }).rows[0]!.n;

  // Baseline: the naive way, every prediction of the pool scored again (both the general and the jornada standings).
  const naive = await measure(() => standings.recompute([poolId], new Date()));
  // Before jornadas were stored: the jornada's table computed from its predictions (its 10 matches' picks).
  const fromPicks = await measure(async () => rankRows(await standings.roundRowsFromPredictions(poolId, week)));
  // The app: the first read after a change (nothing cached: the ranking's season, then the jornada's stored rows).
  // The change is a no-op write to the pool (it moves the 'standings' version), made before each run, untimed.
  const bump = () => db.execute(sql`update pools set standings_updated_at = now() where id = ${poolId}`);
  const firstRead = await measure(() => services.leaderboard.roundRanking(creator, poolId, week), bump);
  // Repeated reads: served from memory.
  const repeated = await measure(() => services.leaderboard.roundRanking(creator, poolId, week));
  // The general table the same way, and the evolution (every table after each jornada) after a change.
  const general = await measure(() => services.leaderboard.ranking(creator, poolId), bump);
  const evolution = await measure(() => services.leaderboard.evolution(creator, poolId), bump);

  const line = (label: string, m: { median: number; min: number; max: number }) =>
    console.log(`  ${label.padEnd(58)} ${fmt(m.median).padStart(8)} ms (${fmt(m.min)}–${fmt(m.max)})   ratio ${fmt(m.median / naive.median, 4)}`);
  console.log(
    `\n${label}: pool of ${MEMBERS} members, ${JORNADAS} jornadas of ${MATCHES_PER_JORNADA} finished matches, ` +
      `${MEMBERS * matches} predictions, ${storedRows} stored jornada rows (filled in ${fmt(fill.ms / 1000)} s, stored in ${fmt(stored.ms / 1000)} s); median of ${RUNS}`,
  );
  line('naive recompute from all predictions (baseline)', naive);
  line(`jornada ${week} table computed from its predictions (before)`, fromPicks);
  line(`jornada ${week} table, first read after a change`, firstRead);
  line(`jornada ${week} table, repeated read (cached)`, repeated);
  line('general table with movement, first read after a change', general);
  line('evolution (every table after each jornada), after a change', evolution);
});
