import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Team } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { matches, teams } from '../../db/schema.ts';

const teamColumns = {
  id: teams.id,
  name: teams.name,
  logoUrl: teams.logoUrl,
  isActive: teams.isActive,
  confederationId: teams.confederationId,
};

export function createTeamsRepository(db: Database) {
  return {
    list(): Promise<Team[]> {
      return db.select(teamColumns).from(teams).orderBy(asc(teams.name));
    },

    async findById(id: number): Promise<Team | undefined> {
      const [row] = await db.select(teamColumns).from(teams).where(eq(teams.id, id));
      return row;
    },

    /** Team ids by the team's name in the openfootball files, for the teams that have one: what the results importer matches on. */
    async idsBySourceName(): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: teams.id, sourceName: teams.sourceName })
        .from(teams)
        .where(isNotNull(teams.sourceName));
      return new Map(rows.map((t) => [t.sourceName!, t.id]));
    },

    /** Whether the team exists, read with `executor` (a transaction's handle inside one). */
    async exists(id: number, executor: Executor = db): Promise<boolean> {
      const [row] = await executor.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
      return row !== undefined;
    },

    async insert(values: Omit<Team, 'id'>): Promise<Team> {
      const [row] = await db.insert(teams).values(values).returning(teamColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<Omit<Team, 'id'>>): Promise<Team | undefined> {
      // An empty PATCH changes nothing (and SQL has no empty SET).
      if (Object.keys(values).length === 0) return this.findById(id);
      const [row] = await db.update(teams).set(values).where(eq(teams.id, id)).returning(teamColumns);
      return row;
    },

    matchCount(id: number): Promise<number> {
      return db.$count(matches, or(eq(matches.homeTeamId, id), eq(matches.awayTeamId, id)));
    },

    async delete(id: number): Promise<void> {
      await db.delete(teams).where(eq(teams.id, id));
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
