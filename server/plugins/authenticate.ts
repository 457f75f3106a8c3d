import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#contract/index';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { isAdmin } from '../modules/accounts/access.ts';
import type { AuthService } from '../modules/accounts/auth.service.ts';
import { bearerToken } from '../modules/accounts/request-user.ts';

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
    if (!request.user || !isAdmin(request.user)) throw new ForbiddenError(messages.forbidden);
  };
  app.decorate('guards', { requireUser, requireAdmin });
});
