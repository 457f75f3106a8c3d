import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Match } from '#contract/index';
import { matches, teams } from '#server/db/schema';
import type { SignedIn } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * The shipped LaLiga 2026/27 file (openfootball's format), which the seed loads and the results importer reads:
 * the tests of the importer edit a copy of it, and find the seeded matches its rows name.
 */
export interface SourceFile {
  name: string;
  matches: SourceRow[];
}
export type SourceRow = { round: string; date: string; time?: string; team1: string; team2: string; score?: unknown };

/** Before the jornada of 22 November, whose matches are stored at noon, Madrid time (a day without a time). */
export const beforeKickoff = new Date('2026-11-21T12:00:00Z');
/** After it: a result for one of its matches may be saved (never before kick-off, decision 063). */
export const afterKickoff = new Date('2026-11-23T12:00:00Z');

/** An import's counts when one match of the shipped file got its result: the file's 379 other rows change nothing. */
export const ONE_RESULT_IMPORTED = {
  matchesSeen: 380,
  updated: 1,
  created: 0,
  unchanged: 379,
  results: 1,
  kickoffs: 0,
  unknownTeams: [],
};

/** A fresh copy of the file, as shipped: a test may edit it. */
export async function laligaFile(): Promise<SourceFile> {
  const url = new URL('../../server/db/seed/data/laliga-2026-27.json', import.meta.url);
  return JSON.parse(await readFile(url, 'utf8')) as SourceFile;
}

/** The seeded match of a row of the file (its home and away teams by their names in the file), as the API answers it. */
export async function seededMatch(
  t: TestApp,
  viewer: SignedIn,
  row: Pick<SourceRow, 'team1' | 'team2'>,
): Promise<Match> {
  const id = async (name: string) =>
    (await t.db.select({ id: teams.id }).from(teams).where(eq(teams.sourceName, name)))[0]!.id;
  const [found] = await t.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.homeTeamId, await id(row.team1)), eq(matches.awayTeamId, await id(row.team2))));
  return (await t.api.call<{ data: Match }>(viewer, 'GET', `/api/matches/${found!.id}`)).data;
}
