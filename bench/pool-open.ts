// Opening a pool on a slow phone (issue 38): a member on Mis Quinelas, service worker installed and warm, taps the
// pool's card with the CPU slowed 4× (CDP, as Lighthouse's mobile preset); the clock runs until Predecir is
// interactive: the first card's "Local" button is visible and enabled. Also summed from a Chromium trace over the
// same span: the page's main-thread tasks, in CPU time (what the page itself costs, which a busy machine does not
// stretch) and wall time. Target: under 1 s.
//   npm run bench:pool-open                                   this build (dist/web), 5 taps
//   POOL_OPEN_BASELINE_DIST=dir npm run bench:pool-open       and another build's web app, tap by tap in turn
// POOL_OPEN_RUNS=n sets the number of taps per build. The pool is one the member joined, made with the spec's body:
// it counts every match, so Predecir has the whole season to list (its first screenful first).
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { medianRange, traceMainThread } from './page-trace.ts';
import { serveSeeded, signedInState } from './seeded-server.ts';

const runs = Number(process.env.POOL_OPEN_RUNS ?? 5);
const baselineDist = process.env.POOL_OPEN_BASELINE_DIST;
const cpuSlowdown = 4;

interface Tap {
  ms: number;
  cpu: number;
  wall: number;
}

// The shipped seed data: the pool counts the real season.
const serve = async (label: string, env: Record<string, string>) => ({
  ...(await serveSeeded(label, env, 'quiniela-pool-open-')),
  taps: [] as Tap[],
});
type Build = Awaited<ReturnType<typeof serve>>;

/** A signed-in page on Mis Quinelas whose service worker is installed, has precached the app and controls it. */
async function warmPage(browser: Browser, build: Build): Promise<Page> {
  const context = await browser.newContext({
    // The bench's own probes are evaluated strings, which the app's Content Security Policy refuses.
    bypassCSP: true,
    storageState: signedInState(build.base, build.stored),
  });
  const page = await context.newPage();
  await page.goto(new URL('/tabs/quinelas', build.base).href);
  // Strings: the bench is compiled without the DOM's types.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  // Opened once, so that the pool's chunks are in the HTTP cache as a returning member's are.
  await page.goto(new URL(`/tabs/pool/${build.stored.poolId}`, build.base).href);
  await interactive(page);
  await page.goto(new URL('/tabs/quinelas', build.base).href);
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
  return page;
}

/** Predecir is interactive: its first card's "Local" is there and can be tapped. */
async function interactive(page: Page) {
  await page.waitForFunction(
    `[...document.querySelectorAll('[data-testid="prediction-card"] button')].some((b) => b.textContent.trim() === 'Local' && !b.disabled)`,
  );
}

async function tap(browser: Browser, build: Build): Promise<Tap> {
  const page = await warmPage(browser, build);
  try {
    const card = page.getByTestId('pool-card').first();
    await card.waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const trace = await traceMainThread(cdp);
    const from = performance.now();
    await card.click();
    await interactive(page);
    const ms = performance.now() - from;
    const tasks = await trace.stop();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      ms,
      cpu: tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000,
      wall: tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
    };
  } finally {
    await page.context().close();
  }
}

const builds = [await serve('this build', {})];
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  if (baselineDist) builds.unshift(await serve('baseline', { WEB_DIST_DIR: path.resolve(baselineDist) }));
  for (let run = 0; run < runs; run += 1) {
    for (const build of run % 2 ? [...builds].reverse() : builds) build.taps.push(await tap(browser, build));
  }
  console.log(`${runs} taps on a pool's card per build, CPU ×${cpuSlowdown}, service worker warm; medians (range):`);
  console.log('| build | tap → Predecir interactive | main thread, CPU time | main thread, wall time |');
  console.log('|---|---|---|---|');
  for (const { label, taps } of builds)
    console.log(`| ${label} | ${medianRange(taps.map((t) => t.ms))} | ${medianRange(taps.map((t) => t.cpu))} | ${medianRange(taps.map((t) => t.wall))} |`);
  console.log(`load average: ${os.loadavg().map((load) => load.toFixed(1)).join(', ')}`);
} finally {
  await browser.close();
  for (const build of builds) await build.stop();
}
