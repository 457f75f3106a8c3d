import {
  type CreateMatchBody,
  type FeedSource,
  type Match,
  matchConsistencyIssue,
  matchMessages,
  type UpdateMatchBody,
} from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError, isUniqueViolation } from '../../lib/errors.ts';
import type { StandingsRepository } from '../leaderboard/standings.repository.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { takesKickoff, takesResult } from './import-precedence.ts';
import type { KickoffChangesRepository } from './kickoff-changes.repository.ts';
import type { MatchesRepository, MatchValues } from './matches.repository.ts';
import { DELETED_ADMIN, type ResultChangesRepository } from './result-changes.repository.ts';

interface Deps {
  db: Database;
  matches: MatchesRepository;
  resultChanges: ResultChangesRepository;
  kickoffChanges: KickoffChangesRepository;
  teams: TeamsRepository;
  standings: StandingsRepository;
  /** Settles the bonus questions a competition's matches decide, in the write's transaction (decision 080). */
  settleBonus?: (tx: Executor, competition: string) => Promise<void>;
  clock: Clock;
}

/** Who saved a change: an admin (user id), or the results importer reading a feed. */
export type ChangeAuthor = { kind: 'admin'; userId: number } | { kind: 'import'; feed: FeedSource };

const toValues = ({ id: _id, matchDate, ...rest }: Match): MatchValues => ({ ...rest, matchDate: new Date(matchDate) });

type ResultFields = Pick<Match, 'status' | 'scoreHome' | 'scoreAway'>;
type KickoffFields = Pick<Match, 'matchDate' | 'kickoffConfirmed'>;

export const resultChanged = (a: ResultFields, b: ResultFields) =>
  a.status !== b.status || a.scoreHome !== b.scoreHome || a.scoreAway !== b.scoreAway;

/** What a league table, and so a bonus template, reads of a match (`competitions.tableMatches`, decision 080). */
const tableFields = ['competition', 'weekNumber', 'homeTeamId', 'awayTeamId', 'status', 'scoreHome', 'scoreAway'] as const;

/**
 * The competitions whose table data a write of a match changed: `before` null for a match created, `after` null for
 * one deleted; none when the write left every field the table reads as it was.
 */
export function tableDataChanged(before: Match | null, after: Match | null): string[] {
  if (before && after && tableFields.every((field) => before[field] === after[field])) return [];
  return [...new Set([before?.competition, after?.competition].filter((key) => key !== undefined))];
}

/** The kick-off moved, or its time became confirmed or not (dates compared as instants: a body may carry an offset). */
export const kickoffChanged = (a: KickoffFields, b: KickoffFields) =>
  Date.parse(a.matchDate) !== Date.parse(b.matchDate) || a.kickoffConfirmed !== b.kickoffConfirmed;

/** The result an admin saved by hand and an import left alone, with when and who (their name). */
export interface KeptCorrection {
  status: Match['status'];
  scoreHome: number | null;
  scoreAway: number | null;
  changedAt: string;
  changedBy: string;
}

/** The kick-off an admin set by hand and an import left alone, with when and who (their name). */
export interface KeptKickoff extends KickoffFields {
  changedAt: string;
  changedBy: string;
}

/**
 * What an import's changes left as it was, and why: an admin's result correction (`result`), an admin's kick-off
 * correction (`kickoff`), or the source's result for a match that has not kicked off (`notStarted`, refused as an
 * admin's would be).
 */
export type ImportConflict =
  { kind: 'result'; admin: KeptCorrection } | { kind: 'kickoff'; admin: KeptKickoff } | { kind: 'notStarted' };

/** What an import's changes did to a match: the match after them, and what they left as it was. */
export interface ImportUpdate {
  /** The match as it was (read under its lock) and as it is after the changes. */
  before: Match;
  match: Match;
  /** True when anything was saved. */
  changed: boolean;
  conflicts: ImportConflict[];
}

const withoutResult = ({ status: _s, scoreHome: _h, scoreAway: _a, ...rest }: UpdateMatchBody): UpdateMatchBody => rest;
const withoutKickoff = ({ matchDate: _d, kickoffConfirmed: _c, ...rest }: UpdateMatchBody): UpdateMatchBody => rest;

