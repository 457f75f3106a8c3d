import { z } from 'zod';
import type { Match, ResultsImportSummary, UpdateMatchBody } from '#contract/index';
import { COMPETITION_BY_NAME, parseFixtures, type CompetitionKey, type FixtureRow } from './openfootball.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { MatchesService } from '../matches/matches.service.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';

interface Deps {
  teams: Pick<TeamsRepository, 'idsBySourceName'>;
  matches: Pick<MatchesRepository, 'listByCompetition'>;
  /** Every match is created and changed through it, so standings and the result history follow. */
  matchesService: Pick<MatchesService, 'create' | 'update'>;
}

/** In a double round robin a pair meets once at each ground; in a cup the round tells two meetings apart. */
const isCup = (competition: CompetitionKey) => competition === 'worldcup-2026';

export class UnknownCompetitionError extends Error {}

/** `done` of the file's `total` matches applied so far. */
export type ImportProgress = (done: number, total: number) => void | Promise<void>;

/**
 * Applies an openfootball file to the database, idempotently: new fixtures are
 * created, moved kick-offs and new results are saved through the matches service
 * (so standings and the audit trail follow), and nothing is ever un-finished by a
 * file that lacks a result the database already has. Unknown teams are reported, never created.
 */
export function createResultsImporter({ teams, matches, matchesService }: Deps) {
  /**
   * `createOnly`: add missing fixtures and leave existing ones alone. The seed uses it on every
   * start, so newer kick-off times and results (imported or entered by an admin) are never
   * reverted to the shipped file's. `onProgress` is told how many of the file's matches have been
   * applied: once before the first (0) and after each one; it is awaited.
   */
  return async function importResults(
    file: unknown,
    source: string,
    { createOnly = false, onProgress }: { createOnly?: boolean; onProgress?: ImportProgress } = {},
  ): Promise<ResultsImportSummary> {
    const { name } = z.object({ name: z.string() }).parse(file);
    const competition = COMPETITION_BY_NAME[name];
    if (!competition) throw new UnknownCompetitionError(`unknown competition "${name}"`);

    const teamIds = await teams.idsBySourceName();
    const { fixtures, unknownTeamNames } = parseFixtures(file, competition, new Set(teamIds.keys()));

    const keyOf = (round: string, homeId: number, awayId: number) =>
      isCup(competition) ? `${round}|${homeId}|${awayId}` : `${homeId}|${awayId}`;
    const existing = new Map(
      (await matches.listByCompetition(competition)).map((m) => [keyOf(m.round, m.homeTeamId, m.awayTeamId), m]),
    );

    const summary: ResultsImportSummary = {
      source,
      matchesSeen: fixtures.length,
      updated: 0,
      created: 0,
      unchanged: 0,
      unknownTeams: unknownTeamNames,
    };
    const applyFixture = async (fixture: FixtureRow): Promise<void> => {
      const homeTeamId = teamIds.get(fixture.homeTeam)!;
      const awayTeamId = teamIds.get(fixture.awayTeam)!;
      const current = existing.get(keyOf(fixture.round, homeTeamId, awayTeamId));
      if (current === undefined) {
        const created = await matchesService
          .create({
            competition,
            round: fixture.round,
            weekNumber: fixture.weekNumber,
            matchDate: fixture.matchDate.toISOString(),
            kickoffConfirmed: fixture.kickoffConfirmed,
            homeTeamId,
            awayTeamId,
            scoreHome: fixture.scoreHome,
            scoreAway: fixture.scoreAway,
            status: fixture.status,
          })
          .catch((error: unknown) => {
            // Another instance created it a moment ago: the same fixture, nothing to do.
            if (error instanceof ConflictError) return null;
            throw error;
          });
        if (created) summary.created += 1;
        else summary.unchanged += 1;
        return;
      }
      const changes = createOnly ? null : changesFor(current, fixture);
      if (!changes) {
        summary.unchanged += 1;
        return;
      }
      await matchesService.update(current.id, changes, { kind: 'import' });
      summary.updated += 1;
    };
    await onProgress?.(0, fixtures.length);
    for (const [index, fixture] of fixtures.entries()) {
      await applyFixture(fixture);
      await onProgress?.(index + 1, fixtures.length);
    }
    return summary;
  };
}

/** What the file changes in a stored match, or null. A missing result never erases a stored one. */
export function changesFor(current: Match, fixture: FixtureRow): UpdateMatchBody | null {
  const changes: UpdateMatchBody = {};
  const matchDate = fixture.matchDate.toISOString();
  if (current.matchDate !== matchDate) changes.matchDate = matchDate;
  if (current.kickoffConfirmed !== fixture.kickoffConfirmed) changes.kickoffConfirmed = fixture.kickoffConfirmed;
  if (current.weekNumber !== fixture.weekNumber) changes.weekNumber = fixture.weekNumber;
  if (
    fixture.status === 'finished' &&
    (current.status !== 'finished' ||
      current.scoreHome !== fixture.scoreHome ||
      current.scoreAway !== fixture.scoreAway)
  ) {
    Object.assign(changes, { status: 'finished', scoreHome: fixture.scoreHome, scoreAway: fixture.scoreAway });
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export type ResultsImporter = ReturnType<typeof createResultsImporter>;
