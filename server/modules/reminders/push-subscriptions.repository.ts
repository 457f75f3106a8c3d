import { and, eq, inArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';

export interface StoredPushSubscription {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export function createPushSubscriptionsRepository(db: Database) {
  return {
    /**
     * An endpoint belongs to the account that saved it until that account deletes it or the
     * push service says it is gone: the owner saving it again updates its keys, anyone else
     * is refused (false), so nobody can take over another account's reminders.
     */
    async upsert(userId: number, { endpoint, keys }: PushSubscriptionBody): Promise<boolean> {
      const saved = await db
        .insert(pushSubscriptions)
        .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: keys.p256dh, auth: keys.auth },
          setWhere: eq(pushSubscriptions.userId, userId),
        })
        .returning({ id: pushSubscriptions.id });
      return saved.length > 0;
    },

    /** Only the owner's row goes; someone else's endpoint is left alone. */
    async deleteOwn(userId: number, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** Every stored endpoint, for the start's sweep of those the server may no longer push to. */
    async listEndpoints(): Promise<{ id: number; endpoint: string }[]> {
      return db.select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    },

    async delete(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async listForUsers(userIds: readonly number[]): Promise<StoredPushSubscription[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
      return rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        endpoint: row.endpoint,
        keys: { p256dh: row.p256dh, auth: row.auth },
      }));
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
