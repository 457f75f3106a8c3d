import {
  type CopyReport,
  type CreatePredictionBody,
  type JokerBody,
  outcomeOfScore,
  pickMode,
  picksClosed,
  type Prediction,
  PredictionListResponseSchema,
  predictionMessages,
  type UserProfile,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { createUserCache, type DataVersions } from '../../lib/data-versions.ts';
import { ForbiddenError, NotFoundError, isForeignKeyViolation } from '../../lib/errors.ts';
import { toJsonReply, type JsonReply } from '../../lib/json-reply.ts';
import { assertSelfOrAdmin, isAdmin } from '../accounts/access.ts';
import type { StandingsRepository } from '../leaderboard/standings.repository.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { canView } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { refusalError, whyPickRefused } from './pick-admission.ts';
import type { PickToStore, PredictionsRepository } from './predictions.repository.ts';

/** "Mi jugada" (server/modules/jugada/): what a saved pick or comodín copies into the player's other pools. */
export interface PickCopier {
  afterPick(pick: Omit<PickToStore, 'copy'>, now: Date): Promise<CopyReport[] | undefined>;
  afterJoker(userId: number, poolId: number, matchId: number, now: Date): Promise<CopyReport[] | undefined>;
}

interface Deps {
  predictions: PredictionsRepository;
  /** Without it (or where the pool is no jugada's source), nothing is copied. */
  copier?: PickCopier;
  pools: PoolsRepository;
  matches: MatchesRepository;
  standings: StandingsRepository;
  clock: Clock;
  versions: DataVersions;
}

/** Users' pick lists kept in memory at most (the oldest go first): a season's picks are tens of kB each. */
const CACHED_PICK_LISTS = 500;

export function createPredictionsService({ predictions, copier, pools, matches, standings, clock, versions }: Deps) {
  // A user's picks, by their version: every write to a pick moves its user's (migration 0020,
  // docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md).
  const pickLists = createUserCache<JsonReply>(versions, [], CACHED_PICK_LISTS);
  const findPool = async (poolId: number) => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(predictionMessages.poolUnknown);
    return pool;
  };
  /** The copies' report, absent where nothing was to be copied; a failure of the copies never fails the save. */
  const copiesOf = async (copy: () => Promise<CopyReport[] | undefined> | undefined): Promise<{ copies?: CopyReport[] }> => {
    const copies = await Promise.resolve()
      .then(copy)
      .catch(() => undefined);
    return copies ? { copies } : {};
  };
  const findMatch = async (matchId: number) => {
    const match = await matches.findById(matchId);
    if (!match) throw new NotFoundError(predictionMessages.matchUnknown);
    return match;
  };

  return {
    /**
     * Participants only (the creator only when "El creador también juega"), one pick per match (changed in place
     * until it closes when the pool allows it), admitted by pick-admission.ts: before the pick closes, of a match the
     * pool counts, in an active pool, of the shape its game takes (a score in an exact-score pool, whose outcome is
     * derived from it). The rules are applied by the insert itself (predictions.repository.ts), which stores the
     * picks that arrive together in one statement, each row under the same rules as a pick alone; only a refused
     * pick reads the pool and the match, to say which rule refused it (`whyPickRefused`).
     */
    async create(
      actor: UserProfile,
      body: CreatePredictionBody,
    ): Promise<{ prediction: Prediction; created: boolean; copies?: CopyReport[] }> {
      assertSelfOrAdmin(actor, body.userId);
      const now = clock();
      const mode = pickMode(body);
      const { scoreHome = null, scoreAway = null } = body;
      // The contract lets through a prediction, or both scores.
      const prediction = body.prediction ?? outcomeOfScore(scoreHome ?? 0, scoreAway ?? 0);
      const pick = { ...body, prediction, scoreHome, scoreAway, mode };
      const stored = await predictions.insertWhereAllowed(pick, now).catch((error: unknown) => {
        // The pool, the match or the user was deleted a moment ago.
        throw isForeignKeyViolation(error) ? new NotFoundError(predictionMessages.poolUnknown) : error;
      });
      // Saved: where this pool is the player's jugada, its copies (which never fail the save) are said with it.
      if (stored) return { ...stored, ...(await copiesOf(() => copier?.afterPick(pick, now))) };
      const pool = await findPool(body.poolId);
      const match = await findMatch(body.matchId);
      const isParticipant = await pools.isParticipant(pool.id, body.userId);
      const boletoPosition = await predictions.boletoPosition(pool.id, match.id);
      const facts = { pool, match, userId: body.userId, mode, isParticipant, now: now.getTime(), scores: { scoreHome, scoreAway }, boletoPosition };
      throw refusalError(whyPickRefused(facts), pool);
    },

    /** The caller's comodín on their pick of a match (pick-admission.ts `jokerRefusal`: who may, and until when). */
    async setJoker(
      actor: UserProfile,
      poolId: number,
      { matchId, joker }: JokerBody,
    ): Promise<{ prediction: Prediction; copies?: CopyReport[] }> {
      const now = clock();
      const result = await predictions.setJoker(poolId, actor.id, matchId, joker, now);
      if (typeof result === 'string') throw refusalError(result, await findPool(poolId));
      // Put on a pick of the player's jugada: on its copies too, where each pool's rules let it (never taken off).
      return { prediction: result, ...(joker ? await copiesOf(() => copier?.afterJoker(actor.id, poolId, matchId, now)) : {}) };
    },

    /**
     * A user's own picks (the client filters them by pool); `since`: see `DataVersions.catchUp`. Nobody else reads
     * the list but an admin, who (playing too, maybe) sees only the picks of matches that have kicked off, as
     * everyone sees them in a pool.
     */
    async listForUser(actor: UserProfile, userId: number, since?: number): Promise<JsonReply> {
      assertSelfOrAdmin(actor, userId);
      if (actor.id !== userId) {
        return toJsonReply(PredictionListResponseSchema, { data: await predictions.listKickedOffForUser(userId, clock()) });
      }
      const load = async () => toJsonReply(PredictionListResponseSchema, { data: await predictions.listForUser(userId) });
      return (await pickLists.get(userId, 'picks', load, since))!;
    },

    /**
     * One pick: its owner any time; the pool's members and admins once the match has kicked off. Anyone else, and
     * anyone before kick-off, gets the 404 of a pick that does not exist: which ids exist is nobody's business.
     */
    async get(actor: UserProfile, id: number): Promise<Prediction> {
      const prediction = await predictions.findById(id);
      if (!prediction) throw new NotFoundError(predictionMessages.predictionNotFound);
      if (prediction.userId === actor.id) return prediction;
      const pool = await findPool(prediction.poolId);
      const visible =
        (await canView(pools, actor, pool)) && picksClosed(await findMatch(prediction.matchId), clock().getTime());
      if (!visible) throw new NotFoundError(predictionMessages.predictionNotFound);
      return prediction;
    },

    /** How the pool picked a match: hidden until kick-off so nobody copies anybody. */
    async distribution(actor: UserProfile, poolId: number, matchId: number) {
      const pool = await findPool(poolId);
      if (!(await canView(pools, actor, pool))) throw new ForbiddenError(predictionMessages.notParticipant);
      if (!picksClosed(await findMatch(matchId), clock().getTime()))
        throw new ForbiddenError(predictionMessages.picksHidden);
      return predictions.distribution(poolId, matchId);
    },

    /** Admins only (a pick cannot be changed: the brief's prediction rules); the pool's standings are recomputed. */
    async remove(actor: UserProfile, id: number): Promise<void> {
      if (!isAdmin(actor)) throw new ForbiddenError(predictionMessages.predictionLocked);
      const prediction = await predictions.findById(id);
      if (!prediction) throw new NotFoundError(predictionMessages.predictionNotFound);
      await predictions.delete(id);
      await standings.recompute([prediction.poolId], clock());
    },
  };
}

export type PredictionsService = ReturnType<typeof createPredictionsService>;
