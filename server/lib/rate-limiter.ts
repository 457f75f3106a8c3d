// The rate limiter every limit goes through, as the modules see it. Its counters live in the database
// (server/db/rate-limit-counters.ts, built once by server/services.ts), so every app instance enforces the same limits.

export interface Limit {
  max: number;
  windowMs: number;
}

/** One attempt counted before the work it guards. */
export interface Reservation {
  /** Seconds to wait when this attempt went past the limit (it must not be evaluated), else null. */
  waitSeconds: number | null;
  /** The window's count with this attempt (1: the first of its window), when it was counted; null when refused. */
  count: number | null;
  /** Gives the attempt back (it turned out not to count, e.g. the right password); no-op when refused. */
  refund(): Promise<void>;
}

export interface RateLimiter {
  /**
   * Counts one hit (or `cost` at once: an invitation to 5 addresses is 5); returns how long to wait (seconds) when
   * that would exceed the limit (nothing is counted then), else null.
   */
  hit(key: string, limit: Limit, cost?: number): Promise<number | null>;
  /**
   * Counts an attempt before it is evaluated, in one atomic statement: however many arrive at
   * once, at most `limit.max` per window get `waitSeconds: null`. Checking first and counting
   * after the work let 95 parallel guesses through a limit of 10.
   */
  reserve(key: string, limit: Limit): Promise<Reservation>;
  /** Drops windows that ended before `olderThanMs` ago. */
  prune(olderThanMs: number): Promise<void>;
}
