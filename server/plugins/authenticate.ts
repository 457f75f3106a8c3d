import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages, type UserProfile } from '#contract/index';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { AuthService } from '../modules/accounts/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; absent on public routes. */
    user?: UserProfile;
    /**
     * Set by `requireUser` (a `performance.now()`): cached answers must reflect every write committed
     * before it, so the request's cached reads can share one look at the data versions.
     */
    seenAt?: number;
  }
}

/** The bearer token of the request, or undefined. Tokens travel only in this header (no cookies, so no CSRF). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // `Bearer <token>`, the scheme in any case. Sliced rather than split: this runs on every request.
  if (header?.[6] !== ' ' || header.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  const end = header.indexOf(' ', 7);
  return header.slice(7, end === -1 ? undefined : end) || undefined;
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): UserProfile {
  if (!request.user) throw new UnauthorizedError(messages.unauthenticated);
  return request.user;
}

/** The brief's API contract: a `userId` in a path or body must be the signed-in user, admins excepted. */
export function assertSelfOrAdmin(user: UserProfile, userId: number): void {
  if (user.id !== userId && user.role !== 'admin') throw new ForbiddenError(messages.forbidden);
}

/** `onRequest` hooks: identity is settled before the body is even parsed. */
export interface Guards {
  requireUser: onRequestAsyncHookHandler;
  requireAdmin: onRequestAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    guards: Guards;
  }
}

export const authenticatePlugin = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  // Not async: each await would cost every request a turn of the microtask queue.
  const requireUser: onRequestAsyncHookHandler = (request) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError(messages.unauthenticated);
    request.seenAt = performance.now();
    return auth.authenticate(token, request.seenAt).then((user) => {
      request.user = user;
    });
  };
  const requireAdmin: onRequestAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    if (request.user?.role !== 'admin') throw new ForbiddenError(messages.forbidden);
  };
  app.decorate('guards', { requireUser, requireAdmin });
});
