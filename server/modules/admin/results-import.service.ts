import { z } from 'zod';
import {
  IMPORT_CHANGES_LISTED_MAX,
  UPLOADED_FILE_SOURCE,
  adminMessages,
  gameMessages,
  type ImportResultsBody,
  type ImportResultsResponse,
  type ImportedMatchChange,
  type Match,
} from '#contract/index';
import { parseFixtures } from '../../db/seed/football-data.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { COMPETITION_BY_NAME, type ResultsImporter } from '../results/results-importer.ts';
import { UnsafeUrlError, readPublicUrl } from './public-url-source.ts';

interface Deps {
  importResults: ResultsImporter;
  matches: MatchesRepository;
  /** Reads a URL given by an admin; replaceable in tests. */
  readUrl?: (url: string) => Promise<unknown>;
}

const state = (m: Match) => ({
  matchDate: m.matchDate,
  kickoffConfirmed: m.kickoffConfirmed,
  weekNumber: m.weekNumber,
  status: m.status,
  scoreHome: m.scoreHome,
  scoreAway: m.scoreAway,
});
const sameState = (a: Match, b: Match) => JSON.stringify(state(a)) === JSON.stringify(state(b));

/** "matches.3.date: …": the first thing wrong with a file, for the admin to fix. */
function describeFormatError(error: unknown): string {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    return issue ? `${issue.path.join('.') || 'archivo'}: ${issue.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Importar" in the admin area: an openfootball file sent in the body, or a public URL,
 * applied by the same importer as the CLI and "Actualizar Resultados" (so standings and
 * the audit trail follow). The file is checked in full before anything is written, and
 * the answer lists what changed, match by match.
 */
export function createResultsImportService({ importResults, matches, readUrl = readPublicUrl }: Deps) {
  const load = async (url: string): Promise<unknown> => {
    try {
      return await readUrl(url);
    } catch (cause) {
      if (cause instanceof UnsafeUrlError) throw new BadRequestError(adminMessages.importUrlPrivate);
      throw Object.assign(new AppError(502, gameMessages.resultsSourceFailed), { cause });
    }
  };

  return async function importFromAdmin(body: ImportResultsBody): Promise<ImportResultsResponse['data']> {
    const source = body.url ?? UPLOADED_FILE_SOURCE;
    const file = body.url === undefined ? body : await load(body.url);

    const shape = z.object({ name: z.string(), matches: z.array(z.unknown()) }).safeParse(file);
    if (!shape.success) throw new BadRequestError(adminMessages.importBodyInvalid);
    const { name, matches: rows } = shape.data;
    const competition = COMPETITION_BY_NAME[name];
    if (!competition) throw new BadRequestError(adminMessages.importUnknownCompetition(name));
    // Every row parsed up front (teams are looked up later): a bad row stops the import before any write.
    const named = rows.flatMap((row) =>
      typeof row === 'object' && row !== null
        ? [(row as { team1?: unknown }).team1, (row as { team2?: unknown }).team2]
        : [],
    );
    try {
      parseFixtures(file, competition, new Set(named.filter((team): team is string => typeof team === 'string')));
    } catch (error) {
      throw new BadRequestError(adminMessages.importMalformed(describeFormatError(error)));
    }

    const before = new Map((await matches.listByCompetition(competition)).map((m) => [m.id, m]));
    const summary = await importResults(file, source);
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
  };
}

export type ResultsImportService = ReturnType<typeof createResultsImportService>;
