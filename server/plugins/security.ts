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
  // Helmet 8 reports bad options by throwing when built, never per request.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
});
