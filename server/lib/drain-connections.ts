import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How often a closing server looks again for connections that no longer carry a request. */
const SWEEP_MS = 100;
/**
 * How long a connection accepted just before the close may take to send its first request. A proxy that opened one
 * to forward a POST has written it already (its bytes are on their way); cutting it then made nginx answer 502 to
 * a write it may not resend.
 */
const FIRST_REQUEST_GRACE_MS = 2_000;

interface Connection {
  /** Requests it carries now. */
  inFlight: number;
  /** Requests it carried before. */
  served: number;
  acceptedAt: number;
}

/**
 * A graceful close that ends, and that no client sees: once `app.close()` starts the server stops accepting (a
 * proxy's next connection is refused, so it goes to another instance, POSTs included), every request that reached
 * it is answered (Fastify's `return503OnClosing` is off: an answer, not a 503), and a connection is cut once it
 * carries no request: at once when it has served one (idle keep-alive), after `FIRST_REQUEST_GRACE_MS` from its
 * accept when it has not (a proxy's request on its way, or a browser's preconnection that will never send one).
 * Swept every `SWEEP_MS`. Node's own `server.close()` would wait for a silent connection for ever.
 */
export function drainConnectionsOnClose(app: FastifyInstance): void {
  const connections = new Map<Socket, Connection>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { inFlight: 0, served: 0, acceptedAt: performance.now() });
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

  let sweeping: NodeJS.Timeout | undefined;
  const sweep = () => {
    const now = performance.now();
    for (const [socket, { inFlight, served, acceptedAt }] of connections) {
      if (inFlight === 0 && (served > 0 || now - acceptedAt >= FIRST_REQUEST_GRACE_MS)) socket.destroy();
    }
  };
  // preClose runs just before `server.close()`; the first sweep runs right after it, when nothing new connects.
  app.addHook('preClose', async () => {
    setImmediate(sweep);
    sweeping = setInterval(sweep, SWEEP_MS);
  });
  app.addHook('onClose', async () => clearInterval(sweeping));
}
