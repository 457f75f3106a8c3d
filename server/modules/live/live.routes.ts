import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LivePoolParamsSchema, poolMessages, type UserProfile } from '#contract/index';
import type { DatabaseHandle } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { REQUEST_ID_HEADER } from '../../lib/request-id.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import { assertCanView } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { LIVE_CHANNEL, liveFrame, type LiveHub } from './live-hub.ts';

/** A comment line every so often, so that proxies and phones keep an idle stream open. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the app opens the next one: access is checked again (a revoked session or a
 * removed member stops hearing), and a stuck connection's buffers cannot grow for ever.
 */
const STREAM_LIFETIME_MS = 15 * 60_000;

interface Options {
  hub: LiveHub;
  pools: PoolsRepository;
  follow: DatabaseHandle['follow'];
}

/**
 * `GET /api/live/pool/{poolId}`: a pool's live channel as server-sent events, for its members (pool-access.ts). It
 * carries what changed (a ranking's version, a match, a wall message's id), never the data: the app asks again for
 * the cached reads (docs/decisions/045-live-updates-carry-versions-not-tables.md). Authenticated by the bearer header
 * like every call, so the app reads it with `fetch`, not `EventSource` (decision 046).
 */
export async function liveRoutes(app: FastifyInstance, { hub, pools, follow }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);
  const open = new Set<ServerResponse>();
  let stopFollowing: (() => Promise<void>) | undefined;

  app.addHook('onReady', async () => {
    stopFollowing = await follow(LIVE_CHANNEL, (payload) => hub.deliver(payload), () => {
      app.log.info('live channel listening again');
      hub.restarted();
    });
  });
  // Open streams would hold a graceful shutdown until their lifetime ends: they are cut first (the app reconnects).
  app.addHook('preClose', async () => {
    for (const stream of open) stream.destroy();
    await stopFollowing?.();
  });

  const poolFor = async (user: UserProfile, poolId: number) => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    await assertCanView(pools, user, pool);
    return pool;
  };

  api.get('/pool/:poolId', {
    schema: {
      tags: ['live'],
      security: bearerSecurity,
      summary:
        'Canal en directo de la quiniela (miembros): eventos (text/event-stream) cuando cambia su ranking, un partido suyo o su muro; solo qué cambió, nunca las tablas',
      params: LivePoolParamsSchema,
      response: errorResponses(400, 401, 403, 404),
    },
    handler: async (request, reply) => {
      const pool = await poolFor(currentUser(request), request.params.poolId);
      reply.hijack();
      const stream = reply.raw;
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
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
      stream.on('close', () => {
        // The connection was the stream's alone (Connection: close): nothing may keep it, or a shutdown waits on it.
        socket.destroy();
        open.delete(stream);
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
      });
      send(liveFrame({ kind: 'ready', poolId: pool.id }));
    },
  });
}
