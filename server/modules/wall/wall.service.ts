import {
  picksClosed,
  poolCountsMatch,
  poolMessages,
  wallMessages,
  type CreateWallMessageBody,
  type Pool,
  type UserProfile,
  type WallMessage,
  type WallPage,
  type WallQuery,
} from '#contract/index';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { assertCanView, canManage } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import type { StoredWallMessage, WallRepository } from './wall.repository.ts';

interface Deps {
  wall: WallRepository;
  pools: PoolsRepository;
  matches: Pick<MatchesRepository, 'findById'>;
  rateLimiter: RateLimiter;
  limit: Config['rateLimits']['wallMessages'];
  clock: Clock;
}

/**
 * The pool's wall ("Muro"): its members (pool-access.ts) read and write; an author deletes their own messages, the
 * pool's managers (its creator, admins) any. Writing is limited per user in the database (shared by instances).
 */
export function createWallService({ wall, pools, matches, rateLimiter, limit, clock }: Deps) {
  const visiblePool = async (actor: UserProfile, poolId: number): Promise<Pool> => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    await assertCanView(pools, actor, pool);
    return pool;
  };
  const shown = (actor: UserProfile, pool: Pool, message: StoredWallMessage): WallMessage => ({
    ...message,
    createdAt: message.createdAt.toISOString(),
    canDelete: message.userId === actor.id || canManage(actor, pool),
  });
  /** A comment goes on a match the pool counts, once it has kicked off (when "Resultados" shows it). */
  const assertCommentable = async (pool: Pool, matchId: number) => {
    const match = await matches.findById(matchId);
    if (!match || !poolCountsMatch(pool, match) || !picksClosed(match, clock().getTime())) {
      throw new ConflictError(wallMessages.matchNotCommentable);
    }
  };

  return {
    async list(actor: UserProfile, poolId: number, query: WallQuery): Promise<WallPage> {
      const pool = await visiblePool(actor, poolId);
      const rows = await wall.newest(poolId, {
        matchId: query.matchId ?? null,
        limit: query.limit,
        ...(query.before === undefined ? {} : { before: query.before }),
      });
      const page = rows.slice(0, query.limit).reverse();
      return { messages: page.map((row) => shown(actor, pool, row)), hasMore: rows.length > query.limit };
    },

    async post(actor: UserProfile, poolId: number, body: CreateWallMessageBody): Promise<WallMessage> {
      const pool = await visiblePool(actor, poolId);
      const matchId = body.matchId ?? null;
      if (matchId !== null) await assertCommentable(pool, matchId);
      const wait = await rateLimiter.hit(`wall:${actor.id}`, limit);
      if (wait !== null) throw new TooManyRequestsError(wallMessages.tooMany, wait);
      const id = await wall.insert({ poolId, userId: actor.id, matchId, text: body.text });
      return shown(actor, pool, (await wall.find(poolId, id))!);
    },

    async delete(actor: UserProfile, poolId: number, messageId: number): Promise<void> {
      const pool = await visiblePool(actor, poolId);
      const message = await wall.find(poolId, messageId);
      if (!message) throw new NotFoundError(wallMessages.notFound);
      if (!shown(actor, pool, message).canDelete) throw new ForbiddenError(wallMessages.cannotDelete);
      // Another delete of it may have won meanwhile: then it was not this one's to answer 200 for.
      if (!(await wall.delete(poolId, messageId))) throw new NotFoundError(wallMessages.notFound);
    },
  };
}

export type WallService = ReturnType<typeof createWallService>;
