// Lighthouse (mobile preset, simulated throttling) on /login and on /tabs/home
// signed in, against the built app as `npm start` serves it (pre-compressed
// assets, shipped seed data). Scores move from run to run, so this is a
// benchmark, never a test.
//   npm run bench:lighthouse
// LIGHTHOUSE_RUNS=n audits each route n times (5 by default) and reports the median run.
// LIGHTHOUSE_REPORT_DIR=dir keeps each route's median report there (JSON), to see what an audit found.
// LIGHTHOUSE_ROUTES=/tabs/home audits only the routes named (comma-separated).
// LIGHTHOUSE_BASELINE_DIST=dir also serves another build of the web app (e.g. main's dist/web, copied) from a second
// server and audits it in turn with this one, run by run, so both share the machine's load of the moment.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { routeBudgets } from '../tests/support/first-load.ts';
import type { StoredSession } from '../tests/support/first-load.ts';
import { freePort } from '../tests/support/server-process.ts';
import { serveSeeded } from './seeded-server.ts';

const categories = ['performance', 'accessibility', 'best-practices'] as const;
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
/** Scores move from run to run on a shared machine; Lighthouse's advice is the median of five. */
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const routeFilter = process.env.LIGHTHOUSE_ROUTES?.split(',');
const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST;

const score = (lhr: Result, id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/**
 * Where the main thread's time went (Lighthouse scales it by the simulated 4× CPU), the longest task, and the
 * start-up chunk's unused bytes (Chromium's coverage, as transferred): what issue 22 measures on /tabs/home.
 */
function mainThread(lhr: Result): string {
  const ms = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} ms`);
  const items = <T>(id: string) => (lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? [];
  const scriptEvaluation = items<{ group: string; duration: number }>('mainthread-work-breakdown').find(
    (item) => item.group === 'scriptEvaluation',
  )?.duration;
  const longest = Math.max(0, ...items<{ duration: number }>('long-tasks').map((task) => task.duration));
  const startUp = items<{ url: string; wastedBytes: number; totalBytes: number }>('unused-javascript').find((item) =>
    /\/start-up-[^/]*\.js$/.test(item.url),
  );
  const unused = startUp
    ? `${(startUp.wastedBytes / 1024).toFixed(1)} of ${(startUp.totalBytes / 1024).toFixed(1)} KiB`
    : '?';
  return `${ms(lhr.audits['mainthread-work-breakdown']?.numericValue)} | ${ms(scriptEvaluation)} | ${ms(longest)} | ${unused}`;
}

function row(route: string, run: string, lhr: Result): string {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  return `| ${route} | ${run} | ${score(lhr, 'performance')} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${metric('first-contentful-paint')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${metric('cumulative-layout-shift')} | ${mainThread(lhr)} |`;
}

async function waitForDebugger(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its debugging port');
}

/**
 * One audit in a Chromium of its own (fresh profile: cold HTTP cache, no
 * service worker). A signed-in route gets the session in localStorage first,
 * written on a page of the origin that loads no script, and Lighthouse is told
 * to keep storage.
 */
async function audit(url: string, stored?: StoredSession) {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'quiniela-lighthouse-'));
  const browserProcess = spawn(
    chromiumPath,
    [
      '--headless=new',
      ...chromiumFlags,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, so its helper processes end with it.
    { stdio: 'ignore', detached: true },
  );
  try {
    await waitForDebugger(port);
    if (stored) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/health', url).href);
      await page.evaluate(({ session, userProfile }) => {
        // Runs in the page; bench/ is type-checked without DOM types.
        const { localStorage } = globalThis as unknown as {
          localStorage: { setItem(key: string, value: string): void };
        };
        localStorage.setItem('session', JSON.stringify(session));
        localStorage.setItem('userProfile', JSON.stringify(userProfile));
      }, stored);
      await page.close();
      await browser.close(); // disconnects; the browser stays for Lighthouse
    }
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    if (browserProcess.exitCode === null && browserProcess.pid !== undefined) {
      const exited = new Promise((resolve) => browserProcess.once('exit', resolve));
      process.kill(-browserProcess.pid);
      await exited;
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

const built = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

/** One build of the web app, served with the shipped seed data (so the match list shows real matches and logos). */
const serve = async (label: string, env: Record<string, string>) => ({
  ...(await serveSeeded(label, env, 'quiniela-lighthouse-data-')),
  results: new Map<string, Result[]>(),
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const builds = [await serve('this build', {})];
try {
  if (baselineDist) builds.unshift(await serve('baseline', { WEB_DIST_DIR: path.resolve(baselineDist) }));
  console.log(
    `${runs} audits per route${builds.length > 1 ? ' and build, alternating' : ''}; the median run is Lighthouse's own choice (closest to the median FCP and TTI).`,
  );
  console.log(
    '| route | run | performance | accessibility | best practices | FCP | LCP | TBT | CLS | main thread (4× CPU) | script evaluation | longest task | start-up chunk unused |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const routes = routeBudgets.filter(({ route }) => !routeFilter || routeFilter.includes(route));
  for (const { route, signedIn } of routes) {
    for (let run = 1; run <= runs; run += 1) {
      // Alternate which build goes first, so neither always follows the other.
      for (const build of run % 2 ? builds : [...builds].reverse()) {
        const url = new URL(route, build.base).href;
        const lhr = await audit(url, signedIn ? build.stored : undefined);
        const name = builds.length > 1 ? `${route} (${build.label})` : route;
        console.log(row(name, String(run), lhr));
        if (lhr.runtimeError)
          console.log(`  Lighthouse failed: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`);
        else build.results.set(route, [...(build.results.get(route) ?? []), lhr]);
        if (lhr.finalDisplayedUrl !== url) console.log(`  (ended on ${lhr.finalDisplayedUrl})`);
      }
    }
    for (const build of builds) {
      const results = build.results.get(route) ?? [];
      if (results.length === 0) continue;
      const name = builds.length > 1 ? `${route} (${build.label})` : route;
      // Its declaration names a global type that lighthouse does not export.
      const medianRun = computeMedianRun(results) as Result;
      const scores = results.map((lhr) => score(lhr, 'performance')).sort((a, b) => a - b);
      console.log(row(name, `**median** (of ${scores.join(', ')})`, medianRun));
      const work = results.map((lhr) => lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0);
      console.log(
        `  ${name}: main-thread work, median of the ${work.length} runs ${Math.round(median(work))} ms (${Math.round(Math.min(...work))}–${Math.round(Math.max(...work))})`,
      );
      if (reportDir)
        writeFileSync(
          path.join(
            reportDir,
            `${route.slice(1).replaceAll('/', '-')}${build.label === 'baseline' ? '.baseline' : ''}.json`,
          ),
          JSON.stringify(medianRun),
        );
      for (const id of ['accessibility', 'best-practices'] as const) {
        for (const ref of medianRun.categories[id]?.auditRefs ?? []) {
          const failed = medianRun.audits[ref.id];
          if (ref.weight > 0 && failed && failed.score !== null && failed.score < 1) {
            console.log(`  ${id}: ${failed.id} (${failed.title})`);
            // What it found, in short: enough to know where to look.
            const items = (failed.details && 'items' in failed.details ? failed.details.items : []) as unknown[];
            for (const item of items.slice(0, 3)) console.log(`    ${JSON.stringify(item).slice(0, 400)}`);
          }
        }
      }
    }
  }
} finally {
  for (const build of builds) await build.stop();
}
