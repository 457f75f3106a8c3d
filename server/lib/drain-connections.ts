import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How often a closing server looks again for connections that no longer carry a request. */
const SWEEP_MS = 100;

/**
 * A graceful close that ends: once `app.close()` starts, every connection without a request in flight is cut, and
 * again every `SWEEP_MS` as the in-flight ones are answered. Node's own `server.close()` cuts idle keep-alive
 * connections once, at its start, and never one that is open but has not sent a request yet (a browser's
 * preconnection, a client's spare socket): it counts those as busy and would wait for them for ever.
 */
export function drainConnectionsOnClose(app: FastifyInstance): void {
  const inFlight = new Map<Socket, number>();
  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const { socket } = request;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    // 'close' comes for every response: answered, hijacked and ended (the live channel), or cut.
    response.once('close', () => {
      if (inFlight.has(socket)) inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1);
    });
  });

  let sweeping: NodeJS.Timeout | undefined;
  const sweep = () => {
    for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
  };
  // preClose runs just before `server.close()`; the first sweep runs right after it, when nothing new connects.
  app.addHook('preClose', async () => {
    setImmediate(sweep);
    sweeping = setInterval(sweep, SWEEP_MS);
  });
  app.addHook('onClose', async () => clearInterval(sweeping));
}
