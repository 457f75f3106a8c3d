import {
  roundDisplayLabel,
  type FeedSource,
  type Match,
  type ResultConflict,
  type ResultsImportSummary,
  type UpdateMatchBody,
} from '#contract/index';
import {
  competitionOf,
  fixturesOfKnownTeams,
  parseFixtures,
  type CompetitionKey,
  type FixtureRow,
  type MatchReport,
} from './openfootball.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { kickoffChanged, resultChanged, type ImportConflict, type MatchesService } from '../matches/matches.service.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';

interface Deps {
  teams: Pick<TeamsRepository, 'idsBySourceName' | 'findById'>;
  matches: Pick<MatchesRepository, 'listByCompetition'>;
  /**
   * Every match is created and changed through it, so standings and the result history follow, a result or a
   * kick-off an admin corrected by hand is never replaced, and no result is saved before kick-off
   * (`importCreate`, `importUpdate`).
   */
  matchesService: Pick<MatchesService, 'importCreate' | 'importUpdate'>;
}

/** In a double round robin a pair meets once at each ground; in a cup the round tells two meetings apart. */
const isCup = (competition: CompetitionKey) => competition === 'worldcup-2026';

/** A report without a round is a cup's meeting of two teams when its kick-off is this close to the stored one. */
const CUP_JOIN_WINDOW_MS = 2 * 24 * 60 * 60_000;

/** `done` of the file's `total` matches applied so far. */
export type ImportProgress = (done: number, total: number) => void | Promise<void>;

export interface ImportOptions {
  /**
   * Add missing fixtures and leave existing ones alone. The seed uses it on every start, so newer kick-off
   * times and results (imported or entered by an admin) are never reverted to the shipped file's.
   */
  createOnly?: boolean;
  /** Told how many of the file's matches have been applied: once before the first (0) and after each one; awaited. */
  onProgress?: ImportProgress;
  /** The feed the changes come from, in the history and for which feed's word wins; by default `import`. */
  feed?: FeedSource;
}

/** A file's competition and its fixtures, parsed: what the admin import hands over once it has checked a file. */
export interface CompetitionFixtures {
  competition: CompetitionKey;
  fixtures: FixtureRow[];
}

type Import<Input> = (input: Input, source: string, options?: ImportOptions) => Promise<ResultsImportSummary>;

export interface ResultsImporter {
  /**
   * A file as read (the seed, the CLI, the poller and "Actualizar Resultados"): its competition is looked up
   * by name, and only the rows of teams the app knows are parsed.
   */
  importFile: Import<unknown>;
  /** A file parsed whole already, with its competition (the admin import): nothing is parsed or looked up again. */
  importFixtures: Import<CompetitionFixtures>;
  /**
   * What a feed without rounds says of a competition's matches (football-data.org): each report is joined to a stored
   * match by its teams (and, in a cup, its kick-off within two days) and only changes it; one that joins none is left.
   */
  importReports: Import<{ competition: CompetitionKey; reports: MatchReport[]; unknownTeamNames: string[] }>;
}

/**
 * Applies an openfootball file (or a feed's reports) to the database, idempotently: new fixtures are
 * created, moved kick-offs and new results are saved through the matches service
 * (so standings and the audit trail follow), and nothing is ever un-finished by a
 * file that lacks a result the database already has. A result an admin corrected by hand
 * (the match's latest result change is theirs) or a kick-off an admin set is never replaced by a
 * different one from the file, and a result for a match that has not kicked off is not saved: the
 * match is listed in `conflicts` with why. Unknown teams are reported, never created.
 */
