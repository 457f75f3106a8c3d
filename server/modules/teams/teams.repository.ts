import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Team } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { itemRows } from '../../db/item-rows.ts';
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
    ...itemRows<Team>(db, teams, teamColumns),

    list(): Promise<Team[]> {
      return db.select(teamColumns).from(teams).orderBy(asc(teams.name));
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

    matchCount(id: number): Promise<number> {
      return db.$count(matches, or(eq(matches.homeTeamId, id), eq(matches.awayTeamId, id)));
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
