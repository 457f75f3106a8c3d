import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PickDistribution, Prediction, PredictionChoice } from '#contract/index';
import { queryRows, type Database } from '../../db/client.ts';
import { predictions, users } from '../../db/schema.ts';
import { pickDeadlineSql } from '../pools/pool-rules.ts';
import { poolCountsMatchSql } from '../pools/pool-scope.ts';

const columns = {
  id: predictions.id,
  matchId: predictions.matchId,
  poolId: predictions.poolId,
  userId: predictions.userId,
  prediction: predictions.prediction,
  createdAt: predictions.createdAt,
};

const toPrediction = (row: Omit<Prediction, 'createdAt'> & { createdAt: Date }): Prediction => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export function createPredictionsRepository(db: Database) {
  return {
    /**
     * Stores the pick only where every rule of a pick holds at `now` (the server's clock): the user takes part
     * in the pool (its creator only when "El creador también juega"), the pool is active, the match is scheduled and
     * its picks have not closed (`pickDeadlineSql`: kick-off, or the pool's minutes before it), the pool counts the
     * match (`poolCountsMatchSql`: every pick of a pool is of a match it counts, which the standings and the
     * per-round ranking rely on), and it is the user's first pick of that match in that pool (the unique index
     * settles races) or the pool lets a pick be changed until it closes, when the pick is updated in place: one
     * row whatever the concurrency, the last write acknowledged wins. One statement instead of four round trips;
     * null when any rule refused it, and the caller says which. Changing a rule here means changing its explanation
     * in predictions.service.ts.
     */
    async insertWhereAllowed(
      { poolId, userId, matchId, prediction }: { poolId: number; userId: number; matchId: number; prediction: PredictionChoice },
      now: Date,
    ): Promise<{ prediction: Prediction; created: boolean } | null> {
      const [row] = await queryRows<Omit<Prediction, 'createdAt'> & { createdAt: Date | string; created: boolean }>(
        db,
        sql`
          insert into predictions (pool_id, user_id, match_id, prediction)
          select ${poolId}, ${userId}, ${matchId}, ${prediction}
          where exists (
              select 1 from pool_participants pp join pools p on p.id = pp.pool_id
              where pp.pool_id = ${poolId} and pp.user_id = ${userId} and p.is_active)
            and exists (
              select 1 from matches m join pools p on p.id = ${poolId}
              where m.id = ${matchId} and m.status = 'scheduled'
                and ${pickDeadlineSql(sql`p`, sql`m`)} > ${now.toISOString()}::timestamptz
                and ${poolCountsMatchSql(sql`p`, sql`m`)})
          on conflict (pool_id, user_id, match_id) do update set prediction = excluded.prediction
            where (select p.edit_until_kickoff from pools p where p.id = excluded.pool_id)
          returning id, match_id as "matchId", pool_id as "poolId", user_id as "userId", prediction, created_at as "createdAt",
            (xmax = 0) as created`,
      );
      if (!row) return null;
      const { created, ...stored } = row;
      return { prediction: toPrediction({ ...stored, createdAt: new Date(stored.createdAt) }), created: Boolean(created) };
    },

    async findById(id: number): Promise<Prediction | undefined> {
      const [row] = await db.select(columns).from(predictions).where(eq(predictions.id, id));
      return row && toPrediction(row);
    },

    async listForUser(userId: number): Promise<Prediction[]> {
      const rows = await db.select(columns).from(predictions).where(eq(predictions.userId, userId)).orderBy(desc(predictions.id));
      return rows.map(toPrediction);
    },

    async distribution(poolId: number, matchId: number): Promise<PickDistribution> {
      const picks = await db
        .select({ userId: predictions.userId, username: users.name, prediction: predictions.prediction })
        .from(predictions)
        .innerJoin(users, eq(users.id, predictions.userId))
        .where(and(eq(predictions.poolId, poolId), eq(predictions.matchId, matchId)))
        .orderBy(asc(users.name), asc(users.id));
      const counts = { home: 0, draw: 0, away: 0 };
      for (const pick of picks) counts[pick.prediction] += 1;
      return { matchId, counts, picks };
    },

    async delete(id: number): Promise<void> {
      await db.delete(predictions).where(eq(predictions.id, id));
    },
  };
}

export type PredictionsRepository = ReturnType<typeof createPredictionsRepository>;