export function createResultsImporter({ teams, matches, matchesService }: Deps): ResultsImporter {
  const apply = async (
    competition: CompetitionKey,
    { fixtures, unknownTeamNames }: { fixtures: (FixtureRow | MatchReport)[]; unknownTeamNames: string[] },
    teamIds: ReadonlyMap<string, number>,
    source: string,
    { createOnly = false, onProgress, feed = 'import' }: ImportOptions = {},
  ): Promise<ResultsImportSummary> => {
    const keyOf = (round: string, homeId: number, awayId: number) =>
      isCup(competition) ? `${round}|${homeId}|${awayId}` : `${homeId}|${awayId}`;
    const stored = await matches.listByCompetition(competition);
    const existing = new Map(stored.map((m) => [keyOf(m.round, m.homeTeamId, m.awayTeamId), m]));
    const byTeams = new Map<string, Match[]>();
    for (const m of stored) {
      const pair = `${m.homeTeamId}|${m.awayTeamId}`;
      byTeams.set(pair, [...(byTeams.get(pair) ?? []), m]);
    }
    /** The stored match a row names: by its round, or (a report) by its teams and, in a cup, its kick-off. */
    const find = (row: FixtureRow | MatchReport, homeId: number, awayId: number): Match | undefined => {
      if ('round' in row) return existing.get(keyOf(row.round, homeId, awayId));
      const distance = (m: Match) => Math.abs(Date.parse(m.matchDate) - row.matchDate.getTime());
      const [nearest] = (byTeams.get(`${homeId}|${awayId}`) ?? []).toSorted((a, b) => distance(a) - distance(b));
      return nearest && (!isCup(competition) || distance(nearest) <= CUP_JOIN_WINDOW_MS) ? nearest : undefined;
    };

    const summary: ResultsImportSummary = {
      source,
      matchesSeen: fixtures.length,
      updated: 0,
      created: 0,
      unchanged: 0,
      results: null,
      kickoffs: null,
      unknownTeams: unknownTeamNames,
      conflicts: [],
    };
    let [results, kickoffs] = [0, 0];
    /** What the admin reads of a match the import left otherwise than the source says (`ImportConflict`). */
    const report = async (
      match: Match,
      fixture: FixtureRow | MatchReport,
      conflict: ImportConflict,
    ): Promise<ResultConflict> => {
      const [home, away] = await Promise.all([teams.findById(match.homeTeamId), teams.findById(match.awayTeamId)]);
      const kickoffOf = (k: { matchDate: string; kickoffConfirmed: boolean }) => ({
        matchDate: k.matchDate,
        kickoffConfirmed: k.kickoffConfirmed,
      });
      const sourceKickoff = { matchDate: fixture.matchDate.toISOString(), kickoffConfirmed: fixture.kickoffConfirmed };
      const { status, scoreHome, scoreAway } = match;
      return {
        matchId: match.id,
        competition,
        round: match.round,
        roundLabel: roundDisplayLabel([match.round]),
        homeTeamId: match.homeTeamId,
        awayTeamId: match.awayTeamId,
        home: home?.name ?? fixture.homeTeam,
        away: away?.name ?? fixture.awayTeam,
        kind: conflict.kind,
        admin:
          conflict.kind === 'result'
            ? conflict.admin
            : conflict.kind === 'kickoff'
              ? {
                  status,
                  scoreHome,
                  scoreAway,
                  changedAt: conflict.admin.changedAt,
                  changedBy: conflict.admin.changedBy,
                }
              : null,
        source: { status: fixture.status, scoreHome: fixture.scoreHome, scoreAway: fixture.scoreAway },
        kickoff:
          conflict.kind === 'result'
            ? null
            : { kept: kickoffOf(conflict.kind === 'kickoff' ? conflict.admin : match), source: sourceKickoff },
      };
    };
    const applyFixture = async (fixture: FixtureRow | MatchReport): Promise<void> => {
      const homeTeamId = teamIds.get(fixture.homeTeam)!;
      const awayTeamId = teamIds.get(fixture.awayTeam)!;
      const current = find(fixture, homeTeamId, awayTeamId);
      if (current === undefined) {
        // A report creates nothing: only a file's round says where a new fixture goes.
        if (!('round' in fixture)) return;
        const created = await matchesService
          .importCreate({
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
        if (!created) {
          summary.unchanged += 1;
          return;
        }
        summary.created += 1;
        if (created.match.status !== 'scheduled') results += 1;
        for (const conflict of created.conflicts)
          summary.conflicts.push(await report(created.match, fixture, conflict));
        return;
      }
      const changes = createOnly ? null : changesFor(current, fixture);
      if (!changes) {
        summary.unchanged += 1;
        return;
      }
      const { before, match, changed, conflicts } = await matchesService.importUpdate(current.id, changes, feed);
      // A match whose only changes were refused keeps everything it had: unchanged, and listed as a conflict.
      if (changed) summary.updated += 1;
      else summary.unchanged += 1;
      if (resultChanged(before, match)) results += 1;
      if (kickoffChanged(before, match)) kickoffs += 1;
      for (const conflict of conflicts) summary.conflicts.push(await report(match, fixture, conflict));
    };
    await onProgress?.(0, fixtures.length);
    for (const [index, fixture] of fixtures.entries()) {
      await applyFixture(fixture);
      await onProgress?.(index + 1, fixtures.length);
    }
    return { ...summary, results, kickoffs };
  };

  return {
    async importFile(file, source, options) {
      const competition = competitionOf(file);
      const teamIds = await teams.idsBySourceName();
      return apply(competition, parseFixtures(file, competition, new Set(teamIds.keys())), teamIds, source, options);
    },
    async importFixtures({ competition, fixtures }, source, options) {
      const teamIds = await teams.idsBySourceName();
      return apply(competition, fixturesOfKnownTeams(fixtures, new Set(teamIds.keys())), teamIds, source, options);
    },
    async importReports({ competition, reports, unknownTeamNames }, source, options) {
      const teamIds = await teams.idsBySourceName();
      const known = fixturesOfKnownTeams(reports, new Set(teamIds.keys()));
      const unknown = [...new Set([...unknownTeamNames, ...known.unknownTeamNames])].sort();
      return apply(competition, { fixtures: known.fixtures, unknownTeamNames: unknown }, teamIds, source, options);
    },
  };
}

/**
 * What a file or report changes in a stored match, or null. A missing result never erases a stored one; only a
 * file's round moves a match to another jornada.
 */
export function changesFor(current: Match, fixture: FixtureRow | MatchReport): UpdateMatchBody | null {
  const changes: UpdateMatchBody = {};
  const matchDate = fixture.matchDate.toISOString();
  if (current.matchDate !== matchDate) changes.matchDate = matchDate;
  if (current.kickoffConfirmed !== fixture.kickoffConfirmed) changes.kickoffConfirmed = fixture.kickoffConfirmed;
  if ('weekNumber' in fixture && current.weekNumber !== fixture.weekNumber) changes.weekNumber = fixture.weekNumber;
  if (
    fixture.status !== 'scheduled' &&
    (current.status !== fixture.status ||
      current.scoreHome !== fixture.scoreHome ||
      current.scoreAway !== fixture.scoreAway)
  ) {
    Object.assign(changes, { status: fixture.status, scoreHome: fixture.scoreHome, scoreAway: fixture.scoreAway });
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