export function createMatchesService({ db, matches, resultChanges, kickoffChanges, teams, standings, settleBonus, clock }: Deps) {
  /**
   * The one rule of when a match may carry a result (live or finished): once it has kicked off by the server's
   * clock, read on the match as it will be. Picks close at that kick-off (decision 011), so a result before it
   * would close them early and move rankings for a match nobody has played.
   */
  const resultBeforeKickoff = (match: Pick<Match, 'status' | 'matchDate'>) =>
    match.status !== 'scheduled' && Date.parse(match.matchDate) > clock().getTime();

  /**
   * The one call every write of a match makes in its transaction (create, change, import, delete): the bonus
   * templates of the competitions whose table data it changed settle from the matches as they now are (decision 080).
   */
  const settleTemplates = async (tx: Executor, before: Match | null, after: Match | null) => {
    for (const competition of tableDataChanged(before, after)) await settleBonus?.(tx, competition);
  };

  /** Inside a transaction, read with its handle: PGlite's one session would wait for that transaction forever. */
  const assertTeamsExist = async (executor: Executor, homeTeamId: number, awayTeamId: number) => {
    if (!(await teams.exists(homeTeamId, executor))) throw new BadRequestError(matchMessages.homeTeamUnknown);
    if (!(await teams.exists(awayTeamId, executor))) throw new BadRequestError(matchMessages.awayTeamUnknown);
  };

  /** Saves `changes` to the locked match `before`, inside the caller's transaction, with its history. */
  const save = async (tx: Executor, before: Match, changes: UpdateMatchBody, author: ChangeAuthor): Promise<Match> => {
    const id = before.id;
    const merged: Match = { ...before, ...changes };
    const issue = matchConsistencyIssue(merged);
    if (issue) throw new BadRequestError(issue);
    // Only a change of the result or the kick-off is judged: other edits of a match saved before the rule stay possible.
    const kickoffMoved = kickoffChanged(before, merged);
    if ((resultChanged(before, merged) || kickoffMoved) && resultBeforeKickoff(merged)) {
      throw new ConflictError(matchMessages.resultBeforeKickoff);
    }
    if (changes.homeTeamId !== undefined || changes.awayTeamId !== undefined) {
      await assertTeamsExist(tx, merged.homeTeamId, merged.awayTeamId);
    }
    let after: Match;
    try {
      // An admin's kick-off is theirs until they change it again: imports keep it (`importUpdate`); a feed's is
      // weighed against the next feed's.
      const setBy = !kickoffMoved
        ? undefined
        : author.kind === 'admin'
          ? { admin: { userId: author.userId, at: clock() } }
          : { feed: author.feed };
      after = await matches.update(tx, id, toValues(merged), setBy);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(matchMessages.fixtureExists);
      throw error;
    }
    // A finished match moved to another jornada moves its picks' jornada standings (the general ones stay).
    if (resultChanged(before, after) || before.weekNumber !== after.weekNumber) {
      await standings.applyResultChange(tx, id, before, after, clock());
    }
    await settleTemplates(tx, before, after);
    const change = {
      matchId: id,
      changedBy: author.kind === 'admin' ? author.userId : null,
      source: author.kind === 'admin' ? ('admin' as const) : author.feed,
      before,
      after,
    };
    if (resultChanged(before, after)) await resultChanges.record(tx, change);
    if (kickoffChanged(before, after)) await kickoffChanges.record(tx, change);
    return after;
  };

  const create = async (body: CreateMatchBody): Promise<Match> => {
    if (resultBeforeKickoff(body)) throw new ConflictError(matchMessages.resultBeforeKickoff);
    try {
      return await db.transaction(async (tx) => {
        await assertTeamsExist(tx, body.homeTeamId, body.awayTeamId);
        const created = await matches.insert(
          { ...body, round: body.round ?? `Jornada ${body.weekNumber}`, matchDate: new Date(body.matchDate) },
          tx,
        );
        await settleTemplates(tx, null, created);
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(matchMessages.fixtureExists);
      throw error;
    }
  };

  return {
    create,

    /**
     * The one place a match changes, results included (admin PATCH and the importer).
     * In one transaction: lock the match, save it, move every affected pool's
     * standings by the outcome change, and record who changed the result.
     */
    async update(id: number, changes: UpdateMatchBody, author: ChangeAuthor): Promise<Match> {
      return db.transaction(async (tx) => {
        const before = await matches.findForUpdate(tx, id);
        if (!before) throw new NotFoundError(matchMessages.matchNotFound);
        return save(tx, before, changes, author);
      });
    },

    /**
     * A fixture the importer found new: as `create`, except that a result for a match that has not kicked off is
     * left out (the fixture is created without it) and reported as a `notStarted` conflict.
     */
    async importCreate(body: CreateMatchBody): Promise<{ match: Match; conflicts: ImportConflict[] }> {
      if (!resultBeforeKickoff(body)) return { match: await create(body), conflicts: [] };
      const unplayed = { ...body, status: 'scheduled' as const, scoreHome: null, scoreAway: null };
      return { match: await create(unplayed), conflicts: [{ kind: 'notStarted' }] };
    },

    /**
     * The importer's changes from `feed`: as `update`, except that what an admin corrected by hand is never replaced:
     * a kick-off an admin set, and a result last saved by an admin (the match's latest result change is an admin's),
     * stay and are reported as conflicts; a kick-off or result another feed gave stays unless this feed's is stronger
     * or ranks as high (`import-precedence.ts`), silently; and a result for a match that, as it stays, has not kicked
     * off is refused and reported. The other changes still apply. Decided under the match's lock, so a correction
     * saved meanwhile counts.
     */
    async importUpdate(id: number, changes: UpdateMatchBody, feed: FeedSource): Promise<ImportUpdate> {
      return db.transaction(async (tx) => {
        const before = await matches.findForUpdate(tx, id);
        if (!before) throw new NotFoundError(matchMessages.matchNotFound);
        const conflicts: ImportConflict[] = [];
        let applied = changes;
        if (kickoffChanged(before, { ...before, ...applied })) {
          const { correction, source } = await matches.kickoffOrigin(tx, id);
          if (correction) {
            const { matchDate, kickoffConfirmed } = before;
            const changedBy = correction.changedBy ?? DELETED_ADMIN;
            conflicts.push({
              kind: 'kickoff',
              admin: { matchDate, kickoffConfirmed, changedAt: correction.changedAt, changedBy },
            });
            applied = withoutKickoff(applied);
          } else if (
            !takesKickoff(
              { value: before.kickoffConfirmed, source },
              { value: applied.kickoffConfirmed ?? before.kickoffConfirmed, source: feed },
            )
          ) {
            applied = withoutKickoff(applied);
          }
        }
        if (resultChanged(before, { ...before, ...applied })) {
          const last = await resultChanges.latest(tx, id);
          if (last?.source === 'admin') {
            const { status, scoreHome, scoreAway } = before;
            conflicts.push({
              kind: 'result',
              admin: { status, scoreHome, scoreAway, changedAt: last.changedAt, changedBy: last.changedBy },
            });
            applied = withoutResult(applied);
          } else if (
            !takesResult(
              { value: before.status, source: last?.source ?? null },
              { value: applied.status ?? before.status, source: feed },
            )
          ) {
            applied = withoutResult(applied);
          }
        }
        const merged = { ...before, ...applied };
        if ((resultChanged(before, merged) || kickoffChanged(before, merged)) && resultBeforeKickoff(merged)) {
          // Its result is refused; and a kick-off that would put a saved result before it is not taken either.
          conflicts.push({ kind: 'notStarted' });
          applied = withoutResult(applied);
          if (resultBeforeKickoff({ ...before, ...applied })) applied = withoutKickoff(applied);
        }
        if (Object.keys(applied).length === 0) return { before, match: before, changed: false, conflicts };
        return { before, match: await save(tx, before, applied, { kind: 'import', feed }), changed: true, conflicts };
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await matches.findForUpdate(tx, id);
        if (!before) throw new NotFoundError(matchMessages.matchNotFound);
        if ((await matches.predictionCount(id, tx)) > 0) throw new ConflictError(matchMessages.matchHasPredictions);
        await matches.delete(id, tx);
        await settleTemplates(tx, before, null);
      });
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
