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
  return mergeSummaries(summary.source, [{ ...summary, changes, changesTruncated: false }]);
}

/** The counts alone, as "Actualizar Resultados" answers them. */
export const countsOf = ({
  changes: _c,
  changesTruncated: _t,
  ...counts
}: ImportResultsSummary): ResultsImportSummary => counts;

/** What one pull of several files or competitions did, as one import: counts added, lists joined. */
export function mergeSummaries(source: string, summaries: readonly ImportResultsSummary[]): ImportResultsSummary {
  const sum = (count: (s: ImportResultsSummary) => number | null) =>
    summaries.reduce((total, s) => total + (count(s) ?? 0), 0);
  const changes = summaries
    .flatMap((s) => s.changes)
    .sort((a, b) => a.after.matchDate.localeCompare(b.after.matchDate) || a.matchId - b.matchId);
  return {
    source,
    matchesSeen: sum((s) => s.matchesSeen),
    updated: sum((s) => s.updated),
    created: sum((s) => s.created),
    unchanged: sum((s) => s.unchanged),
    results: sum((s) => s.results),
    kickoffs: sum((s) => s.kickoffs),
    unknownTeams: [...new Set(summaries.flatMap((s) => s.unknownTeams))].sort(),
    conflicts: summaries.flatMap((s) => s.conflicts),
    changes: changes.slice(0, IMPORT_CHANGES_LISTED_MAX),
    changesTruncated: changes.length > IMPORT_CHANGES_LISTED_MAX || summaries.some((s) => s.changesTruncated),
  };
}
