import { sql, type SQL } from 'drizzle-orm';
import {
  PLENO_M,
  PLENO_POSITION,
  laQuinielaMessages,
  pickDeadline,
  picksClosed,
  poolCountsMatch,
  poolMessages,
  poolOptionsMessages,
  predictionMessages,
  type GameMode,
  type Match,
  type MatchStatus,
  type Pool,
  type PoolOptions,
} from '#contract/index';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/errors.ts';
import { pickDeadlineSql } from '../pools/pool-rules.ts';
import { poolPlaysWeekSql } from '../pools/pool-scope.ts';

/**
 * Whether a pick, and the comodín on it, is admitted: the one home of those rules (the match's status, the pool's
 * deadline, its scope, its mode, who takes part, the comodín's), for every write of a pick (predictions.service.ts,
 * predictions.repository.ts). The comodín rides on its pick and closes with it, at the pool's deadline
 * (docs/decisions/073-the-comodin-closes-with-its-pick.md).
 */

/** Why a refused pick or comodín change was refused; `refusalError` says it in words. */
export type Refusal =
  | 'wrong-shape'
  | 'creator-not-playing'
  | 'pool-inactive'
  | 'not-participant'
  | 'match-started'
  | 'picks-closed'
  | 'not-in-pool'
  | 'already-picked'
  | 'joker-off'
  | 'no-pick'
  | 'joker-locked'
  | 'joker-closed'
  | 'joker-held';

/** A match as the close of its picks reads it. */
export type ClosingMatch = { status: MatchStatus; matchDate: string | Date };

/**
 * Why picks of `match` are closed at `now` (epoch milliseconds) in a pool with these options, or null while they
 * are open: the match has kicked off, is live or finished (`picksClosed`), or the pool's deadline has passed
 * (`pickDeadline`: kick-off, or the pool's minutes before it). Its SQL twin is `pickOpenSql`;
 * tests/api/pick-admission.test.ts holds them equal.
 */
export function pickClosure(
  match: ClosingMatch,
  options: Pick<PoolOptions, 'closeMinutesBefore'>,
  now: number,
): 'match-started' | 'picks-closed' | null {
  const matchDate = match.matchDate instanceof Date ? match.matchDate.toISOString() : match.matchDate;
  if (picksClosed({ status: match.status, matchDate }, now)) return 'match-started';
  return pickDeadline(matchDate, options) <= now ? 'picks-closed' : null;
}

/**
 * Picks of match `match` are open in pool `pool` at `now` (aliases and a timestamp in the caller's query): the SQL
 * twin of `pickClosure(…) === null`. The deadline is never after kick-off (`close_minutes_before` ≥ 0), so a
 * scheduled match before its deadline has not kicked off.
 */
export function pickOpenSql(pool: SQL, match: SQL, now: SQL): SQL {
  return sql`(${match}.status = 'scheduled' and ${pickDeadlineSql(pool, match)} > ${now})`;
}

/**
 * Pick `pick` (with `mode` and `now` columns) of match `match` is admitted by pool `pool`, but for who takes part,
 * which the caller's join of `pool_participants` says: the pool is active, the pick has its mode's shape, its picks
 * are open (`pickOpenSql`) and it counts the match (`poolPlaysWeekSql`; a La Quiniela pool's, only by the boleto
 * clause). The SQL twin of `whyPickRefused`.
 */
export function pickAdmittedSql(pool: SQL, match: SQL, pick: SQL): SQL {
  // Constants written into the text: the insert is a prepared statement whose only parameter is its picks.
  const [pleno, bucketM] = [sql.raw(String(PLENO_POSITION)), sql.raw(String(PLENO_M))];
  return sql`(${pool}.is_active
    and ${pickOpenSql(pool, match, sql`${pick}.now`)}
    and ((${pool}.game_mode = ${pick}.mode and ${poolPlaysWeekSql(pool, match)})
      or (${pool}.game_mode = 'laQuiniela' and exists (
        select 1 from boleto_matches b where b.pool_id = ${pool}.id and b.match_id = ${match}.id
          and case when b.position = ${pleno}
            then ${pick}.mode = 'exactScore' and ${pick}.score_home between 0 and ${bucketM} and ${pick}.score_away between 0 and ${bucketM}
            else ${pick}.mode = 'outcome' end))))`;
}

/**
 * A La Quiniela pick's shape on its boleto's line (docs/decisions/082-modo-la-quiniela.md): a sign (`outcome`) on 1–14,
 * the Pleno's two goal buckets (0–3, 3 being M) on 15. The TypeScript side of `pickAdmittedSql`'s boleto clause.
 */
export function boletoShapeOk(
  position: number,
  mode: GameMode,
  scores: { scoreHome: number | null; scoreAway: number | null },
): boolean {
  if (position !== PLENO_POSITION) return mode === 'outcome';
  const bucket = (goals: number | null) => goals !== null && goals >= 0 && goals <= PLENO_M;
  return mode === 'exactScore' && bucket(scores.scoreHome) && bucket(scores.scoreAway);
}

