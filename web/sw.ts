/**
 * The service worker (served at /sw.js, see vite.config.ts), hand-written
 * (docs/decisions/009-a-hand-written-service-worker.md):
 * - precaches the app shell (index.html, the built assets, the public files)
 *   so the app opens offline, one cache per build;
 * - answers navigations network-first with the cached index.html as fallback,
 *   and the hashed /assets/* cache-first. The API is never touched here: its
 *   offline answers are the spec's `api_cache_` cache in the API client;
 * - waits, once a new version has installed, until a page posts SKIP_WAITING
 *   (the "Hay una nueva versión disponible" prompt);
 * - shows the reminders the server pushes while the app is closed, and opens
 *   the app when one is tapped.
 * It imports nothing at run time, so it builds into one file.
 */
import type { ReminderPushPayload } from '#contract/reminders';

const sw = self as unknown as ServiceWorkerGlobalScope;

interface PrecacheManifest {
  /** Changes whenever any precached file does, so every build gets its own cache. */
  version: string;
  /** Absolute paths: /index.html, /assets/…, the public files. */
  urls: string[];
}

/**
 * Replaced at build time by the list of this build's files (the precache plugin
 * in vite.config.ts). Left as is (never built), nothing is precached.
 */
const PRECACHE_MANIFEST = '__QUINIELA_PRECACHE_MANIFEST__';

function readManifest(): PrecacheManifest {
  try {
    return JSON.parse(PRECACHE_MANIFEST) as PrecacheManifest;
  } catch {
    return { version: 'dev', urls: [] };
  }
}

const manifest = readManifest();
const CACHE_PREFIX = 'quiniela-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${manifest.version}`;
const SHELL_URL = '/index.html';
const precached = new Set(manifest.urls);
/** Never answered here: the API, its docs and the health check always go to the server. */
const NEVER_INTERCEPTED = /^\/(api|auth|docs|health)(\/|$)/;
/** A navigation waits this long for the network before the cached app shell opens instead (bad signal). */
const NAVIGATION_TIMEOUT_MS = 4_000;

sw.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

/**
 * One failure fails the install (the old version stays). Files whose name is not
 * hashed are revalidated with the server (a 304 costs nothing), so the cache holds
 * exactly this build's; hashed ones may come from the HTTP cache.
 */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(
    manifest.urls.map((url) => (url.startsWith('/assets/') ? url : new Request(url, { cache: 'no-cache' }))),
  );
}

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
      );
      // The first install takes the open page at once, so it works offline without a reload.
      await sw.clients.claim();
    })(),
  );
});

// A new version waits until the user accepts it: the page then reloads on the new shell.
sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || NEVER_INTERCEPTED.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/') || precached.has(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

/** The server's page when it answers in time (a deploy shows at once), else this build's cached shell. */
async function networkFirstShell(request: Request): Promise<Response> {
  const network = fetch(request);
  try {
    const response = await withTimeout(network, NAVIGATION_TIMEOUT_MS);
    if (response.status < 500) return response;
  } catch {
    // Offline, or too slow: the cached shell below.
  }
  const shell = await caches.match(SHELL_URL, { cacheName: CACHE_NAME, ignoreVary: true });
  return shell ?? network;
}

/** Hashed assets never change under their name: the cache answers, the network only fills gaps. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  // ignoreVary: a pre-compressed file varies on Accept-Encoding, which the worker never sees.
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    await cache.put(request, response.clone());
  }
  return response;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

const FALLBACK: ReminderPushPayload = {
  id: 0,
  matchId: 0,
  tag: 'reminder',
  title: 'Quiniela',
  body: 'Tienes un partido guardado a punto de empezar.',
  // Favoritos (`paths.favorites`, web/lib/paths.ts): spelled out, as the worker imports nothing.
  url: '/tabs/favorites',
};

function readPayload(data: PushMessageData | null): ReminderPushPayload {
  try {
    const payload = data?.json() as Partial<ReminderPushPayload> | undefined;
    return { ...FALLBACK, ...payload };
  } catch {
    return FALLBACK;
  }
}

sw.addEventListener('push', (event) => {
  const { title, body, tag, url } = readPayload(event.data);
  event.waitUntil(sw.registration.showNotification(title, { body, tag, icon: '/favicon.svg', data: { url } }));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  event.waitUntil(openApp(new URL(url ?? FALLBACK.url, sw.location.origin).href));
});

/** Brings an open window of the app forward on the reminder's screen, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (!open) {
    await sw.clients.openWindow(url);
    return;
  }
  await open.focus();
  // Only a window this worker controls can be navigated; the others are just brought forward.
  await open.navigate(url).catch(() => undefined);
}
