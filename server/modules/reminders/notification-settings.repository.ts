import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationSettings } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { notificationOptOuts, poolParticipants, pools } from '../../db/schema.ts';

/** A user's notification settings: a row in `notification_opt_outs` for each kind they turned off. */
export function createNotificationSettingsRepository(db: Database) {
  const optedOut = (kind: NotificationKind, poolId: unknown) => sql<boolean>`exists (
    select 1 from ${notificationOptOuts} o
    where o.user_id = ${poolParticipants.userId} and o.pool_id = ${poolId} and o.kind = ${kind})`;
  return {
    /** Favourite reminders, and the two pool kinds for every pool the user plays in (by name). */
    async read(userId: number): Promise<NotificationSettings> {
      const [favorites, playing] = await Promise.all([
        db
          .select({ id: notificationOptOuts.id })
          .from(notificationOptOuts)
          .where(
            and(
              eq(notificationOptOuts.userId, userId),
              eq(notificationOptOuts.kind, 'favorite-reminders'),
              isNull(notificationOptOuts.poolId),
            ),
          ),
        db
          .select({
            poolId: pools.id,
            poolName: pools.name,
            missingOff: optedOut('missing-picks', pools.id),
            resultsOff: optedOut('jornada-results', pools.id),
          })
          .from(poolParticipants)
          .innerJoin(pools, eq(pools.id, poolParticipants.poolId))
          .where(eq(poolParticipants.userId, userId))
          .orderBy(asc(pools.name), asc(pools.id)),
      ]);
      return {
        favoriteReminders: favorites.length === 0,
        pools: playing.map(({ poolId, poolName, missingOff, resultsOff }) => ({
          poolId,
          poolName,
          missingPicks: !missingOff,
          jornadaResults: !resultsOff,
        })),
      };
    },

    /** Idempotent: on deletes the opt-out, off inserts it once. */
    async set(userId: number, kind: NotificationKind, poolId: number | null, enabled: boolean): Promise<void> {
      const mine = and(
        eq(notificationOptOuts.userId, userId),
        eq(notificationOptOuts.kind, kind),
        poolId === null ? isNull(notificationOptOuts.poolId) : eq(notificationOptOuts.poolId, poolId),
      );
      if (enabled) await db.delete(notificationOptOuts).where(mine);
      else await db.insert(notificationOptOuts).values({ userId, kind, poolId }).onConflictDoNothing();
    },
  };
}

export type NotificationSettingsRepository = ReturnType<typeof createNotificationSettingsRepository>;
