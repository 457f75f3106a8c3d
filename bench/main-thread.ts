// The main thread's work in a signed-in cold start on /tabs/home, from a Chromium trace: the sum of its tasks
// and the longest one, each in CPU time (the thread's own, which another process on a busy machine does not
// stretch) and in wall time, both ×4 like Lighthouse's mobile preset (which multiplies what it observes by its
// simulated 4× slower CPU). Lighthouse's "main-thread work" is the wall-time figure, so on a shared machine it
// grows with the load; the CPU-time one is what the page itself costs.
//   npm run bench:main-thread                      this build (dist/web), 7 cold starts
//   MAIN_THREAD_BASELINE_DIST=dir npm run bench:main-thread   and another build, start by start in turn
// MAIN_THREAD_RUNS=n sets the number of starts per build.
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { routeBudgets } from '../tests/support/first-load.ts';
import { medianRange, traceMainThread } from './page-trace.ts';
import { serveSeeded, signedInState } from './seeded-server.ts';

const runs = Number(process.env.MAIN_THREAD_RUNS ?? 7);
const baselineDist = process.env.MAIN_THREAD_BASELINE_DIST;
const cpuSlowdown = 4;
const home = routeBudgets.find(({ route }) => route === '/tabs/home')!;

interface Start {
  cpu: number;
  wall: number;
  longestCpu: number;
}

/** One cold start (fresh context: empty cache, no service worker) traced until Inicio shows and the network is quiet. */
async function tracedStart(context: BrowserContext, base: string): Promise<Start> {
  const page = await context.newPage();
  const trace = await traceMainThread(await context.newCDPSession(page));
  await page.goto(new URL(home.route, base).href);
  await home.ready(page);
  await page.waitForLoadState('networkidle');
  const tasks = await trace.stop();
  const ms = (µs: number) => (µs / 1000) * cpuSlowdown;
  return {
    cpu: ms(tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0)),
    wall: ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)),
    longestCpu: ms(Math.max(0, ...tasks.map((task) => task.tdur ?? 0))),
  };
}

// The shipped seed data: Inicio shows the real upcoming matches.
const serve = async (label: string, env: Record<string, string>) => ({
  ...(await serveSeeded(label, env, 'quiniela-main-thread-')),
  starts: [] as Start[],
});

const builds = [await serve('this build', {})];
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  if (baselineDist) builds.unshift(await serve('baseline', { WEB_DIST_DIR: path.resolve(baselineDist) }));
  for (let run = 0; run < runs; run += 1) {
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        storageState: signedInState(build.base, build.stored),
      });
      try {
        build.starts.push(await tracedStart(context, build.base));
      } finally {
        await context.close();
      }
    }
  }
  console.log(`${runs} cold starts of /tabs/home per build; medians (range), ×${cpuSlowdown}:`);
  console.log('| build | main thread, CPU time | main thread, wall time | longest task, CPU time |');
  console.log('|---|---|---|---|');
  for (const { label, starts } of builds)
    console.log(
      `| ${label} | ${medianRange(starts.map((s) => s.cpu))} | ${medianRange(starts.map((s) => s.wall))} | ${medianRange(starts.map((s) => s.longestCpu))} |`,
    );
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );
} finally {
  await browser.close();
  for (const build of builds) await build.stop();
}
