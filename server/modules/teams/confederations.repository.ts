import { asc, eq } from 'drizzle-orm';
import type { Confederation } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { itemRows } from '../../db/item-rows.ts';
import { confederations, teams } from '../../db/schema.ts';

const columns = { id: confederations.id, code: confederations.code, name: confederations.name };

export function createConfederationsRepository(db: Database) {
  return {
    ...itemRows<Confederation>(db, confederations, columns),

    list(): Promise<Confederation[]> {
      return db.select(columns).from(confederations).orderBy(asc(confederations.code));
    },

    teamCount(id: number): Promise<number> {
      return db.$count(teams, eq(teams.confederationId, id));
    },
  };
}

export type ConfederationsRepository = ReturnType<typeof createConfederationsRepository>;
