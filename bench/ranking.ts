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
import { benchDatabases, fmt, fmtRatio, interleaved, timed } from './support.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const MATCHES = 100;

for (const target of benchDatabases()) {
  const handle = await target.open();
  const { db } = handle;
  try {
    const fill = await timed(async () => {
      await db.execute(sql`insert into roles (name) values ('user') on conflict do nothing`);
      await db.execute(sql`
        insert into users (name, email, password_hash, role_id)
        select 'Jugador ' || i, 'bench' || i || '@example.com', 'x', (select id from roles where name = 'user')
        from generate_series(0, ${MEMBERS}) i`);
      await db.execute(sql`insert into teams (name) values ('Local'), ('Visitante')`);
      await db.execute(sql`
        insert into matches (competition, round, week_number, match_date, home_team_id, away_team_id, score_home, score_away, status)
        select 'bench', 'Jornada ' || i, 1 + i / 10, now() - interval '1 day',
               (select min(id) from teams), (select max(id) from teams), i % 3, (i / 3) % 3, 'finished'
        from generate_series(1, ${MATCHES}) i`);
      await db.execute(sql`
        insert into pools (name, max_participants, participant_count, invitation_code, creator_id)
        values ('Bench', 1000, 0, 123456, (select min(id) from users))`);
      // pools.max_participants is capped at 1000 by the product; the benchmark bypasses it on purpose.
      await db.execute(sql`alter table pools drop constraint pools_capacity`);
      await db.execute(sql`
        insert into pool_participants (pool_id, user_id)
        select (select id from pools), id from users where id > (select min(id) from users)`);
      await db.execute(sql`insert into standings (pool_id, user_id) select pool_id, user_id from pool_participants`);
      await db.execute(sql`
        insert into predictions (pool_id, user_id, match_id, prediction)
        select pp.pool_id, pp.user_id, m.id, (array['home','draw','away'])[1 + ((pp.user_id * 7 + m.id * 13) % 3)]
        from pool_participants pp cross join matches m`);
    });
    const [pool] = await db.execute(sql`select id from pools`).then((r) => (r as { rows: { id: number }[] }).rows);
    const poolId = pool!.id;
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const services = await createServices({ database: handle, config, log: console });
    const { standings } = services.repositories;
    // What server/main.ts does after the migrations and the seed.
    await services.refreshStatistics();
    const now = () => new Date();

    // One corrected result applied incrementally (flip a match between two outcomes).
    const [match] = await db.select().from(matches).where(eq(matches.round, 'Jornada 1'));
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

    console.log(`\n${target.label}: pool of ${MEMBERS} members, ${MATCHES} finished matches, ${MEMBERS * MATCHES} predictions (filled in ${fmt(fill.ms / 1000)} s); ${timings.rounds} interleaved rounds, medians`);
    console.log(`  naive recompute from all predictions   ${fmt(timings.baselineMs)} ms   (baseline 1.00)`);
    console.log(`  ranking read (stored standings)         ${fmt(timings.read.ms)} ms   ratio ${fmtRatio(timings.read.ratio)}`);
    console.log(`  one result applied incrementally        ${fmt(timings.incremental.ms)} ms   ratio ${fmtRatio(timings.incremental.ratio)}`);
  } finally {
    await handle.close();
  }
}
