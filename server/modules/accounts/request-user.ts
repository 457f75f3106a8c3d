import type { FastifyRequest } from 'fastify';
import { messages, type UserProfile } from '#contract/index';
import { UnauthorizedError } from '../../lib/errors.ts';

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
