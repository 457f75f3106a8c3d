import { and, asc, desc, eq } from 'drizzle-orm';
import type { PickDistribution, Prediction, PredictionChoice } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { predictions, users } from '../../db/schema.ts';

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
    /** Throws the driver's unique violation for a second pick (the index settles races). */
    async insert(values: { poolId: number; userId: number; matchId: number; prediction: PredictionChoice }): Promise<Prediction> {
      const [row] = await db.insert(predictions).values(values).returning(columns);
      if (!row) throw new Error('insert returned no row');
      return toPrediction(row);
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
