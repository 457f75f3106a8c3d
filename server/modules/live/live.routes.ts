import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LivePoolParamsSchema, liveMessages, type UserProfile } from '#contract/index';
import type { DatabaseHandle } from '../../db/client.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { guardedApi } from '../../lib/guarded-api.ts';
import { REQUEST_ID_HEADER } from '../../lib/request-id.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';
import { bearerToken, currentUser } from '../accounts/request-user.ts';
import type { LiveAccess } from '../pools/pools.service.ts';
import { LIVE_CHANNEL, liveFrame, type LiveHub } from './live-hub.ts';
import {
  createStreamRegistry,
  reopenWindowMs,
  STREAM_REFUSAL_RETRY_SECONDS,
  type StreamLimits,
  type TrackedStream,
} from './stream-limits.ts';

/**
 * A stream ends after this long and the app opens the next one, so a stuck connection's buffers cannot grow for
 * ever. (Access is checked again at every heartbeat: a session signed out, an account deleted or a member removed
 * stops hearing within one.)
 */
const STREAM_LIFETIME_MS = 15 * 60_000;

/** How long a stopping server gives a stream to take its `closing` before cutting it. */
const CLOSING_GRACE_MS = 1_000;

interface Options {
  hub: LiveHub;
  /** The pool of a stream, for its members (pool-access.ts), or a 403/404: the pools service's cached check. */
  liveAccess: (user: UserProfile, poolId: number) => Promise<LiveAccess>;
  follow: DatabaseHandle['follow'];
  /** Who a bearer token belongs to now (the accounts module's cached check): a stream's session is checked with it. */
  authenticate: (token: string) => Promise<UserProfile>;
  /**
   * How many streams this process holds, the heartbeat (a comment line that keeps proxies and phones open), and the
   * rate the streams it ends on stopping are asked to come back at.
   */
  limits: StreamLimits & { heartbeatMs: number; reopenPerSecond: number };
}

/**
 * `GET /api/live/pool/{poolId}`: a pool's live channel as server-sent events, for its members (pool-access.ts). It
 * carries what changed (a ranking's version, a match, a wall message's id), never the data: the app asks again for
 * the cached reads (docs/decisions/045-live-updates-carry-versions-not-tables.md). Authenticated by the bearer header
 * like every call, so the app reads it with `fetch`, not `EventSource` (decision 046).
 */
export async function liveRoutes(app: FastifyInstance, { hub, liveAccess, follow, authenticate, limits }: Options) {
  const api = guardedApi(app, 'requireUser');
  const open = new Set<ServerResponse>();
  const registry = createStreamRegistry(limits);
  let stopFollowing: (() => Promise<void>) | undefined;

  app.addHook('onReady', async () => {
    stopFollowing = await follow(LIVE_CHANNEL, (payload) => hub.deliver(payload), () => {
      app.log.info('live channel listening again');
      hub.restarted();
    });
  });
  // Open streams would hold a graceful shutdown until their lifetime ends: they are ended first. Each hears `closing`
  // with a window to come back within, so long that they arrive at `reopenPerSecond` (thousands of phones at once
  // would be a storm on the instances left); one whose socket does not take it is cut.
  app.addHook('preClose', async () => {
    const frame = liveFrame({ kind: 'closing', reconnectWithinMs: reopenWindowMs(open.size, limits.reopenPerSecond) });
    for (const stream of open) {
      stream.end(frame);
      setTimeout(() => stream.destroy(), CLOSING_GRACE_MS).unref();
    }
    await stopFollowing?.();
  });

  api.get('/pool/:poolId', {
    schema: {
      tags: ['live'],
      security: bearerSecurity,
      summary:
        'Canal en directo de la quiniela (miembros): eventos (text/event-stream) cuando cambia su ranking, un partido suyo o su muro; solo qué cambió, nunca las tablas',
      params: LivePoolParamsSchema,
      response: errorResponses(400, 401, 403, 404, 429),
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const pool = await liveAccess(user, request.params.poolId);
      const stream = reply.raw;
      const tracked: TrackedStream = {
        userId: user.id,
        address: request.ip,
        replace: () => stream.end(liveFrame({ kind: 'replaced' })),
      };
      const admitted = registry.admit(tracked);
      if (admitted !== 'admitted') {
        request.log.warn({ userId: user.id, address: request.ip, limit: admitted }, 'live stream refused');
        throw new TooManyRequestsError(liveMessages.tooManyStreams, STREAM_REFUSAL_RETRY_SECONDS);
      }
      reply.hijack();
      stream.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // nginx would otherwise hold events in its buffer (deploy/nginx.conf says so too).
        'X-Accel-Buffering': 'no',
        // The connection goes with the stream: once ended (lifetime, shutdown) nothing keeps it open.
        Connection: 'close',
        [REQUEST_ID_HEADER]: request.id,
      });
      const send = (frame: string) => void stream.write(frame);
      const { socket } = request.raw;
      open.add(stream);
      const unsubscribe = hub.subscribe(pool, send);
      const token = bearerToken(request) ?? '';
      // Each beat checks the session and the membership again: signed out, deleted or removed, the stream ends.
      const heartbeat = setInterval(() => {
        send(': ping\n\n');
        authenticate(token)
          .then((member) => liveAccess(member, pool.id))
          .catch(() => stream.end());
      }, limits.heartbeatMs);
      const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
      stream.on('close', () => {
        // The connection was the stream's alone (Connection: close): nothing may keep it, or a shutdown waits on it.
        socket.destroy();
        open.delete(stream);
        registry.release(tracked);
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
      });
      send(liveFrame({ kind: 'ready', poolId: pool.id }));
    },
  });
}
