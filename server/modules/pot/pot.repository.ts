import { and, asc, eq } from 'drizzle-orm';
import type { PotSettings } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { poolParticipants, poolPotPayments, poolPots, users } from '../../db/schema.ts';

const settingsColumns = {
  entryCents: poolPots.entryCents,
  positionShares: poolPots.positionShares,
  jornadaShare: poolPots.jornadaShare,
};

/** A pool's bote as stored: its settings (none: no bote) and its participants with their paid marks. */
export function createPotRepository(db: Database) {
  return {
    async settings(poolId: number): Promise<PotSettings | undefined> {
      return (await db.select(settingsColumns).from(poolPots).where(eq(poolPots.poolId, poolId)))[0];
    },

    async save(poolId: number, pot: PotSettings): Promise<void> {
      await db
        .insert(poolPots)
        .values({ poolId, ...pot })
        .onConflictDoUpdate({ target: poolPots.poolId, set: pot });
    },

    /** Clearing the bote forgets its paid marks too: a bote set up again starts with nobody paid. */
    async clear(poolId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(poolPotPayments).where(eq(poolPotPayments.poolId, poolId));
        await tx.delete(poolPots).where(eq(poolPots.poolId, poolId));
      });
    },

    /** The pool's participants in joining order, each with when they were marked as paid (null: not paid). */
    async participants(poolId: number): Promise<{ userId: number; username: string; markedAt: Date | null }[]> {
      return db
        .select({ userId: users.id, username: users.name, markedAt: poolPotPayments.markedAt })
        .from(poolParticipants)
        .innerJoin(users, eq(users.id, poolParticipants.userId))
        .leftJoin(
          poolPotPayments,
          and(eq(poolPotPayments.poolId, poolParticipants.poolId), eq(poolPotPayments.userId, poolParticipants.userId)),
        )
        .where(eq(poolParticipants.poolId, poolId))
        .orderBy(asc(poolParticipants.registeredAt), asc(users.id));
    },

    /** Marks a participant as paid; marked again, it keeps who marked it first and when. */
    async markPaid(poolId: number, userId: number, markedBy: number): Promise<void> {
      await db.insert(poolPotPayments).values({ poolId, userId, markedBy }).onConflictDoNothing();
    },

    async unmarkPaid(poolId: number, userId: number): Promise<void> {
      await db
        .delete(poolPotPayments)
        .where(and(eq(poolPotPayments.poolId, poolId), eq(poolPotPayments.userId, userId)));
    },
  };
}

export type PotRepository = ReturnType<typeof createPotRepository>;
