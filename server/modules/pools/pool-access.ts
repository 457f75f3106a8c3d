import { poolMessages, type Pool, type UserProfile } from '#contract/index';
import { ForbiddenError } from '../../lib/errors.ts';
import { isAdmin } from '../accounts/access.ts';
import type { PoolsRepository } from './pools.repository.ts';

/**
 * Who may see and act on a pool: the one rule the pools, predictions and leaderboard modules follow.
 * Its creator and admins manage it; they and its participants (its members) see it and what happens in it.
 */

type PoolRef = Pick<Pool, 'id' | 'creatorId'>;

const notMember = () => new ForbiddenError(poolMessages.notMember);

/** Its creator and admins: they edit, close and delete a pool, list who takes part and recompute its standings. */
export const canManage = (user: UserProfile, pool: Pick<Pool, 'creatorId'>): boolean =>
  isAdmin(user) || pool.creatorId === user.id;

export function assertCanManage(user: UserProfile, pool: Pick<Pool, 'creatorId'>): void {
  if (!canManage(user, pool)) throw new ForbiddenError(poolMessages.creatorOnly);
}

/**
 * Its members see a pool, its ranking and, once a match has kicked off, its picks. Participation is looked up
 * only for someone who does not manage the pool.
 */
export async function canView(
  pools: Pick<PoolsRepository, 'isParticipant'>,
  user: UserProfile,
  pool: PoolRef,
): Promise<boolean> {
  return canManage(user, pool) || pools.isParticipant(pool.id, user.id);
}

export async function assertCanView(
  pools: Pick<PoolsRepository, 'isParticipant'>,
  user: UserProfile,
  pool: PoolRef,
): Promise<void> {
  if (!(await canView(pools, user, pool))) throw notMember();
}

/** The same rule with the user's membership already read (the live channel reads it with the pool). */
export function assertCanViewAs(user: UserProfile, pool: PoolRef, isParticipant: boolean): void {
  if (!canManage(user, pool) && !isParticipant) throw notMember();
}

/** The same rule against the participants already read (a cached ranking's), with no lookup. */
export function assertCanViewAmong(user: UserProfile, pool: PoolRef, participantIds: ReadonlySet<number>): void {
  assertCanViewAs(user, pool, participantIds.has(user.id));
}
