// The one big pool the ranking benchmarks measure (ranking.ts, game-modes.ts, jornadas.ts, pool-results.ts), written
// in SQL rather than through the app's write paths (bench/growth.ts does that), so that filling it takes seconds.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { pools } from '#server/db/schema';
import { timed } from './support.ts';

/** The big pool's players (BENCH_MEMBERS scales it down). */
export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);

/** Users `first` to `last` ('Jugador i', who cannot sign in) and the two teams every bench match is between. */
export async function insertPlayersAndTeams(db: Database, first: number, last: number): Promise<void> {
  await db.execute(sql`insert into roles (name) values ('user') on conflict do nothing`);
  await db.execute(sql`
    insert into users (name, email, password_hash, role_id)
    select 'Jugador ' || i, 'bench' || i || '@example.com', 'x', (select id from roles where name = 'user')
    from generate_series(${first}::int, ${last}::int) i`);
  await db.execute(sql`insert into teams (name) values ('Local'), ('Visitante')`);
}

/** The first team, at home in every bench match, and the second, away. */
export const homeTeam = sql`(select min(id) from teams)`;
export const awayTeam = sql`(select max(id) from teams)`;

/** `count` finished matches ('Partido i', ten a jornada), played yesterday: a season for BigPool.matches. */
export const finishedMatches = (count: number) => sql`
  select 'bench', 'Partido ' || i, 1 + i / 10, now() - interval '1 day', ${homeTeam}, ${awayTeam}, i % 3, (i / 3) % 3, 'finished'
  from generate_series(1, ${count}) i`;

export interface BigPool {
  /**
   * The season: a select of (competition, round, week_number, match_date, home_team_id, away_team_id, score_home,
   * score_away, status), one row a match.
   */
  matches: SQL;
  /** The pool's game (contract/game-rules.ts); the specification's 1X2 when not given. */
  game?: Pick<
    typeof pools.$inferInsert,
    'gameMode' | 'pointsPreset' | 'pointsExact' | 'pointsDifference' | 'pointsOutcome' | 'pointsTeamGoals' | 'joker'
  >;
  /** When the members joined; now when not given. */
  joinedAt?: SQL;
  /**
   * The picks, an `insert into predictions …` from pool_participants `pp` and matches `m`; when not given, every
   * member picks an outcome of every match, or of `pickPercent` per cent of them.
   */
  predictions?: SQL;
  pickPercent?: number;
  /** ANALYZE once filled, or leave the planner the statistics the app keeps itself (bench/ranking.ts). */
  analyze?: boolean;
}

/**
 * Fills a freshly migrated database, timed: MEMBERS players and the pool's creator (the lowest id, who does not
 * play), the matches, one pool of every player, their standings rows (empty until a recompute) and their picks.
 */
export const fillBigPool = (db: Database, pool: BigPool) => timed(async () => {
  await insertPlayersAndTeams(db, 0, MEMBERS);
  await db.execute(sql`
    insert into matches (competition, round, week_number, match_date, home_team_id, away_team_id, score_home, score_away, status)
    ${pool.matches}`);
  await db
    .insert(pools)
    .values({ name: 'Bench', maxParticipants: 1000, participantCount: 0, invitationCode: 123456, creatorId: sql`(select min(id) from users)`, ...pool.game });
  // pools.max_participants is capped at 1000 by the product; the benchmark bypasses it on purpose.
  await db.execute(sql`alter table pools drop constraint pools_capacity`);
  await db.execute(sql`
    insert into pool_participants (pool_id, user_id, registered_at)
    select (select id from pools), id, ${pool.joinedAt ?? sql`now()`} from users where id > (select min(id) from users)`);
  await db.execute(sql`insert into standings (pool_id, user_id) select pool_id, user_id from pool_participants`);
  await db.execute(
    pool.predictions ??
      sql`
        insert into predictions (pool_id, user_id, match_id, prediction)
        select pp.pool_id, pp.user_id, m.id, (array['home','draw','away'])[1 + ((pp.user_id * 7 + m.id * 13) % 3)]
        from pool_participants pp cross join matches m
        where (pp.user_id * 31 + m.id * 17) % 100 < ${pool.pickPercent ?? 100}`,
  );
  if (pool.analyze) await db.execute(sql`analyze`);
});