/** What a pick's refusal is explained from, read after the insert refused it. */
export interface PickFacts {
  pool: Pick<Pool, 'creatorId' | 'isActive' | 'options' | 'game' | 'competition' | 'fromWeek'>;
  match: Pick<Match, 'status' | 'matchDate' | 'competition' | 'weekNumber'>;
  userId: number;
  /** The game the pick's shape is for (`pickMode`). */
  mode: GameMode;
  /** The pick's scores (a Pleno's buckets in a La Quiniela pool). */
  scores?: { scoreHome: number | null; scoreAway: number | null };
  /** In a La Quiniela pool, the match's line on its boleto (null: in none of the pool's boletos). */
  boletoPosition?: number | null;
  isParticipant: boolean;
  now: number;
}

/**
 * Which rule refused a pick the insert did not store (`pickAdmittedSql` and the participants' join), in the order
 * the answer names them; when every rule holds, the pick was refused as a second one of the match in a pool that
 * does not let a pick be changed.
 */
export function whyPickRefused(facts: PickFacts): Refusal {
  return pickRefusal(facts) ?? 'already-picked';
}

/**
 * Which rule refuses a pick before the pool's one-pick rule (the TypeScript twin of `pickAdmittedSql` and the
 * participants' join), or null when all hold: the first pick of a match is then stored, and a second one only
 * where the pool lets a pick change.
 */
export function pickRefusal(facts: PickFacts): Refusal | null {
  const { pool, match, userId, mode, isParticipant, now } = facts;
  const boleto = pool.game.mode === 'laQuiniela';
  const position = facts.boletoPosition ?? null;
  const scores = facts.scores ?? { scoreHome: null, scoreAway: null };
  if (boleto ? position !== null && !boletoShapeOk(position, mode, scores) : pool.game.mode !== mode)
    return 'wrong-shape';
  if (pool.creatorId === userId && !pool.options.creatorPlays) return 'creator-not-playing';
  if (!pool.isActive) return 'pool-inactive';
  if (!isParticipant) return 'not-participant';
  const closed = pickClosure(match, pool.options, now);
  if (closed) return closed;
  if (boleto ? position === null : !poolCountsMatch(pool, match)) return 'not-in-pool';
  return null;
}

/** What a comodín change is decided on, read under the lock of the participant's row. */
export interface JokerFacts {
  /** The pool as its participant reads it; null when the caller does not take part. */
  member: { joker: boolean; isActive: boolean; closeMinutesBefore: number } | null;
  /** The match of the caller's pick the comodín goes on or leaves; null without a pick. */
  pick: ClosingMatch | null;
  /** Setting it: the matches of the caller's other picks of that jornada that hold it, which it leaves. */
  leaves: ClosingMatch[];
  now: number;
}

/**
 * Whether a comodín change is admitted (null) or why not. One per participant, pool and jornada, on a pick of an
 * active pool that plays with it; it goes on, comes off or leaves a pick only while that pick is open
 * (`pickClosure`), so the comodín closes with its pick.
 */
export function jokerRefusal({ member, pick, leaves, now }: JokerFacts): Refusal | null {
  if (!member) return 'not-participant';
  if (!member.joker) return 'joker-off';
  if (!member.isActive) return 'pool-inactive';
  if (!pick) return 'no-pick';
  const closed = pickClosure(pick, member, now);
  if (closed) return closed;
  const leaving = leaves.map((held) => pickClosure(held, member, now));
  if (leaving.includes('match-started')) return 'joker-locked';
  return leaving.includes('picks-closed') ? 'joker-closed' : null;
}

/** Most refusals are a conflict with the state of the pool or of the pick: 409 with their message. */
const conflict = (message: string) => () => new ConflictError(message);

/** What each refusal answers: its status code and message (a shape's by the pool's mode). */
const refusals: Record<Refusal, (pool: Pick<Pool, 'game'>) => Error> = {
  'wrong-shape': ({ game }) =>
    new BadRequestError(
      game.mode === 'laQuiniela' ? laQuinielaMessages.wrongShape : predictionMessages.wrongShape[game.mode],
    ),
  'creator-not-playing': () => new ForbiddenError(predictionMessages.creatorCannotPredict),
  'pool-inactive': conflict(poolMessages.inactive),
  'not-participant': () => new ForbiddenError(predictionMessages.notParticipant),
  'match-started': conflict(predictionMessages.matchStarted),
  'picks-closed': conflict(poolOptionsMessages.picksClosed),
  'not-in-pool': conflict(predictionMessages.matchNotInPool),
  'already-picked': conflict(predictionMessages.alreadyPredicted),
  'joker-off': conflict(predictionMessages.jokerOff),
  'no-pick': conflict(predictionMessages.jokerNeedsPick),
  'joker-locked': conflict(predictionMessages.jokerLocked),
  'joker-closed': conflict(predictionMessages.jokerClosed),
  'joker-held': conflict(predictionMessages.jokerHeld),
};

export const refusalError = (refusal: Refusal, pool: Pick<Pool, 'game'>): Error => refusals[refusal](pool);
