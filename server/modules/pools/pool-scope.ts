import { sql, type SQL } from 'drizzle-orm';

/**
 * Which matches a pool counts: the one rule every pool-scoped query (Predecir, rankings, per-jornada tables,
 * results) goes through. `pool` and `match` are the aliases of `pools` and `matches` in the caller's query.
 * Every match counts for now; a pool tied to a competition narrows this (issue 19).
 */
export function poolCountsMatchSql(pool: SQL, match: SQL): SQL {
  void pool;
  void match;
  return sql`true`;
}
