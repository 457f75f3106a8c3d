import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * The rows of a list an admin keeps by a serial `id` (teams, confederations: server/lib/item-routes.ts): read one,
 * insert, edit and delete one, each answering `columns` as `Item`. The casts only name the row those columns select:
 * Drizzle's builders do not follow a table passed as a generic.
 */
export function itemRows<Item extends { id: number }>(
  db: Database,
  table: PgTable & { id: PgColumn },
  columns: Record<keyof Item, PgColumn>,
) {
  const findById = async (id: number): Promise<Item | undefined> => {
    const [row] = await db.select(columns).from(table).where(eq(table.id, id));
    return row as Item | undefined;
  };
  return {
    findById,

    /** Throws the driver's unique or foreign-key violation, for the module to answer. */
    async insert(values: Omit<Item, 'id'>): Promise<Item> {
      const [row] = (await db.insert(table).values(values as never).returning(columns)) as unknown as Item[];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<Omit<Item, 'id'>>): Promise<Item | undefined> {
      // An empty PATCH changes nothing (and SQL has no empty SET).
      if (Object.keys(values).length === 0) return findById(id);
      const rows = await db.update(table).set(values as never).where(eq(table.id, id)).returning(columns);
      return (rows as unknown as Item[])[0];
    },

    async delete(id: number): Promise<void> {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}
