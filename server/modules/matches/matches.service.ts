import {
  type CreateMatchBody,
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
import type { MatchesRepository, MatchValues } from './matches.repository.ts';
import type { ResultChangesRepository } from './result-changes.repository.ts';

interface Deps {
  db: Database;
  matches: MatchesRepository;
  resultChanges: ResultChangesRepository;
  teams: TeamsRepository;
  standings: StandingsRepository;
  clock: Clock;
}

/** Who saved a result: an admin (user id) or the results importer. */
export type ResultSource = { kind: 'admin'; userId: number } | { kind: 'import' };

const toValues = ({ id: _id, matchDate, ...rest }: Match): MatchValues => ({ ...rest, matchDate: new Date(matchDate) });

const resultChanged = (a: Match, b: Match) =>
  a.status !== b.status || a.scoreHome !== b.scoreHome || a.scoreAway !== b.scoreAway;

/** The result an admin saved by hand and an import left alone, with when and who (their name). */
export interface KeptCorrection {
  status: Match['status'];
  scoreHome: number | null;
  scoreAway: number | null;
  changedAt: string;
  changedBy: string;
}

/** What an import's changes did to a match: the match after them, and the admin's correction they did not revert. */
export interface ImportUpdate {
  match: Match;
  /** True when anything was saved. */
  changed: boolean;
  /** Set when the changes would have replaced a result last saved by an admin: that result stays. */
  kept: KeptCorrection | null;
}

const withoutResult = ({ status: _s, scoreHome: _h, scoreAway: _a, ...rest }: UpdateMatchBody): UpdateMatchBody => rest;

export function createMatchesService({ db, matches, resultChanges, teams, standings, clock }: Deps) {
  /** Inside a transaction, read with its handle: PGlite's one session would wait for that transaction forever. */
  const assertTeamsExist = async (executor: Executor, homeTeamId: number, awayTeamId: number) => {
    if (!(await teams.exists(homeTeamId, executor))) throw new BadRequestError(matchMessages.homeTeamUnknown);
    if (!(await teams.exists(awayTeamId, executor))) throw new BadRequestError(matchMessages.awayTeamUnknown);
  };

  /** Saves `changes` to the locked match `before`, inside the caller's transaction. */
  const save = async (tx: Executor, before: Match, changes: UpdateMatchBody, source: ResultSource): Promise<Match> => {
    const id = before.id;
    const merged: Match = { ...before, ...changes };
    const issue = matchConsistencyIssue(merged);
    if (issue) throw new BadRequestError(issue);
    if (changes.homeTeamId !== undefined || changes.awayTeamId !== undefined) {
      await assertTeamsExist(tx, merged.homeTeamId, merged.awayTeamId);
    }
    let after: Match;
    try {
      after = await matches.update(tx, id, toValues(merged));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(matchMessages.fixtureExists);
      throw error;
    }
    // A finished match moved to another jornada moves its picks' jornada standings (the general ones stay).
    if (resultChanged(before, after) || before.weekNumber !== after.weekNumber) {
      await standings.applyResultChange(tx, id, before, after, clock());
    }
    if (resultChanged(before, after)) {
      await resultChanges.record(tx, {
        matchId: id,
        changedBy: source.kind === 'admin' ? source.userId : null,
        source: source.kind,
        before,
        after,
      });
    }
    return after;
  };

  return {
    async create(body: CreateMatchBody): Promise<Match> {
      await assertTeamsExist(db, body.homeTeamId, body.awayTeamId);
      let created: Match;
      try {
        created = await matches.insert({
          ...body,
          round: body.round ?? `Jornada ${body.weekNumber}`,
          matchDate: new Date(body.matchDate),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(matchMessages.fixtureExists);
        throw error;
      }
      return created;
    },

    /**
     * The one place a match changes, results included (admin PATCH and the importer).
     * In one transaction: lock the match, save it, move every affected pool's
     * standings by the outcome change, and record who changed the result.
     */
    async update(id: number, changes: UpdateMatchBody, source: ResultSource): Promise<Match> {
      return db.transaction(async (tx) => {
        const before = await matches.findForUpdate(tx, id);
        if (!before) throw new NotFoundError(matchMessages.matchNotFound);
        return save(tx, before, changes, source);
      });
    },

    /**
     * The importer's changes: as `update`, except that a result last saved by an admin (the match's latest result
     * change is an admin's) is never replaced by another: it stays, and is reported as `kept`; the other changes
     * (kick-off, round) still apply. Decided under the match's lock, so a correction saved meanwhile counts.
     */
    async importUpdate(id: number, changes: UpdateMatchBody): Promise<ImportUpdate> {
      return db.transaction(async (tx) => {
        const before = await matches.findForUpdate(tx, id);
        if (!before) throw new NotFoundError(matchMessages.matchNotFound);
        let kept: KeptCorrection | null = null;
        let applied = changes;
        if (resultChanged(before, { ...before, ...changes })) {
          const last = await resultChanges.latest(tx, id);
          if (last?.source === 'admin') {
            const { status, scoreHome, scoreAway } = before;
            kept = { status, scoreHome, scoreAway, changedAt: last.changedAt, changedBy: last.changedBy };
            applied = withoutResult(changes);
          }
        }
        if (Object.keys(applied).length === 0) return { match: before, changed: false, kept };
        return { match: await save(tx, before, applied, { kind: 'import' }), changed: true, kept };
      });
    },

    async remove(id: number): Promise<void> {
      if (!(await matches.findById(id))) throw new NotFoundError(matchMessages.matchNotFound);
      if ((await matches.predictionCount(id)) > 0) throw new ConflictError(matchMessages.matchHasPredictions);
      await matches.delete(id);
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
