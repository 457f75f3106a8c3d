import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.ts';

/**
 * The planner's statistics, kept fresh by the app itself. PGlite has no autovacuum launcher, so it never analyzes
 * by itself, and a PostgreSQL after a bulk write is in the same state until autovacuum passes (or forever with
 * autovacuum off). Without statistics the planner takes a 10,000-member pool's standings for one row and re-runs a
 * per-standing aggregate for each: a result save went from 0.3 s to 34 s (docs/decisions/062-…).
 *
 * A table is stale by autovacuum's own rule: more rows changed since its last ANALYZE than 50 plus 10 % of its
 * size, or never analyzed while it holds rows.
 */
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** On PostgreSQL, one instance at a time looks (the others' look would only find the same tables). */
const STATISTICS_LOCK_ID = 424_244;

interface StaleTable {
  name: string;
  changed: number;
  rows: number;
}

/**
 * Analyzes the app's tables that are stale (above), and answers their names with what had changed. Cheap when none
 * is: one look at `pg_stat_user_tables`. PGlite reports a statement's row counts lazily: it is asked to flush them
 * first, so the look sees every write made so far.
 */
export async function analyzeStaleTables(db: Database, kind: 'pglite' | 'postgres'): Promise<StaleTable[]> {
  if (kind === 'pglite') await db.execute(sql`select pg_stat_force_next_flush()`);
  return db.transaction(async (tx) => {
    if (kind === 'postgres') {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${STATISTICS_LOCK_ID}) as locked`,
      );
      if (!lock?.locked) return [];
    }
    const stale = await queryRows<StaleTable>(
      tx,
      sql`select s.relname as name, s.n_mod_since_analyze::float8 as changed, greatest(c.reltuples, 0)::float8 as rows
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.schemaname = current_schema()
            and (s.n_mod_since_analyze > ${ANALYZE_THRESHOLD_ROWS} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, 0)
                 or (c.reltuples < 0 and s.n_live_tup > 0))
          order by s.relname`,
    );
    for (const table of stale) await tx.execute(sql`analyze ${sql.identifier(table.name)}`);
    return stale;
  });
}
