import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { bonusAnswers, bonusQuestions, boletoMatches, matches, poolParticipants, pools, predictions, roundStandings, standings, users } from '../../db/schema.ts';
import { poolPlaysWeekSql } from '../pools/pool-scope.ts';
import {
  exactPickSql,
  gameColumns,
  matchColumns,
  pickColumns,
  pickScoreChangeSql,
  pickScoreSql,
  resultChangeScores,
  resultValues,
  type PickScoreSql,
  type ScoredMatch,
} from './scoring.ts';
import { jornadaOverSql, matchStatesSql } from './jornada-over.ts';
import { boletoScoresSql } from './boleto-scoring.ts';
import type { StandingRow } from './ranking.ts';
import type { JornadaState, PlayedJornada, SeasonRow, WeekScore } from './season.ts';

/**
 * A pool's matches with its jornada of each, as rows of `matchStatesSql` whose `week_number` is the pool's: the
 * competition's week for the matches it counts (pool-scope.ts), the boleto's number for a La Quiniela pool's
 * (docs/decisions/082-modo-la-quiniela.md).
 */
const poolMatchStatesSql = (poolId: number) => sql`
  select m.* from (${matchStatesSql}) m join ${pools} p on p.id = ${poolId} and ${poolPlaysWeekSql(sql`p`, sql`m`)}
  union all
  select m.id, m.competition, b.number, m.status, m.match_date, m.pending
  from (${matchStatesSql}) m join ${boletoMatches} b on b.match_id = m.id and b.pool_id = ${poolId}`;

/** A pool's jornadas that are over (jornada-over.ts), as a CTE body: `week_number` of each, for the pool `poolId`. */
const overWeeksSql = (poolId: number) => sql`
  select m.week_number
  from (${poolMatchStatesSql(poolId)}) m
  group by m.week_number
  having ${jornadaOverSql(sql`m`)}`;

/**
 * How many of each player's picks in pool `poolId` named a finished match's score (`exactPickSql`), in all or in
 * jornada `weekNumber`: the CTE `exact` (`user_id`, `exact`) and each row's count (`column`, null when not
 * `counted`). Read at the ranking's build only for a pool whose tie-break counts them
 * (docs/decisions/083-the-organisers-tie-break.md): otherwise the CTE is empty and reads nothing.
 */
const exactPicks = (poolId: number, weekNumber: number | null, counted: boolean) => ({
  cte: sql`exact as (
    select p.user_id, sum(${exactPickSql(pickColumns('p'), matchColumns('m'))})::int as exact
    from ${matches} m join ${predictions} p on p.match_id = m.id and p.pool_id = ${poolId}
    where ${counted}::boolean and m.status = 'finished' and (${weekNumber}::int is null or m.week_number = ${weekNumber}::int)
    group by p.user_id)`,
  column: sql`(case when ${counted}::boolean then coalesce(exact.exact, 0) end)::int as exact`,
});

/** A row of the standings as the reads select it; `exact` only where exact scores are counted (`exactPicks`). */
interface StandingSqlRow {
  user_id: number;
  username: string;
  points: number;
  correct: number;
  exact?: number | null;
}
const standingRowOf = (r: StandingSqlRow): StandingRow => ({
  userId: Number(r.user_id),
  username: r.username,
  points: Number(r.points),
  correctPicks: Number(r.correct),
  ...(r.exact === null || r.exact === undefined ? {} : { exactPicks: Number(r.exact) }),
});

/** The La Quiniela pools' rows are the boletos' (`refreshBoletos`), never a pick's score. */
const perPickPool = (pool: string) => sql.raw(`${pool}.game_mode <> 'laQuiniela'`);

/**
 * Rewrites the boleto standings of the boletos `where` selects (a condition on the boleto rows `b`): each
 * participant's aciertos on each (`boletoScoresSql`) as its jornada's row (points and correct picks alike; rows of
 * 0 are not kept), then the general standing of every participant of their pools: starting points plus the sum of
 * their boletos. Rows already right are not rewritten.
 */
