import type { Browser, Page } from '@playwright/test';
import { createFactories, fetchTransport } from './factories.ts';

/**
 * First-load JavaScript per route (issue 9): every script a browser fetches to
 * render the route on a cold load (entry, preloaded and lazily imported
 * chunks), each weighed raw and gzipped. The bytes are the build's, so the
 * numbers are deterministic. Shared by the budget test and `bench:bundle`.
 * No Node imports: the e2e specs are type-checked as browser code.
 */

/** The stored session the app reads at start-up (web/lib/session.ts). */
export interface StoredSession {
  session: unknown;
  userProfile: unknown;
  /** A pool of another account's that this one joined: what `{pool}` in a route stands for. */
  poolId: number;
}

export interface RouteBudget {
  /** `{pool}` stands for the stored session's pool. */
  route: string;
  signedIn: boolean;
  /**
   * gzip kB (1 kB = 1,024 bytes): issue 9's budgets were 130 (/login) and 170
   * (/tabs/home); since issue 22 (95 and 148 measured) they are 110 and 160.
   * Issue 38's for Mis Quinelas and a pool: 0.6 of the original app's 259 kB.
   * What each route weighs today is in docs/benchmarks.md.
   */
  budgetKb: number;
  /**
   * Script files at most: on HTTP/1.1 a browser opens six connections to a host, and each file costs one of
   * them and a request's headers (about 1 kB here, more than a small chunk's body). What each route fetches
   * today is in docs/benchmarks.md.
   */
  maxScripts: number;
  /** Waits until the route's screen is on screen. */
  ready(page: Page): Promise<void>;
  /** The screen holds a live stream open, so the network is never idle: its scripts are counted after a pause. */
  live?: boolean;
}

/** How long a live screen is given, once ready, for the scripts it still asks for. */
const LIVE_SETTLE_MS = 2_000;

export const routeBudgets: RouteBudget[] = [
  {
    route: '/login',
    signedIn: false,
    budgetKb: 110,
    maxScripts: 2,
    ready: (page) => page.getByTestId('sign-in-submit').waitFor(),
  },
  {
    route: '/tabs/home',
    signedIn: true,
    budgetKb: 160,
    maxScripts: 4,
    ready: (page) => page.getByRole('heading', { name: 'Partidos', exact: true }).waitFor(),
  },
  {
    route: '/tabs/quinelas',
    signedIn: true,
    budgetKb: 155,
    maxScripts: 6,
    ready: (page) => page.getByRole('heading', { name: 'Mis Quinelas' }).waitFor(),
  },
  {
    // A member opening a pool, on Predecir.
    route: '/tabs/pool/{pool}',
    signedIn: true,
    budgetKb: 155,
    maxScripts: 7,
    live: true,
    // Its cards, or (a server without matches) Predecir saying it has none.
    ready: (page) =>
      page.getByTestId('prediction-card').or(page.getByText('No hay partidos abiertos para pronosticar.')).first().waitFor(),
  },
];

export interface FirstLoad {
  route: string;
  files: string[];
  /** Requests to any other origin (fonts, icons, analytics…): there should be none. */
  remote: string[];
  rawKb: number;
  gzipKb: number;
}

const kb = (bytes: number) => bytes / 1024;

/** Gzipped size, at zlib's default level (what a server compressing on the fly sends). */
async function gzipBytes(content: Uint8Array): Promise<number> {
  const gzipped = new Blob([new Uint8Array(content)]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(gzipped).arrayBuffer()).byteLength;
}

/**
 * Opens `route` in a fresh browser context (empty HTTP cache, no service
 * worker: neither may hide a request) and weighs the scripts it fetched once
 * the screen is shown and the network is quiet.
 */
export async function measureFirstLoad(
  browser: Browser,
  baseURL: string,
  budget: RouteBudget,
  stored?: StoredSession,
): Promise<FirstLoad> {
  const origin = new URL(baseURL).origin;
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    storageState: {
      cookies: [],
      origins: stored
        ? [
            {
              origin,
              localStorage: [
                { name: 'session', value: JSON.stringify(stored.session) },
                { name: 'userProfile', value: JSON.stringify(stored.userProfile) },
              ],
            },
          ]
        : [],
    },
  });
  try {
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Uint8Array>>();
    const remote: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) remote.push(url.href);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === origin && response.request().resourceType() === 'script')
        scripts.set(url.pathname, response.body());
    });
    const route = budget.route.replace('{pool}', String(stored?.poolId));
    await page.goto(route);
    await budget.ready(page);
    if (budget.live) await page.waitForTimeout(LIVE_SETTLE_MS);
    else await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()}`);
    const files = [...scripts.keys()].sort();
    let raw = 0;
    let gzip = 0;
    for (const body of scripts.values()) {
      const content = await body;
      raw += content.byteLength;
      gzip += await gzipBytes(content);
    }
    return { route, files, remote, rawKb: kb(raw), gzipKb: kb(gzip) };
  } finally {
    await context.close();
  }
}

/**
 * Signs a new account up and in through the API, with a pool of another account's it joined (the spec's body: it
 * counts every match): the session a signed-in route starts from.
 */
export async function newStoredSession(baseURL: string): Promise<StoredSession> {
  const api = createFactories(fetchTransport(baseURL));
  const { session, userProfile } = await api.user({ name: 'Medición' });
  const pool = await api.pool(await api.user({ name: 'Organiza' }), { players: [{ session, userProfile }] });
  return { session, userProfile, poolId: pool.id };
}

export const formatKb = (value: number) => value.toFixed(1);
