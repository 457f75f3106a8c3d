import {
  IMPORT_CHANGES_LISTED_MAX,
  type ImportedMatchChange,
  type ImportResultsSummary,
  type Match,
  type ResultsImportSummary,
} from '#contract/index';
import type { MatchesRepository } from '../matches/matches.repository.ts';

const state = (m: Match) => ({
  matchDate: m.matchDate,
  kickoffConfirmed: m.kickoffConfirmed,
  weekNumber: m.weekNumber,
  status: m.status,
  scoreHome: m.scoreHome,
  scoreAway: m.scoreAway,
});
const sameState = (a: Match, b: Match) => JSON.stringify(state(a)) === JSON.stringify(state(b));

/**
 * Runs an import of one competition and tells what it changed match by match (the competition's matches read
 * before and after): the admin's imports and the pulls of the results source both report this.
 */
export async function importWithChanges(
  matches: Pick<MatchesRepository, 'listByCompetition'>,
  competition: string,
  run: () => Promise<ResultsImportSummary>,
): Promise<ImportResultsSummary> {
  const before = new Map((await matches.listByCompetition(competition)).map((m) => [m.id, m]));
  const summary = await run();
  const changes: ImportedMatchChange[] = [];
  for (const after of await matches.listByCompetition(competition)) {
    const previous = before.get(after.id);
    if (previous && sameState(previous, after)) continue;
    const { id: matchId, competition: key, round, homeTeamId, awayTeamId } = after;
    changes.push({
      matchId,
      competition: key,
      round,
      homeTeamId,
      awayTeamId,
      before: previous ? state(previous) : null,
      after: state(after),
    });
  }
  changes.sort((a, b) => a.after.matchDate.localeCompare(b.after.matchDate) || a.matchId - b.matchId);
  return {
    ...summary,
    changes: changes.slice(0, IMPORT_CHANGES_LISTED_MAX),
    changesTruncated: changes.length > IMPORT_CHANGES_LISTED_MAX,
  };
}

/** The counts alone, as "Actualizar Resultados" answers them. */
export const countsOf = ({
  changes: _c,
  changesTruncated: _t,
  ...counts
}: ImportResultsSummary): ResultsImportSummary => counts;
