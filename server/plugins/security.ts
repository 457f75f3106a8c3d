import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isApiPath } from '../lib/api-paths.ts';

/** Where the web build puts its hashed scripts and stylesheets (vite.config.ts `entryFileNames`, Vite's `assetsDir`). */
const ASSETS_PATH = '/assets/';

/**
 * Security headers: for the web app's pages and files, helmet's with a CSP that allows only our own origin
 * (no CDN, no remote images) and the inline scripts named by their hashes; for the JSON API, the set OWASP gives for REST services.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { inlineScripts }: { inlineScripts: string[] }) => {
  // Built once: @fastify/helmet rebuilt helmet (and re-parsed the CSP) on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The web build's inline boot script, by hash (web-static.ts `inlineScriptHashes`), and nothing else inline.
        scriptSrc: ["'self'", ...inlineScripts],
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
  const documentHeaders: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string) => void (documentHeaders[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  setHeaders({} as IncomingMessage, capture as unknown as ServerResponse, () => {});

  // JSON answers are never rendered as pages: OWASP's set for REST APIs, plus CORP, instead of the browser
  // features a document needs (opener and origin isolation, DNS prefetching, legacy XSS filters). The CSP
  // is stricter than the app's: nothing at all may load, and nothing may frame it. On a hot read, writing
  // and parsing headers is much of the work: 6 short ones instead of 12 (docs/security.md).
  // no-store: answers carry personal data; the two cached hot reads replace it with `private, no-cache` and an ETag.
  const apiHeaders: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': documentHeaders['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };

  // The build's hashed scripts and stylesheets (`/assets/`) are never documents or workers: a CSP, framing and
  // opener rules do nothing on them. They keep what a subresource uses, nosniff (a script must be served as one) and
  // CORP, and HSTS; each answers with about 540 bytes of headers instead of 1 kB, which outweighed the smallest chunks
  // of a first load (docs/security.md).
  const assetHeaders: Record<string, string> = {
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': documentHeaders['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
  };

  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(
      isApiPath(request.url) ? apiHeaders : request.url.startsWith(ASSETS_PATH) ? assetHeaders : documentHeaders,
    );
    done();
  });
});
