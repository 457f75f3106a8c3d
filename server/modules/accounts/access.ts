import { messages, type UserProfile } from '#contract/index';
import { ForbiddenError } from '../../lib/errors.ts';

/** Admins may act on every account and every pool; anyone else on their own. */
export const isAdmin = (user: UserProfile): boolean => user.role === 'admin';

/** The brief's API contract: a `userId` in a path or body must be the signed-in user, admins excepted. */
export function assertSelfOrAdmin(user: UserProfile, userId: number): void {
  if (user.id !== userId && !isAdmin(user)) throw new ForbiddenError(messages.forbidden);
}
