import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { messages } from '#contract/index';
import { StoppingError } from './errors.ts';

/** How often a closing server looks again for connections that no longer carry a request. */
const SWEEP_MS = 100;
/**
 * How long a connection accepted just before the close may take to send its first request. A proxy that opened one
 * to forward a POST has written it already (its bytes are on their way); cutting it then made nginx answer 502 to
 * a write it may not resend.
 */
const FIRST_REQUEST_GRACE_MS = 2_000;
/**
 * How long a stopping instance goes without a new connection before it closes its listener: long enough to say
 * that the proxy in front has stopped sending to it.
 */
const QUIET_MS = 200;
/** The longest it waits for that quiet (a proxy that never leaves it, or clients without a proxy). */
const LEAVE_MAX_MS = 3_000;

interface Connection {
  /** Requests it carries now. */
  inFlight: number;
  /** Requests it carried before. */
  served: number;
  acceptedAt: number;
}

/**
 * A graceful close that ends, and that no client behind a proxy sees. It goes in two steps.
 *
 * Leaving: the instance answers every write as before, but a read (GET, HEAD) gets a 503 with Retry-After, which
 * nginx counts as a failure and passes to another instance; after `max_fails` of them nginx sends it nothing more.
 * Once no connection has come for `QUIET_MS` since it began to stop (at most `LEAVE_MAX_MS`), the listener closes. Closing it at once
 * reset the connections the kernel had queued but Node had not yet accepted: nginx had written a POST on them and
 * answered 502 (a write it may not resend).
 *
 * Draining: no new connection is accepted (a proxy's next one is refused, so it goes to another instance, POSTs
 * included), every request that reached it is answered (Fastify's `return503OnClosing` is off), and a connection is
 * cut once it carries no request: at once when it has served one (idle keep-alive), after `FIRST_REQUEST_GRACE_MS`
 * from its accept when it has not (a proxy's request on its way, or a browser's preconnection that will never send
 * one). Swept every `SWEEP_MS`. Node's own `server.close()` would wait for a silent connection for ever.
 */
export function drainConnectionsOnClose(app: FastifyInstance): void {
  const connections = new Map<Socket, Connection>();
  let lastAcceptAt = -Infinity;
  app.server.on('connection', (socket: Socket) => {
    lastAcceptAt = performance.now();
    connections.set(socket, { inFlight: 0, served: 0, acceptedAt: lastAcceptAt });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.inFlight += 1;
    // 'close' comes for every response: answered, hijacked and ended (the live channel), or cut.
    response.once('close', () => {
      connection.inFlight -= 1;
      connection.served += 1;
    });
  });

  let leaving = false;
  app.addHook('onRequest', async (request) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (leaving && read) throw new StoppingError(messages.serviceUnavailable);
  });
  const leave = async () => {
    leaving = true;
    const started = performance.now();
    const quietFor = (now: number) => now - Math.max(lastAcceptAt, started);
    for (let now = started; quietFor(now) < QUIET_MS && now - started < LEAVE_MAX_MS; now = performance.now()) {
      await sleep(Math.min(QUIET_MS - quietFor(now), LEAVE_MAX_MS - (now - started)));
    }
  };

  let sweeping: NodeJS.Timeout | undefined;
  const sweep = () => {
    const now = performance.now();
    for (const [socket, { inFlight, served, acceptedAt }] of connections) {
      if (inFlight === 0 && (served > 0 || now - acceptedAt >= FIRST_REQUEST_GRACE_MS)) socket.destroy();
    }
  };
  // preClose runs just before `server.close()`; the first sweep runs right after it, when nothing new connects.
  app.addHook('preClose', async () => {
    if (app.server.listening) await leave();
    setImmediate(sweep);
    sweeping = setInterval(sweep, SWEEP_MS);
  });
  app.addHook('onClose', async () => clearInterval(sweeping));
}
