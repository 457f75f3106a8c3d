import { poolMessages, type CreatePoolBody, type JoinPoolBody, type Pool, type UpdatePoolBody, type UserProfile } from '#contract/index';
import type { Config } from '../../config.ts';
import type { DataVersions } from '../../lib/data-versions.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, isUniqueViolation } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { assertSelfOrAdmin } from '../../plugins/authenticate.ts';
import type { PoolsRepository } from './pools.repository.ts';

interface Deps {
  pools: PoolsRepository;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'rateLimits'>;
  versions: DataVersions;
}

const isAdmin = (user: UserProfile) => user.role === 'admin';

export function createPoolsService({ pools, rateLimiter, config, versions }: Deps) {
  const findOr404 = async (id: number) => {
    const pool = await pools.findById(id);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    return pool;
  };

  const assertCreatorOrAdmin = (user: UserProfile, pool: Pool) => {
    if (pool.creatorId !== user.id && !isAdmin(user)) throw new ForbiddenError(poolMessages.creatorOnly);
  };

  const assertMemberOrAdmin = async (user: UserProfile, pool: Pool) => {
    if (pool.creatorId === user.id || isAdmin(user)) return;
    if (!(await pools.isParticipant(pool.id, user.id))) throw new ForbiddenError(poolMessages.notMember);
  };

  /** Wrong codes count per user and per address, so the 900,000 codes cannot be walked. */
  const wrongCodeKeys = (userId: number, ip: string) =>
    [
      [`join-wrong-code:user:${userId}`, config.rateLimits.wrongJoinCodesPerUser],
      [`join-wrong-code:ip:${ip}`, config.rateLimits.wrongJoinCodesPerIp],
    ] as const;

  return {
    async create(actor: UserProfile, body: CreatePoolBody) {
      assertSelfOrAdmin(actor, body.creatorId);
      try {
        return await pools.insert(body);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(poolMessages.codeTaken);
        throw error;
      }
    },

    async join(actor: UserProfile, body: JoinPoolBody, ip: string): Promise<Pool> {
      assertSelfOrAdmin(actor, body.userId);
      const keys = wrongCodeKeys(actor.id, ip);
      for (const [key, limit] of keys) {
        const wait = await rateLimiter.blockedFor(key, limit);
        if (wait !== null) throw new TooManyRequestsError(poolMessages.tooManyWrongCodes, wait);
      }

      const pool = await pools.findByCode(body.invitationCode);
      if (!pool) {
        for (const [key, limit] of keys) await rateLimiter.hit(key, limit);
        throw new NotFoundError(poolMessages.codeUnknown);
      }
      if (pool.creatorId === body.userId) throw new ConflictError(poolMessages.ownPool);
      if (!pool.isActive) throw new ConflictError(poolMessages.inactive);
      if (pool.isClose) throw new ConflictError(poolMessages.closed);

      const outcome = await pools.join(pool.id, body.userId);
      if (outcome === 'already-in') throw new ConflictError(poolMessages.alreadyIn);
      if (outcome === 'full') throw new ConflictError(poolMessages.full);
      // A new member: the ranking's membership, count and positions changed.
      await versions.changed('standings');
      return findOr404(pool.id);
    },

    async listJoined(actor: UserProfile, userId: number) {
      assertSelfOrAdmin(actor, userId);
      return pools.listJoined(userId);
    },

    async listOwned(actor: UserProfile, userId: number) {
      assertSelfOrAdmin(actor, userId);
      return pools.listOwned(userId);
    },

    listVisible: (actor: UserProfile) => pools.listVisibleTo(isAdmin(actor) ? null : actor.id),

    async get(actor: UserProfile, id: number) {
      const pool = await findOr404(id);
      await assertMemberOrAdmin(actor, pool);
      return pool;
    },

    /** The participant list is the creator's view (spec §6). */
    async participants(actor: UserProfile, id: number, userId: number) {
      assertSelfOrAdmin(actor, userId);
      const pool = await findOr404(id);
      assertCreatorOrAdmin(actor, pool);
      return pools.participants(id);
    },

    async update(actor: UserProfile, id: number, body: UpdatePoolBody) {
      assertCreatorOrAdmin(actor, await findOr404(id));
      const { isClose, ...rest } = body;
      const updated = await pools.update(id, { ...rest, ...(isClose === undefined ? {} : { isClosed: isClose }) });
      if (!updated) throw new ConflictError(poolMessages.maxBelowCount);
      // The pool travels inside its ranking.
      await versions.changed('standings');
      return updated;
    },

    /** Deleting a pool removes its participants with it (documented cascade, docs/decisions.md). */
    async remove(actor: UserProfile, id: number) {
      assertCreatorOrAdmin(actor, await findOr404(id));
      await pools.delete(id);
      await versions.changed('standings');
    },
  };
}

export type PoolsService = ReturnType<typeof createPoolsService>;
