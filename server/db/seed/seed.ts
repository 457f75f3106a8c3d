import { readFile } from 'node:fs/promises';
import type { ResultsImportSummary } from '#contract/index';
import type { Database } from '../client.ts';
import { confederations, teams } from '../schema.ts';
import { CONFEDERATION_NAMES, clubTeamRows, worldCupTeamRows, type ConfederationCode } from './teams-data.ts';

const dataFile = (name: string) => new URL(`./data/${name}`, import.meta.url);
/** A file of the shipped data (server/db/seed/data, beside the compiled server in dist/server/data). */
export const readShippedData = async (name: string): Promise<unknown> => JSON.parse(await readFile(dataFile(name), 'utf8'));
const readJson = readShippedData;

/** The competitions the app ships (server/db/seed/data/README.md says where they come from). */
const SHIPPED_COMPETITIONS = ['worldcup-2026.json', 'laliga-2026-27.json'];

/**
 * What the seed needs of the results importer (server/modules/results/results-importer.ts, handed over by the
 * composition root): a file of fixtures applied in create-only mode.
 */
export interface ShippedFixturesImporter {
  importFile(file: unknown, source: string, options: { createOnly: true }): Promise<ResultsImportSummary>;
}

export interface SeedSummary {
  teams: number;
  competitions: ResultsImportSummary[];
}

/**
 * Loads the shipped real football data. Idempotent and safe on every start, from
 * several instances at once: reference rows are inserted with `on conflict do
 * nothing` (an admin's later edits stay), and matches go through the results
 * importer in create-only mode: missing fixtures are added, existing ones are left
 * as they are (newer kick-offs and results are never reverted).
 */
export async function seedFootballData({
  db,
  resultsImporter,
}: {
  db: Database;
  resultsImporter: ShippedFixturesImporter;
}): Promise<SeedSummary> {
  await db
    .insert(confederations)
    .values(Object.entries(CONFEDERATION_NAMES).map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  const confederationIds = new Map(
    (await db.select({ id: confederations.id, code: confederations.code }).from(confederations)).map((c) => [
      c.code,
      c.id,
    ]),
  );

  const teamRows = [
    ...worldCupTeamRows(await readJson('teams-es.json')),
    ...clubTeamRows(await readJson('clubs-es-laliga-2026-27.json')),
  ];
  await db
    .insert(teams)
    .values(
      teamRows.map((team) => ({
        name: team.name,
        sourceName: team.sourceName,
        logoUrl: team.logoUrl,
        confederationId: confederationIds.get(team.confederationCode satisfies ConfederationCode) ?? null,
      })),
    )
    .onConflictDoNothing({ target: teams.sourceName });

  const competitions: ResultsImportSummary[] = [];
  for (const file of SHIPPED_COMPETITIONS) {
    competitions.push(await resultsImporter.importFile(await readJson(file), `seed:${file}`, { createOnly: true }));
  }
  return { teams: teamRows.length, competitions };
}
