// Applying one result to a 10,000-member exact-score pool ("Clásica", with the comodín) as a ratio to a full
// recompute of the pool, both measured in the same run (the one scoring rule, server/modules/leaderboard/scoring.ts).
//   npm run bench:game-modes   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { matches } from '#server/db/schema';
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
        select 'bench', 'Partido ' || i, 1 + i / 10, now() - interval '1 day',
               (select min(id) from teams), (select max(id) from teams), i % 3, (i / 3) % 3, 'finished'
        from generate_series(1, ${MATCHES}) i`);
      await db.execute(sql`
        insert into pools (name, max_participants, participant_count, invitation_code, creator_id,
                           game_mode, points_preset, points_exact, points_difference, points_outcome, points_team_goals, joker)
        values ('Bench', 1000, 0, 123456, (select min(id) from users), 'exactScore', 'clasica', 3, 2, 1, 0, true)`);
      // pools.max_participants is capped at 1000 by the product; the benchmark bypasses it on purpose.
      await db.execute(sql`alter table pools drop constraint pools_capacity`);
      await db.execute(sql`
        insert into pool_participants (pool_id, user_id)
        select (select id from pools), id from users where id > (select min(id) from users)`);
      await db.execute(sql`insert into standings (pool_id, user_id) select pool_id, user_id from pool_participants`);
      // Every member predicts a score of every match (0–3 goals a side); the comodín on one match of each jornada.
      await db.execute(sql`
        insert into predictions (pool_id, user_id, match_id, prediction, score_home, score_away, joker)
        select pp.pool_id, pp.user_id, m.id, case when g.h > g.a then 'home' when g.h < g.a then 'away' else 'draw' end, g.h, g.a,
               (pp.user_id + m.id) % 10 = 0
        from pool_participants pp cross join matches m
        cross join lateral (select (pp.user_id * 7 + m.id * 13) % 4 as h, (pp.user_id * 11 + m.id * 5) % 4 as a) g`);
      await db.execute(sql`analyze`);
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

    console.log(`\n${target.label}: exact-score pool with comodín, ${MEMBERS} members, ${MATCHES} finished matches, ${MEMBERS * MATCHES} predictions (filled in ${fmt(fill.ms / 1000)} s); ${timings.rounds} interleaved rounds, medians`);
    console.log(`  full recompute from all predictions     ${fmt(timings.baselineMs)} ms   (baseline 1.00)`);
    console.log(`  one result applied incrementally        ${fmt(timings.incremental.ms)} ms   ratio ${fmtRatio(timings.incremental.ratio)}`);
  } finally {
    await handle.close();
  }
}
