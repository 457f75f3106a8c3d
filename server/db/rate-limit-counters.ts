import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.ts';
import type { Limit, RateLimiter } from '../lib/rate-limiter.ts';
import type { Database } from './client.ts';
import { rateLimitCounters } from './schema.ts';

/**
 * Fixed-window counters stored in the database: one atomic upsert per hit, so
 * every app instance on the same PostgreSQL enforces the same limits.
 */
export function createRateLimiter(db: Database, clock: Clock): RateLimiter {
  const secondsLeft = (windowStart: Date, limit: Limit, now: Date) =>
    Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));

  /** Counts one attempt only when it fits: an attempt refused leaves no trace, so refunds bring the count back exactly. */
  const count = async (key: string, limit: Limit, cost = 1) => {
    const now = clock();
    const windowFloor = new Date(now.getTime() - limit.windowMs);
    const expired = sql`${rateLimitCounters.windowStart} <= ${windowFloor.toISOString()}::timestamptz`;
    const [counted] =
      cost > limit.max
        ? []
        : await db
            .insert(rateLimitCounters)
            .values({ key, windowStart: now, count: cost })
            .onConflictDoUpdate({
              target: rateLimitCounters.key,
              set: {
                windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimitCounters.windowStart} end`,
                count: sql`case when ${expired} then ${cost}::int else ${rateLimitCounters.count} + ${cost}::int end`,
              },
              setWhere: sql`${expired} or ${rateLimitCounters.count} + ${cost}::int <= ${limit.max}`,
            })
            .returning({ windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count });
    if (counted) return { windowStart: counted.windowStart, waitSeconds: null, count: counted.count };
    const [full] = await db
      .select({ windowStart: rateLimitCounters.windowStart })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    const windowStart = full?.windowStart ?? now;
    return { windowStart, waitSeconds: secondsLeft(windowStart, limit, now), count: null };
  };

  return {
    async hit(key, limit, cost) {
      return (await count(key, limit, cost)).waitSeconds;
    },

    async reserve(key, limit) {
      const { windowStart, waitSeconds, count: counted } = await count(key, limit);
      return {
        waitSeconds,
        count: counted,
        async refund() {
          if (waitSeconds !== null) return;
          // Only within the window the attempt was counted in: a new window starts from its own count.
          await db
            .update(rateLimitCounters)
            .set({ count: sql`${rateLimitCounters.count} - 1` })
            .where(
              and(
                eq(rateLimitCounters.key, key),
                eq(rateLimitCounters.windowStart, windowStart),
                gt(rateLimitCounters.count, 0),
              ),
            );
        },
      };
    },

    async prune(olderThanMs) {
      await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, new Date(clock().getTime() - olderThanMs)));
    },
  };
}
