// The "Resultados" segment for a 10,000-member pool with 38 jornadas of 10 matches, as ratios to the naive way:
// recomputing the pool from all its predictions (the baseline of bench/ranking.ts, measured in the same run).
//   npm run bench:pool-results   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
//   BENCH_MEMBERS, BENCH_PICK_PERCENT (share of the matches each member picks, 100 by default) scale it down.
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { awayTeam, fillBigPool, homeTeam, MEMBERS } from './big-pool.ts';
import { fmt, fmtRatio, interleaved, onBenchDatabases } from './support.ts';

const JORNADAS = 38;
const MATCHES_PER_JORNADA = 10;
const PICK_PERCENT = Number(process.env.BENCH_PICK_PERCENT ?? 100);

await onBenchDatabases(async (label, handle) => {
  const { db } = handle;
  const fill = await fillBigPool(db, {
    // A season: jornadas 1 to 37 played, the last under way (3 finished, 1 live, 6 to come).
    matches: sql`
      select 'bench', 'Partido ' || i, w, now() + (case when w = ${JORNADAS} and k > 4 then interval '2 days' else interval '-1 day' * (${JORNADAS} - w + 1) end),
             ${homeTeam}, ${awayTeam},
             case when w < ${JORNADAS} or k <= 3 then i % 3 end, case when w < ${JORNADAS} or k <= 3 then (i / 3) % 3 end,
             case when w < ${JORNADAS} or k <= 3 then 'finished' when k = 4 then 'live' else 'scheduled' end
      from generate_series(1, ${JORNADAS * MATCHES_PER_JORNADA}) i,
           lateral (select 1 + (i - 1) / ${MATCHES_PER_JORNADA} as w, 1 + (i - 1) % ${MATCHES_PER_JORNADA} as k) j`,
    pickPercent: PICK_PERCENT,
    analyze: true,
  });
  const [{ pool_id: poolId, member_id: memberId, picks }] = (await db
    .execute(sql`select (select id from pools) as pool_id, (select max(id) from users) as member_id, (select count(*)::int from predictions) as picks`)
    .then((r) => (r as { rows: { pool_id: number; member_id: number; picks: number }[] }).rows)) as [
    { pool_id: number; member_id: number; picks: number },
  ];

  // The real app, as served: routing, auth, validation and serialisation (inject, no sockets).
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', SEED_DATA: 'false', RESULTS_POLL_MINUTES: '0', REMINDERS_POLL_SECONDS: '0' }),
    database: handle,
  });
  await app.ready();
  try {
    const { standings, sessions } = app.services.repositories;
    const token = await sessions.create(memberId, new Date(Date.now() + 86_400_000));
    // The bytes of the answer.
    const read = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/predictions/pool/${poolId}/results${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.rawPayload.length;
    };

    // Baseline: the naive way, every prediction of the pool scored again; rounds interleave it with the reads.
    const sizes: Record<string, number> = {};
    const timings = await interleaved(() => standings.recompute([poolId], new Date()), {
      newest: async () => (sizes.newest = await read('')),
      oldest: async () => (sizes.oldest = await read('?weekNumber=1')),
    });

    console.log(
      `\n${label}: pool of ${MEMBERS} members, ${JORNADAS} jornadas of ${MATCHES_PER_JORNADA} matches, ${picks} predictions (filled in ${fmt(fill.ms / 1000)} s); ${timings.rounds} interleaved rounds, medians`,
    );
    console.log(`  naive recompute from all predictions         ${fmt(timings.baselineMs)} ms   (baseline 1.00)`);
    console.log(`  results, newest jornada (default, 4 started)  ${fmt(timings.newest.ms)} ms   ratio ${fmtRatio(timings.newest.ratio)}   ${fmt(sizes.newest! / 1024)} KiB`);
    console.log(`  results, jornada 1 (10 finished)             ${fmt(timings.oldest.ms)} ms   ratio ${fmtRatio(timings.oldest.ratio)}   ${fmt(sizes.oldest! / 1024)} KiB`);
  } finally {
    await app.close();
  }
});
