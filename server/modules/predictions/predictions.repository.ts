import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PickDistribution, Prediction, PredictionChoice } from '#contract/index';
import { queryRows, type Database } from '../../db/client.ts';
import { predictions, users } from '../../db/schema.ts';
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
     * in the pool (so is not its creator), the pool is active, the match is scheduled and has not kicked off
     * (`picksClosed`), the pool counts the match (`poolCountsMatchSql`: every pick of a pool is of a match it
     * counts, which the standings and the per-round ranking rely on), and it is the user's first pick of that
     * match in that pool (the unique index settles races). One statement instead of four round trips; null when any rule refused it, and the caller says
     * which. Changing a rule here means changing its explanation in predictions.service.ts.
     */
    async insertWhereAllowed(
      { poolId, userId, matchId, prediction }: { poolId: number; userId: number; matchId: number; prediction: PredictionChoice },
      now: Date,
    ): Promise<Prediction | null> {
      const [row] = await queryRows<Omit<Prediction, 'createdAt'> & { createdAt: Date | string }>(
        db,
        sql`
          insert into predictions (pool_id, user_id, match_id, prediction)
          select ${poolId}, ${userId}, ${matchId}, ${prediction}
          where exists (
              select 1 from pool_participants pp join pools p on p.id = pp.pool_id
              where pp.pool_id = ${poolId} and pp.user_id = ${userId} and p.is_active)
            and exists (
              select 1 from matches m join pools p on p.id = ${poolId}
              where m.id = ${matchId} and m.status = 'scheduled' and m.match_date > ${now.toISOString()}::timestamptz
                and ${poolCountsMatchSql(sql`p`, sql`m`)})
          on conflict do nothing
          returning id, match_id as "matchId", pool_id as "poolId", user_id as "userId", prediction, created_at as "createdAt"`,
      );
      return row ? toPrediction({ ...row, createdAt: new Date(row.createdAt) }) : null;
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