async function refreshBoletos(tx: Executor, where: SQL, now: Date) {
  const targets = sql`select distinct b.pool_id, b.number from ${boletoMatches} b where ${where}`;
  await tx.execute(sql`
    with targets as (${targets}), fresh as (
      ${boletoScoresSql(sql`(b.pool_id, b.number) in (select pool_id, number from targets)`)}
    ), upserted as (
      insert into ${roundStandings} (pool_id, week_number, user_id, points, correct_picks)
      select pool_id, week_number, user_id, aciertos, aciertos from fresh where aciertos > 0
      on conflict (pool_id, week_number, user_id) do update
        set points = excluded.points, correct_picks = excluded.correct_picks
        where (${roundStandings.points}, ${roundStandings.correctPicks}) is distinct from (excluded.points, excluded.correct_picks)
      returning 1
    )
    delete from ${roundStandings} r
    using targets t
    where r.pool_id = t.pool_id and r.week_number = t.number
      and not exists (select 1 from fresh f where f.pool_id = r.pool_id and f.week_number = r.week_number and f.user_id = r.user_id and f.aciertos > 0)
  `);
  await tx.execute(sql`
    update ${standings} s
    set points = c.points, correct_picks = c.correct, updated_at = ${now.toISOString()}::timestamptz
    from (
      select pp.pool_id, pp.user_id, pp.starting_points + coalesce(sum(r.points), 0)::int as points, coalesce(sum(r.correct_picks), 0)::int as correct
      from ${poolParticipants} pp
      left join ${roundStandings} r on r.pool_id = pp.pool_id and r.user_id = pp.user_id
      where pp.pool_id in (select distinct b.pool_id from ${boletoMatches} b where ${where})
      group by pp.pool_id, pp.user_id, pp.starting_points
    ) c
    where s.pool_id = c.pool_id and s.user_id = c.user_id and (s.points, s.correct_picks) is distinct from (c.points, c.correct)
  `);
}

/** What the prediction `p` (of pool `po`, on match `m`) scores, by the one SQL rule. */
const rowScore = (): PickScoreSql => pickScoreSql(pickColumns('p'), matchColumns('m'), gameColumns('po'));

/**
 * Moves jornada `weekNumber`'s standings of match `matchId`'s pickers by `delta` (an expression of the prediction
 * `p` and its pool `po`): a row is made for a pick that starts scoring, and removed when it no longer scores
 * anything. Participants only.
 */
async function moveRoundStandings(tx: Executor, matchId: number, weekNumber: number, delta: PickScoreSql) {
  await tx.execute(sql`
    insert into ${roundStandings} (pool_id, week_number, user_id, points, correct_picks)
    select p.pool_id, ${weekNumber}::int, p.user_id, d.points, d.correct
    from ${predictions} p
    join ${pools} po on po.id = p.pool_id
    join ${poolParticipants} pp on pp.pool_id = p.pool_id and pp.user_id = p.user_id
    cross join lateral (select ${delta.points} as points, ${delta.correct} as correct) d
    where p.match_id = ${matchId} and ${perPickPool('po')} and (d.points, d.correct) <> (0, 0)
    on conflict (pool_id, week_number, user_id) do update
      set points = ${roundStandings.points} + excluded.points, correct_picks = ${roundStandings.correctPicks} + excluded.correct_picks
  `);
  await tx.execute(sql`
    delete from ${roundStandings} r
    using ${predictions} p join ${pools} po on po.id = p.pool_id
    where p.match_id = ${matchId} and ${perPickPool('po')} and r.pool_id = p.pool_id and r.week_number = ${weekNumber}::int and r.user_id = p.user_id
      and (r.points, r.correct_picks) = (0, 0)
  `);
}

