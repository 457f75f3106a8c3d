// The missing-picks reminders (server/modules/reminders/pool-pushes.repository.ts, claimed by the scheduler's tick)
// for 100,000 players in 5,000 pools of 20, a jornada of 10 matches starting in 12 hours, each player with a push
// subscription and about half their picks made; as ratios to a plain indexed scan of the same rows (every player's
// picks of the jornada, counted) in the same run. The tick claims in batches of pools and pushes to a stand-in that
// accepts at once (no network: the claims and their look-ups are measured); one statement for every pool, as before
// the batches, is measured beside it. Median of RUNS runs after a warm-up, with the fastest and slowest.
//   npm run bench:reminder-scan   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { sql } from 'drizzle-orm';
import { createPoolPushesRepository } from '#server/modules/reminders/pool-pushes.repository';
import { createPushSubscriptionsRepository } from '#server/modules/reminders/push-subscriptions.repository';
import { createReminderScheduler } from '#server/modules/reminders/reminder-scheduler';
import { createRemindersRepository } from '#server/modules/reminders/reminders.repository';
import { awayTeam, homeTeam, insertPlayersAndTeams } from './big-pool.ts';
import { BENCH_RUNS as RUNS, fmt, measure, onBenchDatabases, timed } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const POOL_SIZE = 20;
const MATCHES = 10;

await onBenchDatabases(async (label, handle) => {
  const { db } = handle;
  const now = new Date();
  const fill = await timed(async () => {
    await insertPlayersAndTeams(db, 1, USERS);
    await db.execute(sql`
      insert into matches (competition, round, week_number, match_date, home_team_id, away_team_id)
      select 'bench', 'Matchday 1 #' || i, 1, ${now.toISOString()}::timestamptz + interval '12 hours' + interval '2 hours' * i,
             ${homeTeam}, ${awayTeam}
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
  const poolPushes = createPoolPushesRepository(db);
  const clear = () => db.execute(sql`delete from pool_pushes`);
  // Baseline: every player's picks of the jornada, through the same indexes, counted.
  const baseline = await measure(() =>
    db.execute(sql`
      select pp.pool_id, pp.user_id, count(pr.match_id)
      from pool_participants pp
      left join predictions pr on pr.pool_id = pp.pool_id and pr.user_id = pp.user_id
        and pr.match_id in (select id from matches where competition = 'bench' and week_number = 1)
      group by pp.pool_id, pp.user_id`),
  );
  const allPools = (await poolPushes.poolsWithJornadaAhead(now)).map((pool) => pool.poolId);
  let claimed = 0;
  // Before the batches: one statement claims every player's reminder.
  const oneStatement = await measure(
    async () => (claimed = (await poolPushes.claimMissingPicks(now, allPools)).length),
    clear,
  );
  // The scheduler's tick: a statement per batch of pools, each batch pushed before the next is claimed.
  let longest = 0;
  let statements = 0;
  const scheduler = createReminderScheduler({
    reminders: createRemindersRepository(db),
    poolPushes: {
      ...poolPushes,
      claimMissingPicks: async (at, poolIds) => {
        const { ms, result } = await timed(() => poolPushes.claimMissingPicks(at, poolIds));
        longest = Math.max(longest, ms);
        statements += 1;
        return result;
      },
    },
    // The bench has no results: no jornada-result push is claimed.
    jornadaOutcomes: async () => null,
    subscriptions: createPushSubscriptionsRepository(db),
    sendPush: async () => 201,
    clock: () => now,
  });
  let sent = 0;
  const batched = await measure(
    async () => (sent = (await scheduler.tick()).pools.missingPicks),
    async () => {
      await clear();
      [longest, statements] = [0, 0];
    },
  );
  const longestBatch = longest;
  const batches = statements;
  // Every later tick of the day: everyone already claimed, nothing to send.
  const idle = await measure(() => scheduler.tick());

  const line = (label: string, m: { median: number; min: number; max: number }) =>
    console.log(`  ${label.padEnd(62)} ${fmt(m.median).padStart(8)} ms (${fmt(m.min)}–${fmt(m.max)})   ratio ${fmt(m.median / baseline.median, 2)}`);
  console.log(
    `\n${label}: ${USERS} players in ${USERS / POOL_SIZE} pools, a jornada of ${MATCHES} matches in 12 h, ` +
      `${claimed} missing-picks reminders due (filled in ${fmt(fill.ms / 1000)} s); median of ${RUNS}`,
  );
  line('plain indexed scan of the players and their picks (baseline)', baseline);
  line('one statement claiming them all (before the batches)', oneStatement);
  line(`the tick: ${batches} batches claimed and pushed (${sent} sent)`, batched);
  console.log(`  ${'  its longest statement (last run)'.padEnd(62)} ${fmt(longestBatch).padStart(8)} ms   ratio ${fmt(longestBatch / baseline.median, 2)}`);
  line('a later tick (all claimed already)', idle);
});
