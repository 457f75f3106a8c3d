// The missing-picks reminder scan (server/modules/reminders/pool-notices.repository.ts `claimMissingPicks`) for
// 100,000 players in 5,000 pools of 20, a jornada of 10 matches starting in 12 hours, each player with a push
// subscription and about half their picks made; as ratios to a plain indexed scan of the same rows (every player's
// picks of the jornada, counted) in the same run. Median of RUNS runs after a warm-up, with the fastest and slowest.
//   npm run bench:reminder-scan   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { sql } from 'drizzle-orm';
import { createPoolNoticesRepository } from '#server/modules/reminders/pool-notices.repository';
import { benchDatabases, fmt, medianRangeMs, timed } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const POOL_SIZE = 20;
const MATCHES = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const measure = (work: () => Promise<unknown>, prepare?: () => Promise<unknown>) => medianRangeMs(RUNS, work, prepare);

for (const target of benchDatabases()) {
  const handle = await target.open();
  const { db } = handle;
  try {
    const now = new Date();
    const fill = await timed(async () => {
      await db.execute(sql`insert into roles (name) values ('user') on conflict do nothing`);
      await db.execute(sql`
        insert into users (name, email, password_hash, role_id)
        select 'Jugador ' || i, 'bench' || i || '@example.com', 'x', (select id from roles where name = 'user')
        from generate_series(1, ${USERS}) i`);
      await db.execute(sql`insert into teams (name) values ('Local'), ('Visitante')`);
      await db.execute(sql`
        insert into matches (competition, round, week_number, match_date, home_team_id, away_team_id)
        select 'bench', 'Matchday 1 #' || i, 1, ${now.toISOString()}::timestamptz + interval '12 hours' + interval '2 hours' * i,
               (select min(id) from teams), (select max(id) from teams)
        from generate_series(1, ${MATCHES}) i`);
      await db.execute(sql`
        insert into pools (name, max_participants, participant_count, invitation_code, creator_id, competition, from_week)
        select 'Quiniela ' || i, ${POOL_SIZE}, ${POOL_SIZE}, 100000 + i, i * ${POOL_SIZE}, 'bench', 1
        from generate_series(1, ${USERS / POOL_SIZE}) i`);
      await db.execute(sql`
        insert into pool_participants (pool_id, user_id)
        select p.id, u.id from users u join pools p on p.invitation_code = 100001 + (u.id - 1) / ${POOL_SIZE}`);
      await db.execute(sql`
        insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        select id, 'https://push.example.com/' || id, 'B', 'a' from users`);
      await db.execute(sql`
        insert into predictions (pool_id, user_id, match_id, prediction)
        select pp.pool_id, pp.user_id, m.id, 'home'
        from pool_participants pp cross join matches m where (pp.user_id * 7 + m.id * 13) % 2 = 0`);
      await db.execute(sql`analyze`);
    });
    const poolNotices = createPoolNoticesRepository(db);
    const clear = () => db.execute(sql`delete from pool_notices`);
    // Baseline: every player's picks of the jornada, through the same indexes, counted.
    const baseline = await measure(() =>
      db.execute(sql`
        select pp.pool_id, pp.user_id, count(pr.match_id)
        from pool_participants pp
        left join predictions pr on pr.pool_id = pp.pool_id and pr.user_id = pp.user_id
          and pr.match_id in (select id from matches where competition = 'bench' and week_number = 1)
        group by pp.pool_id, pp.user_id`),
    );
    let claimed = 0;
    // The tick that claims: every player who misses a pick gets a row (and would get a push).
    const claiming = await measure(async () => (claimed = (await poolNotices.claimMissingPicks(now)).length), clear);
    // Every later tick of the day: everyone already claimed, nothing to send.
    const idle = await measure(() => poolNotices.claimMissingPicks(now));

    const line = (label: string, m: { median: number; min: number; max: number }) =>
      console.log(`  ${label.padEnd(60)} ${fmt(m.median).padStart(8)} ms (${fmt(m.min)}–${fmt(m.max)})   ratio ${fmt(m.median / baseline.median, 2)}`);
    console.log(
      `\n${target.label}: ${USERS} players in ${USERS / POOL_SIZE} pools, a jornada of ${MATCHES} matches in 12 h, ` +
        `${claimed} missing-picks reminders due (filled in ${fmt(fill.ms / 1000)} s); median of ${RUNS}`,
    );
    line('plain indexed scan of the players and their picks (baseline)', baseline);
    line('claimMissingPicks, the tick that claims them all', claiming);
    line('claimMissingPicks, a later tick (all claimed already)', idle);
  } finally {
    await handle.close();
  }
}
