import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit; returns how long to wait (seconds) when the limit is exceeded, else null. */
  hit(key: string, limit: Limit): Promise<number | null>;
  /** Seconds to wait when `key` already reached `limit.max` in its window, without counting a hit. */
  blockedFor(key: string, limit: Limit): Promise<number | null>;
  reset(key: string): Promise<void>;
  /** Drops windows that ended before `olderThanMs` ago. */
  prune(olderThanMs: number): Promise<void>;
}

/**
 * Fixed-window counters stored in the database: one atomic upsert per hit, so
 * every app instance on the same PostgreSQL enforces the same limits.
 */
export function createRateLimiter(db: Database, clock: Clock): RateLimiter {
  const secondsLeft = (windowStart: Date, limit: Limit, now: Date) =>
    Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));

  return {
    async hit(key, limit) {
      const now = clock();
      const windowFloor = new Date(now.getTime() - limit.windowMs);
      const expired = sql`${rateLimitCounters.windowStart} <= ${windowFloor.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimitCounters.windowStart} end`,
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          },
        })
        .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
      if (!row || row.count <= limit.max) return null;
      return secondsLeft(row.windowStart, limit, now);
    },

    async blockedFor(key, limit) {
      const now = clock();
      const [row] = await db
        .select({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
        .from(rateLimitCounters)
        .where(
          and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStart, new Date(now.getTime() - limit.windowMs))),
        );
      if (!row || row.count < limit.max) return null;
      return secondsLeft(row.windowStart, limit, now);
    },

    async reset(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },

    async prune(olderThanMs) {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(clock().getTime() - olderThanMs)));
    },
  };
}
