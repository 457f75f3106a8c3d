import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationSettings, PoolNotificationKind } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { emailNotifications, notificationOptOuts, poolParticipants, pools, users } from '../../db/schema.ts';

/**
 * A user's notification settings: by push, a row in `notification_opt_outs` for each kind they turned off; by e-mail,
 * a row in `email_notifications` for each one they turned on.
 */
export function createNotificationSettingsRepository(db: Database) {
  const optedOut = (kind: NotificationKind, poolId: unknown) => sql<boolean>`exists (
    select 1 from ${notificationOptOuts} o
    where o.user_id = ${poolParticipants.userId} and o.pool_id = ${poolId} and o.kind = ${kind})`;
  const byEmail = (kind: PoolNotificationKind, poolId: unknown) => sql<boolean>`exists (
    select 1 from ${emailNotifications} e
    where e.user_id = ${poolParticipants.userId} and e.pool_id = ${poolId} and e.kind = ${kind})`;
  return {
    /**
     * Favourite reminders, the two pool kinds by push and by e-mail for every pool the user plays in (by name), and
     * whether the account's address is confirmed (`available` is the server's to say).
     */
    async read(userId: number): Promise<Omit<NotificationSettings, 'email'> & { emailConfirmed: boolean }> {
      const [favorites, playing, [account]] = await Promise.all([
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
            missingPicksEmail: byEmail('missing-picks', pools.id),
            jornadaResultsEmail: byEmail('jornada-results', pools.id),
          })
          .from(poolParticipants)
          .innerJoin(pools, eq(pools.id, poolParticipants.poolId))
          .where(eq(poolParticipants.userId, userId))
          .orderBy(asc(pools.name), asc(pools.id)),
        db.select({ confirmed: sql<boolean>`${users.emailConfirmedAt} is not null` }).from(users).where(eq(users.id, userId)),
      ]);
      return {
        favoriteReminders: favorites.length === 0,
        emailConfirmed: account?.confirmed ?? false,
        pools: playing.map(({ poolId, poolName, missingOff, resultsOff, missingPicksEmail, jornadaResultsEmail }) => ({
          poolId,
          poolName,
          missingPicks: !missingOff,
          jornadaResults: !resultsOff,
          missingPicksEmail,
          jornadaResultsEmail,
        })),
      };
    },

    /** By e-mail: on inserts the row once, off deletes it (an unsubscribe link too). */
    async setEmail(userId: number, kind: PoolNotificationKind, poolId: number, enabled: boolean): Promise<void> {
      if (enabled) await db.insert(emailNotifications).values({ userId, kind, poolId }).onConflictDoNothing();
      else
        await db
          .delete(emailNotifications)
          .where(and(eq(emailNotifications.userId, userId), eq(emailNotifications.kind, kind), eq(emailNotifications.poolId, poolId)));
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