export function createStandingsRepository(db: Database) {
  return {
    /**
     * Incremental update when match `matchId` goes from `before` to `after`: only the predictions of that match are
     * read, each moves its standing, and its jornada's standing, by what it scores after minus what it scored before.
     * A finished match moved to another jornada takes its picks' scores from the old jornada to the new one.
     */
    async applyResultChange(tx: Executor, matchId: number, before: ScoredMatch, after: ScoredMatch, now: Date) {
      const scores = resultChangeScores(before, after);
      const sameWeek = before.weekNumber === after.weekNumber;
      if (!scores && sameWeek) return;
      const [pick, game] = [pickColumns('p'), gameColumns('po')];
      if (scores) {
        const delta = pickScoreChangeSql(pick, resultValues(before), resultValues(after), game);
        await tx.execute(sql`
          update ${standings} s
          set correct_picks = s.correct_picks + c.correct_change, points = s.points + c.points_change, updated_at = ${now.toISOString()}::timestamptz
          from (
            select p.pool_id, p.user_id, ${delta.correct} as correct_change, ${delta.points} as points_change
            from ${predictions} p join ${pools} po on po.id = p.pool_id
            where p.match_id = ${matchId} and ${perPickPool('po')}
          ) c
          where s.pool_id = c.pool_id and s.user_id = c.user_id and (c.correct_change, c.points_change) <> (0, 0)
        `);
      }
      if (sameWeek) {
        await moveRoundStandings(tx, matchId, after.weekNumber, pickScoreChangeSql(pick, resultValues(before), resultValues(after), game));
      } else {
        const was = pickScoreSql(pick, resultValues(before), game);
        await moveRoundStandings(tx, matchId, before.weekNumber, { points: sql`(-${was.points})`, correct: sql`(-${was.correct})` });
        await moveRoundStandings(tx, matchId, after.weekNumber, pickScoreSql(pick, resultValues(after), game));
      }
      // The boletos the match is in, in La Quiniela pools: their rule is of the whole boleto (the Pleno needs the 14).
      if (scores) await refreshBoletos(tx, sql`(b.pool_id, b.number) in (select pool_id, number from ${boletoMatches} where match_id = ${matchId})`, now);
    },

    /**
     * Full recompute from every prediction of the given pools (all pools when null):
     * the repair path behind "Actualizar Resultados", and the reference the incremental path is tested against.
     */
    async recompute(poolIds: number[] | null, now: Date): Promise<void> {
      if (poolIds !== null && poolIds.length === 0) return;
      const inScope = poolIds === null ? sql`true` : sql`pp.pool_id in (${sql.join(poolIds.map((id) => sql`${id}`), sql`, `)})`;
      const score = rowScore();
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${standings} (pool_id, user_id, points, correct_picks, updated_at)
          -- A late joiner's starting points (pool_participants.starting_points) are part of their standing, and so are
          -- the points of their settled bonus questions (docs/decisions/080-bonus-questions.md).
          select pp.pool_id, pp.user_id,
                 pp.starting_points + coalesce(sum(${score.points}), 0)
                   + coalesce((select sum(b.points) from ${bonusAnswers} b where b.pool_id = pp.pool_id and b.user_id = pp.user_id), 0),
                 coalesce(sum(${score.correct}), 0), ${now.toISOString()}::timestamptz
          from ${poolParticipants} pp
          join ${pools} po on po.id = pp.pool_id
          left join ${predictions} p on p.pool_id = pp.pool_id and p.user_id = pp.user_id and ${perPickPool('po')}
          left join ${matches} m on m.id = p.match_id and m.status = 'finished'
          where ${inScope}
          group by pp.pool_id, pp.user_id, pp.starting_points
          on conflict (pool_id, user_id) do update
            set points = excluded.points, correct_picks = excluded.correct_picks, updated_at = excluded.updated_at
            -- A repair pass mostly finds nothing to repair: rows already right are not rewritten (half the time at scale).
            where (${standings.points}, ${standings.correctPicks}) is distinct from (excluded.points, excluded.correct_picks)
        `);
        // The jornadas' standings the same way; rows that no longer score are removed (the delete sees the rows as
        // they were before this statement, so a row the upsert writes is never one it deletes).
        const roundsInScope = poolIds === null ? sql`true` : sql`r.pool_id in (${sql.join(poolIds.map((id) => sql`${id}`), sql`, `)})`;
        await tx.execute(sql`
          with fresh as (
            select pp.pool_id, m.week_number, pp.user_id, sum(${score.points})::int as points, sum(${score.correct})::int as correct_picks
            from ${poolParticipants} pp
            join ${pools} po on po.id = pp.pool_id
            join ${predictions} p on p.pool_id = pp.pool_id and p.user_id = pp.user_id
            join ${matches} m on m.id = p.match_id and m.status = 'finished'
            where ${inScope} and ${perPickPool('po')}
            group by pp.pool_id, m.week_number, pp.user_id
          ), upserted as (
            insert into ${roundStandings} (pool_id, week_number, user_id, points, correct_picks)
            select pool_id, week_number, user_id, points, correct_picks from fresh where (points, correct_picks) <> (0, 0)
            on conflict (pool_id, week_number, user_id) do update
              set points = excluded.points, correct_picks = excluded.correct_picks
              where (${roundStandings.points}, ${roundStandings.correctPicks}) is distinct from (excluded.points, excluded.correct_picks)
            returning 1
          )
          delete from ${roundStandings} r
          where ${roundsInScope} and not exists (select 1 from ${pools} q where q.id = r.pool_id and q.game_mode = 'laQuiniela') and not exists (
            select 1 from fresh f
            where f.pool_id = r.pool_id and f.week_number = r.week_number and f.user_id = r.user_id and (f.points, f.correct_picks) <> (0, 0)
          )
        `);
        const boletosInScope = poolIds === null ? sql`true` : sql`b.pool_id in (${sql.join(poolIds.map((id) => sql`${id}`), sql`, `)})`;
        await refreshBoletos(tx, boletosInScope, now);
      });
    },

    /**
     * When the pool's standings last changed: the database moves it with every write of its rows, and raises the
     * ranking's live event from it (migration 0025, docs/decisions/074-the-database-raises-the-ranking-event.md).
     */
    async lastUpdated(poolId: number): Promise<Date | null> {
      const [row] = await db.select({ at: pools.standingsUpdatedAt }).from(pools).where(eq(pools.id, poolId));
      return row?.at ?? null;
    },

    /**
     * One jornada's stored standings, every participant included (0 for those it has no row of); with `countExact`
     * (the tie-break by exact scores), how many of their picks in it named the score.
     */
    async roundRows(poolId: number, weekNumber: number, countExact = false): Promise<StandingRow[]> {
      const exact = exactPicks(poolId, weekNumber, countExact);
      const rows = await queryRows<StandingSqlRow>(db, sql`
        with ${exact.cte}
        select pp.user_id, u.name as username, coalesce(r.points, 0)::int as points, coalesce(r.correct_picks, 0)::int as correct, ${exact.column}
        from ${poolParticipants} pp
        join ${users} u on u.id = pp.user_id
        left join ${roundStandings} r on r.pool_id = pp.pool_id and r.week_number = ${weekNumber} and r.user_id = pp.user_id
        left join exact on exact.user_id = pp.user_id
        where pp.pool_id = ${poolId}
      `);
      return rows.map(standingRowOf);
    },

    /**
     * The same table computed from the predictions (what `roundRows` read before jornadas were stored): the
     * reference the stored rows are tested against, and the baseline of the jornada table's benchmark.
     */
    async roundRowsFromPredictions(poolId: number, weekNumber: number): Promise<StandingRow[]> {
      const score = rowScore();
      const rows = await queryRows<StandingSqlRow>(db, sql`
        select pp.user_id, u.name as username, coalesce(sum(pick.points), 0)::int as points, coalesce(sum(pick.correct), 0)::int as correct
        from ${poolParticipants} pp
        join ${users} u on u.id = pp.user_id
        -- Only the round's picks are read (predictions_match_pool_idx), not every pick of the pool.
        left join (
          select p.user_id, ${score.points} as points, ${score.correct} as correct
          from ${matches} m
          join ${predictions} p on p.match_id = m.id and p.pool_id = ${poolId}
          join ${pools} po on po.id = p.pool_id
          where m.week_number = ${weekNumber} and m.status = 'finished'
        ) pick on pick.user_id = pp.user_id
        where pp.pool_id = ${poolId}
        group by pp.user_id, u.name
      `);
      return rows.map(standingRowOf);
    },

    /**
     * The pool's played jornadas, in order: the weeks with a finished match the pool counts (pool-scope.ts) on which
     * one of its players had a pick. Each with its matches' rounds as the data names them and its last kick-off.
     */
    async playedJornadas(poolId: number): Promise<PlayedJornada[]> {
      const rows = await queryRows<{ week_number: number; rounds: string[]; last_kickoff: Date | string }>(db, sql`
        select m.week_number, array_agg(distinct m.round order by m.round) as rounds, max(m.match_date) as last_kickoff
        from ${matches} m
        join ${pools} p on p.id = ${poolId}
        where m.status = 'finished' and ${poolPlaysWeekSql(sql`p`, sql`m`)}
          -- One probe of predictions_match_pool_idx per finished match.
          and exists (select 1 from ${predictions} pr where pr.match_id = m.id and pr.pool_id = p.id)
        group by m.week_number
        union all
        -- A La Quiniela pool's jornadas are its boletos (no round names: "Jornada N" is boleto N).
        select b.number, array[]::text[], max(m.match_date)
        from ${boletoMatches} b join ${matches} m on m.id = b.match_id
        where b.pool_id = ${poolId} and m.status = 'finished'
          and exists (select 1 from ${predictions} pr where pr.match_id = m.id and pr.pool_id = b.pool_id)
        group by b.number
        order by 1
      `);
      return rows.map((r) => ({ weekNumber: Number(r.week_number), rounds: r.rounds, lastKickoff: new Date(r.last_kickoff) }));
    },

    /**
     * Every jornada of the pool (its counted matches by week): whether it is over and how many of its matches are
     * pending (jornada-over.ts, docs/decisions/061-a-jornada-is-won-when-it-is-over.md), by week.
     */
    async jornadaStates(poolId: number): Promise<Map<number, JornadaState>> {
      const rows = await queryRows<{ week_number: number; over: boolean; pending: number }>(db, sql`
        select m.week_number, ${jornadaOverSql(sql`m`)} as over, count(*) filter (where m.pending)::int as pending
        from (${poolMatchStatesSql(poolId)}) m
        group by m.week_number
      `);
      return new Map(rows.map((r) => [Number(r.week_number), { over: r.over, pending: Number(r.pending) }]));
    },

    /**
     * What each of the pools `poolIds` (every pool when null) shows in its rankings, as a digest: every player's points
     * and correct picks, in all and per jornada, and which jornadas are over. Two digests differ when the pool's
     * standings moved (what "Actualizar Resultados" counts as a pool updated).
     */
    async digests(poolIds: number[] | null): Promise<Map<number, string>> {
      if (poolIds !== null && poolIds.length === 0) return new Map();
      const inScope = poolIds === null ? sql`true` : sql`p.id in (${sql.join(poolIds.map((id) => sql`${id}`), sql`, `)})`;
      const rows = await queryRows<{ id: number; digest: string }>(db, sql`
        with states as (${matchStatesSql}), over as (
          select p.id as pool_id, string_agg(m.week_number::text, ',' order by m.week_number) as weeks
          from ${pools} p join lateral (
            select m.week_number from states m
            where ${poolPlaysWeekSql(sql`p`, sql`m`)}
            group by m.week_number
            having ${jornadaOverSql(sql`m`)}
          ) m on true
          where ${inScope}
          group by p.id
        )
        select p.id, md5(concat(
          coalesce((select string_agg(concat_ws(':', s.user_id, s.points, s.correct_picks), ',' order by s.user_id)
             from ${standings} s where s.pool_id = p.id), ''), '|',
          coalesce((select string_agg(concat_ws(':', r.week_number, r.user_id, r.points, r.correct_picks), ',' order by r.week_number, r.user_id)
             from ${roundStandings} r where r.pool_id = p.id), ''), '|',
          coalesce((select o.weeks from over o where o.pool_id = p.id), ''))) as digest
        from ${pools} p
        where ${inScope}
      `);
      return new Map(rows.map((r) => [Number(r.id), r.digest]));
    },

    /**
     * Every participant's standing with what the general table adds: when they joined, how many jornadas they won
     * (top points of a jornada that is over, above 0; ties all win: season.ts `jornadasWon`) and what they scored in
     * jornada `lastWeek` (0 when null). In a pool with bonus questions, each row also says how many of its points
     * came from them (`extra`, docs/decisions/080-bonus-questions.md); without questions it has no `extra`. With
     * `countExact` (the tie-break by exact scores), how many of their picks named the score.
     */
    async seasonRows(poolId: number, lastWeek: number | null, countExact = false): Promise<SeasonRow[]> {
      const exact = exactPicks(poolId, null, countExact);
      const rows = await queryRows<
        StandingSqlRow & { registered_at: Date | string; starting_points: number; won: number; last_points: number; extra: number | null }
      >(db, sql`
        with over as (${overWeeksSql(poolId)}), tops as (
          -- Only a jornada that is over is won (decision 061): until then its table is provisional.
          select week_number, max(points) as top from ${roundStandings}
          where pool_id = ${poolId} and week_number in (select week_number from over)
          group by week_number
        ), won as (
          select r.user_id, count(*)::int as won
          from ${roundStandings} r join tops t on t.week_number = r.week_number and r.points = t.top
          where r.pool_id = ${poolId} and t.top > 0
          group by r.user_id
        ), extra as (
          select user_id, sum(points)::int as extra from ${bonusAnswers} where pool_id = ${poolId} group by user_id
        ), ${exact.cte}
        select s.user_id, u.name as username, s.points, s.correct_picks as correct, pp.registered_at, pp.starting_points,
               coalesce(won.won, 0)::int as won, coalesce(l.points, 0)::int as last_points,
               case when exists (select 1 from ${bonusQuestions} where pool_id = ${poolId}) then coalesce(extra.extra, 0) end as extra,
               ${exact.column}
        from ${standings} s
        join ${users} u on u.id = s.user_id
        join ${poolParticipants} pp on pp.pool_id = s.pool_id and pp.user_id = s.user_id
        left join won on won.user_id = s.user_id
        left join extra on extra.user_id = s.user_id
        left join exact on exact.user_id = s.user_id
        left join ${roundStandings} l on l.pool_id = s.pool_id and l.week_number = ${lastWeek ?? -1} and l.user_id = s.user_id
        where s.pool_id = ${poolId}
      `);
      return rows.map((r) => ({
        ...standingRowOf(r),
        registeredAt: new Date(r.registered_at),
        startingPoints: Number(r.starting_points),
        jornadasWon: Number(r.won),
        lastJornadaPoints: Number(r.last_points),
        ...(r.extra === null ? {} : { extra: Number(r.extra) }),
      }));
    },

    /** Every stored jornada score of the pool (the rows that score), for the ranking's evolution. */
    async weekScores(poolId: number): Promise<WeekScore[]> {
      const rows = await queryRows<{ user_id: number; week_number: number; points: number }>(db, sql`
        select user_id, week_number, points from ${roundStandings} where pool_id = ${poolId}
      `);
      return rows.map((r) => ({ userId: Number(r.user_id), weekNumber: Number(r.week_number), points: Number(r.points) }));
    },

    /** The user's place in each pool they play, by the same competition ranking (rank() = 1, 1, 3). */
    async placesOf(userId: number) {
      const rows = await queryRows<{ pool_id: number; pool_name: string; position: number; points: number; participants: number }>(db, sql`
        select s.pool_id, p.name as pool_name, s.position::int, s.points, p.participant_count as participants
        from (
          select pool_id, user_id, points, rank() over (partition by pool_id order by points desc) as position
          from ${standings}
          where pool_id in (select pool_id from ${poolParticipants} where user_id = ${userId})
        ) s
        join ${pools} p on p.id = s.pool_id
        where s.user_id = ${userId}
        order by p.name
      `);
      return rows.map((r) => ({
        poolId: Number(r.pool_id),
        poolName: r.pool_name,
        position: Number(r.position),
        points: Number(r.points),
        participants: Number(r.participants),
      }));
    },

    async rows(poolId: number): Promise<StandingRow[]> {
      return db
        .select({ userId: standings.userId, username: users.name, points: standings.points, correctPicks: standings.correctPicks })
        .from(standings)
        .innerJoin(users, eq(users.id, standings.userId))
        .where(eq(standings.poolId, poolId))
        .orderBy(asc(standings.userId));
    },
  };
}

export type StandingsRepository = ReturnType<typeof createStandingsRepository>;
