import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '#contract/index';
import { isApiPath } from '../lib/api-paths.ts';
import { sendError } from './error-handler.ts';

/**
 * Written by the web build (vite.config.ts): what a signed-in start in the tabs
 * loads, and where the tabs are. What the server knows of the web app comes
 * from the build's files, never from its code.
 */
const TAB_PRELOADS_FILE = 'tab-preloads.json';

interface TabPreloads {
  /** The tabs: the pages at this path and under it. */
  tabsPath?: string;
  scripts: string[];
  styles: string[];
}

/** Where the tabs are for a list that does not say (written before the build said it): the spec's /tabs. */
const TABS_PATH_OF_OLDER_LISTS = '/tabs';

/**
 * The `Link` header for the pages in the tabs, and which pages those are: what a
 * signed-in start there loads (listed by the build), so the browser fetches it
 * with the entry instead of after it. Null for a build without the list.
 */
function readTabPreloads(distDir: string): { isTabsPage: (pathname: string) => boolean; header: string } | null {
  const file = path.join(distDir, TAB_PRELOADS_FILE);
  if (!existsSync(file)) return null;
  const {
    tabsPath = TABS_PATH_OF_OLDER_LISTS,
    scripts,
    styles,
  } = JSON.parse(readFileSync(file, 'utf8')) as TabPreloads;
  return {
    isTabsPage: (pathname) => pathname === tabsPath || pathname.startsWith(`${tabsPath}/`),
    header: [
      ...scripts.map((href) => `<${href}>; rel=modulepreload`),
      // Vite's loader asks for the tabs' CSS in CORS mode (`crossOrigin = ""`): a preload in another credentials
      // mode is not reused, so Chrome warned on every load and fetched the CSS twice.
      ...styles.map((href) => `<${href}>; rel=preload; as=style; crossorigin`),
    ].join(', '),
  };
}

/**
 * The CSP sources that allow the built index.html's inline scripts (the build writes web/boot.ts there), each by
 * the hash of its exact text, read from the file the server sends: a page never runs an inline script the build
 * did not write. None without a build.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text ?? '').digest('base64')}'`,
  );
}

/**
 * Serves the built web app and falls back to index.html for client routes
 * (/login, /tabs/home…). API paths and missing files stay JSON 404s. `banner`: HTML the page opens with, above the
 * app (the demo's "DEMO" strip, server/modules/demo/): index.html is then served with it, never from its file.
 */
export async function webStaticPlugin(app: FastifyInstance, { distDir, banner }: { distDir: string; banner?: string }) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const page = hasBuild && banner ? readFileSync(path.join(distDir, 'index.html'), 'utf8').replace('<body>', `<body>${banner}`) : null;
  const sendPage = (reply: FastifyReply) => reply.type('text/html').header('cache-control', 'no-cache').send(page);
  if (page !== null) {
    app.get('/', (_request, reply) => sendPage(reply));
    app.get('/index.html', (_request, reply) => sendPage(reply));
  }
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // With a banner, index.html is the page above, never the file.
      ...(page === null ? {} : { index: false }),
      // `npm run build` writes .br/.gz siblings; the one the browser accepts is sent as it is.
      preCompressed: true,
      // index.html must revalidate so a deploy is picked up; hashed assets can be cached for long.
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The web app manifest's registered type (browsers accept others, installability audits do not).
        if (filePath.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; serving the API only');
  }

  const tabPreloads = hasBuild ? readTabPreloads(distDir) : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isClientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !/^\/docs(\/|$)/.test(pathname) &&
      !path.extname(pathname);
    if (!hasBuild || !isClientRoute) return sendError(reply, 404, messages.routeNotFound);
    if (tabPreloads?.isTabsPage(pathname)) void reply.header('link', tabPreloads.header);
    if (page !== null) return sendPage(reply);
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
