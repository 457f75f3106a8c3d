import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Set by proxies and load balancers; echoed on every answer and logged as `reqId`. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Bounded and plain, so a client's header can neither flood nor forge log lines.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's id when it is safe to log, else a new one (unique across instances, unlike Fastify's counter). */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
