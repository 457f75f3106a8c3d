import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Deletes the rows of `table` that `where` selects; whether this call deleted any (of simultaneous ones, one does). */
export async function deletedAny(executor: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const deleted = await executor.delete(table).where(where).returning({ one: sql`1` });
  return deleted.length > 0;
}
