import { asc, eq } from 'drizzle-orm';
import type { Confederation } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { confederations, teams } from '../../db/schema.ts';

const columns = { id: confederations.id, code: confederations.code, name: confederations.name };

export function createConfederationsRepository(db: Database) {
  return {
    list(): Promise<Confederation[]> {
      return db.select(columns).from(confederations).orderBy(asc(confederations.code));
    },

    async findById(id: number): Promise<Confederation | undefined> {
      const [row] = await db.select(columns).from(confederations).where(eq(confederations.id, id));
      return row;
    },

    /** Throws the driver's unique violation when the code is taken. */
    async insert(values: Omit<Confederation, 'id'>): Promise<Confederation> {
      const [row] = await db.insert(confederations).values(values).returning(columns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<Omit<Confederation, 'id'>>): Promise<Confederation | undefined> {
      // An empty PATCH changes nothing (and SQL has no empty SET).
      if (Object.keys(values).length === 0) return this.findById(id);
      const [row] = await db.update(confederations).set(values).where(eq(confederations.id, id)).returning(columns);
      return row;
    },

    teamCount(id: number): Promise<number> {
      return db.$count(teams, eq(teams.confederationId, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(confederations).where(eq(confederations.id, id));
    },
  };
}

export type ConfederationsRepository = ReturnType<typeof createConfederationsRepository>;
