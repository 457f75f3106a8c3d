import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PredictionChoiceSchema } from '#contract/index';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { matches, poolParticipants, pools, predictions, standings, users } from '../../db/schema.ts';
import { pickScoreChangeSql, pickScoreSql, resultChangeScores, resultValues, type MatchResult } from './scoring.ts';
import type { StandingRow } from './ranking.ts';

/**
 * What each possible pick scores on each match `m` that `where` selects, by the one SQL rule, as rows
 * (match_id, pick, points, correct) for predictions to join on (match_id, pick); pairs that score nothing
 * are left out. The rule runs once per match and pick rather than once per prediction: a recompute reads
 * every pick of its pools.
 */
function scoringPicks(where: SQL): SQL {
  const score = pickScoreSql(sql.raw('c.pick'), { status: sql.raw('m.status'), scoreHome: sql.raw('m.score_home'), scoreAway: sql.raw('m.score_away') });
  const choices = sql.join(PredictionChoiceSchema.options.map((pick) => sql`(${pick}::text)`), sql`, `);
  return sql`(
    select * from (
      select m.id as match_id, c.pick, ${score.points} as points, ${score.correct} as correct
      from ${matches} m cross join (values ${choices}) c(pick)
      where ${where}
    ) every_pick
    where (points, correct) <> (0, 0)
  )`;
}

export function createStandingsRepository(db: Database) {
  return {
    /**
     * Incremental update when match `matchId`'s result goes from `before` to `after`: only the predictions
     * of that match are read, each moves its standing by what it scores after minus what it scored before.
     */
    async applyResultChange(tx: Executor, matchId: number, before: MatchResult, after: MatchResult, now: Date) {
      if (!resultChangeScores(before, after)) return;
      const delta = pickScoreChangeSql(predictions.prediction, resultValues(before), resultValues(after));
      const changes = tx
        .select({
          poolId: predictions.poolId,
          userId: predictions.userId,
          correctChange: delta.correct.as('correct_change'),
          pointsChange: delta.points.as('points_change'),
        })
        .from(predictions)
        .where(eq(predictions.matchId, matchId))
        .as('changes');
      await tx
        .update(standings)
        .set({
          correctPicks: sql`${standings.correctPicks} + ${changes.correctChange}`,
          points: sql`${standings.points} + ${changes.pointsChange}`,
          updatedAt: now,
        })
        .from(changes)
        .where(
          and(eq(standings.poolId, changes.poolId), eq(standings.userId, changes.userId), sql`(${changes.correctChange}, ${changes.pointsChange}) <> (0, 0)`),
        );
      await tx
        .update(pools)
        .set({ standingsUpdatedAt: now })
        .where(inArray(pools.id, tx.selectDistinct({ id: predictions.poolId }).from(predictions).where(eq(predictions.matchId, matchId))));
    },

    /**
     * Full recompute from every prediction of the given pools (all pools when null):
     * the repair path behind "Actualizar Resultados", and the reference the incremental path is tested against.
     */
    async recompute(poolIds: number[] | null, now: Date): Promise<void> {
      if (poolIds !== null && poolIds.length === 0) return;
      const inScope = poolIds === null ? sql`true` : sql`pp.pool_id in (${sql.join(poolIds.map((id) => sql`${id}`), sql`, `)})`;
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${standings} (pool_id, user_id, points, correct_picks, updated_at)
          select pp.pool_id, pp.user_id,
                 coalesce(sum(s.points), 0), coalesce(sum(s.correct), 0), ${now.toISOString()}::timestamptz
          from ${poolParticipants} pp
          left join ${predictions} p on p.pool_id = pp.pool_id and p.user_id = pp.user_id
          left join ${scoringPicks(sql`true`)} s on s.match_id = p.match_id and s.pick = p.prediction
          where ${inScope}
          group by pp.pool_id, pp.user_id
          on conflict (pool_id, user_id) do update
            set points = excluded.points, correct_picks = excluded.correct_picks, updated_at = excluded.updated_at
            -- A repair pass mostly finds nothing to repair: rows already right are not rewritten (half the time at scale).
            where (${standings.points}, ${standings.correctPicks}) is distinct from (excluded.points, excluded.correct_picks)
        `);
        await tx
          .update(pools)
          .set({ standingsUpdatedAt: now })
          .where(poolIds === null ? sql`true` : inArray(pools.id, poolIds));
      });
    },

    async lastUpdated(poolId: number): Promise<Date | null> {
      const [row] = await db.select({ at: pools.standingsUpdatedAt }).from(pools).where(eq(pools.id, poolId));
      return row?.at ?? null;
    },

    /** Points per participant from the finished matches of one round (jornada), every participant included. */
    async roundRows(poolId: number, weekNumber: number): Promise<StandingRow[]> {
      const rows = await queryRows<{ user_id: number; username: string; points: number; correct: number }>(db, sql`
        select pp.user_id, u.name as username, coalesce(sum(pick.points), 0)::int as points, coalesce(sum(pick.correct), 0)::int as correct
        from ${poolParticipants} pp
        join ${users} u on u.id = pp.user_id
        -- Only the round's picks are read (predictions_match_pool_idx), not every pick of the pool.
        left join (
          select p.user_id, s.points, s.correct
          from ${scoringPicks(sql`m.week_number = ${weekNumber}`)} s
          join ${predictions} p on p.match_id = s.match_id and p.pool_id = ${poolId} and p.prediction = s.pick
        ) pick on pick.user_id = pp.user_id
        where pp.pool_id = ${poolId}
        group by pp.user_id, u.name
      `);
      return rows.map((r) => ({
        userId: Number(r.user_id),
        username: r.username,
        points: Number(r.points),
        correctPicks: Number(r.correct),
      }));
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
