// The scaled database behind bench/scale.ts and bench/plans.ts: 100,000 users, 10,000 pools
// and 1,000,000 predictions over the app's real seeded fixtures, written with set-based SQL.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#server/db/client';
import { seedFootballData } from '#server/db/seed/seed';
import type { Services } from '#server/services';
import { timed } from './support.ts';

export const SCALE = {
  users: 100_000,
  pools: 10_000,
  predictions: 1_000_000,
  /** Pool 1: far above the product's 1,000-place cap on purpose, the worst case for one ranking. */
  biggestPoolMembers: 10_000,
  picksPerBigPoolMember: 40,
  /** Memberships of the other 9,999 pools, skewed: ~900 members down to 8, median 11. */
  smallPoolMemberships: 150_000,
  sessions: 100_000,
  /** Favourite-match reminders per user for the first users (pending for future matches, sent for past ones). */
  reminderUsers: 50_000,
} as const;

export interface ScaleFacts {
  biggestPoolId: number;
  /** A member of the biggest pool who also plays small pools. */
  memberId: number;
  /** The creator of the biggest pool (creators do not play their own pool). */
  creatorId: number;
  counts: Record<string, number>;
  seededInSeconds: number;
}

const count = async (db: Database, table: string) =>
  Number((await queryRows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/** Fills a freshly migrated, empty database. Stored standings are built by the app's own recompute. */
export async function seedScale(services: Pick<Services, 'db' | 'resultsImporter' | 'repositories'>): Promise<ScaleFacts> {
  const { db } = services;
  const { ms } = await timed(async () => {
    await seedFootballData(services);
    const run = (query: string) => db.execute(sql.raw(query));
    // The biggest pool holds 10,000 members; the product caps pools at 1,000 (bench/ranking.ts does the same).
    await run(`alter table pools drop constraint pools_capacity`);
    // Deterministic pseudo-random numbers: the same database on every run.
    await run(`create temporary table numbered_matches as
      select id, (row_number() over (order by match_date, id) - 1)::int as n from matches`);
    await run(`
      insert into users (id, name, email, password_hash, role_id)
      select i, 'Jugador ' || i, 'escala' || i || '@example.com', 'scrypt$not-a-usable-hash',
             (select id from roles where name = 'user')
      from generate_series(1, ${SCALE.users}) i`);
    await run(`select setval('users_id_seq', ${SCALE.users})`);
    await run(`
      insert into pools (id, name, max_participants, invitation_code, creator_id, created_at)
      select p, case when p = 1 then 'La Grande' else 'Quiniela ' || p end,
             case when p = 1 then 1000 else 20 end,
             100000 + (p * 7907) % 900000, ${SCALE.users} - (p * 7919) % ${SCALE.users},
             now() - p * interval '1 minute'
      from generate_series(1, ${SCALE.pools}) p`);
    await run(`select setval('pools_id_seq', ${SCALE.pools})`);
    await run(`
      insert into pool_participants (pool_id, user_id, registered_at)
      select 1, u, now() - u * interval '1 second' from generate_series(1, ${SCALE.biggestPoolMembers}) u`);
    // Membership j goes to pool 2 + ⌊9,999·(j/N)^1.8⌋ and to user 1 + (j·7,919 mod 100,000): skewed pools, users in 1–3 pools.
    await run(`
      insert into pool_participants (pool_id, user_id, registered_at)
      select pool_id, user_id, now() - j * interval '1 second'
      from (
        select j, 2 + floor(${SCALE.pools - 1} * power(j::float8 / ${SCALE.smallPoolMemberships}, 1.8))::int as pool_id,
               1 + (j * 7919) % ${SCALE.users} as user_id
        from generate_series(0, ${SCALE.smallPoolMemberships - 1}) j
      ) m
      where user_id <> (select creator_id from pools where id = m.pool_id)
      on conflict do nothing`);
    await run(`
      update pools p set participant_count = c.n, max_participants = greatest(p.max_participants, least(c.n, 1000))
      from (select pool_id, count(*)::int as n from pool_participants group by pool_id) c
      where c.pool_id = p.id`);
    // Picks: a window of consecutive fixtures (by date) per member, 45% home, 25% draw, 30% away.
    const pick = `(case when h % 20 < 9 then 'home' when h % 20 < 14 then 'draw' else 'away' end)`;
    const bigPicks = SCALE.biggestPoolMembers * SCALE.picksPerBigPoolMember;
    await run(`
      insert into predictions (pool_id, user_id, match_id, prediction, created_at)
      select w.pool_id, w.user_id, m.id, ${pick}, now() - interval '200 days'
      from (
        select pool_id, user_id, k,
               (user_id * 37 + pool_id * 11) % ((select count(*) from numbered_matches) - k + 1) as first
        from (
          select pool_id, user_id,
                 case when pool_id = 1 then ${SCALE.picksPerBigPoolMember}
                      else (${SCALE.predictions - bigPicks}::bigint * (rn + 1)) / total - (${SCALE.predictions - bigPicks}::bigint * rn) / total
                 end as k
          from (
            select pool_id, user_id, row_number() over (order by id) - 1 as rn, count(*) over () as total
            from pool_participants where pool_id <> 1
            union all
            select pool_id, user_id, 0, 1 from pool_participants where pool_id = 1
          ) members
        ) sized
      ) w
      cross join lateral generate_series(0, w.k - 1) g
      join numbered_matches m on m.n = w.first + g
      cross join lateral (select (w.user_id::bigint * 2654435761 + m.id * 40503 + w.pool_id * 97) as h) r`);
    await run(`
      insert into sessions (user_id, token_hash, expires_at)
      select u, md5('session' || u), now() + (u % 60 - 20) * interval '1 day' from generate_series(1, ${SCALE.sessions}) u`);
    await run(`
      insert into match_reminders (user_id, match_id, slot, minutes_before, sent_at)
      select u, m.id, s, case s when 1 then 60 else 0 end,
             case when m.match_date < now() then m.match_date else null end
      from generate_series(1, ${SCALE.reminderUsers}) u
      join numbered_matches nm on nm.n = (u * 13) % (select count(*) from numbered_matches)
      join matches m on m.id = nm.id
      cross join generate_series(1, 2) s`);
    await run(`insert into standings (pool_id, user_id) select pool_id, user_id from pool_participants`);
    await services.repositories.standings.recompute(null, new Date());
    await run(`vacuum analyze`);
  });

  const counts: Record<string, number> = {};
  for (const table of ['users', 'pools', 'pool_participants', 'predictions', 'standings', 'matches', 'sessions', 'match_reminders']) {
    counts[table] = await count(db, table);
  }
  const [creator] = await queryRows<{ creator_id: number }>(db, sql`select creator_id from pools where id = 1`);
  // The busiest member of the biggest pool: the one in the most pools.
  const [member] = await queryRows<{ user_id: number }>(db, sql`
    select user_id from pool_participants
    where user_id in (select user_id from pool_participants where pool_id = 1)
    group by user_id order by count(*) desc, user_id limit 1`);
  return {
    biggestPoolId: 1,
    memberId: Number(member!.user_id),
    creatorId: Number(creator!.creator_id),
    counts,
    seededInSeconds: ms / 1000,
  };
}
