import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Security headers, with a CSP that allows only our own origin (no CDN, no remote images). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  // Built once: @fastify/helmet rebuilt helmet (and re-parsed the CSP) on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ionic's web components inject their styles at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin app: no cross-origin embedding needed.
    crossOriginEmbedderPolicy: false,
  });
  // Nothing above depends on the request (no nonces), so helmet runs once, here, and every reply gets the
  // headers it set. Set on the reply, not the raw response: Node then checks each header once, when the head
  // is written, instead of on every setHeader call too (hot reads answer in tens of microseconds).
  // Helmet 8 reports bad options by throwing when built, never per request.
  const headers: Record<string, string> = {};
  const capture = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value), removeHeader: () => {} };
  setHeaders({} as IncomingMessage, capture as unknown as ServerResponse, () => {});
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
});
