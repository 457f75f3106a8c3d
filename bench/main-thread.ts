// The main thread's work in a signed-in cold start on /tabs/home, from a Chromium trace: the sum of its tasks
// and the longest one, each in CPU time (the thread's own, which another process on a busy machine does not
// stretch) and in wall time, both ×4 like Lighthouse's mobile preset (which multiplies what it observes by its
// simulated 4× slower CPU). Lighthouse's "main-thread work" is the wall-time figure, so on a shared machine it
// grows with the load; the CPU-time one is what the page itself costs.
//   npm run bench:main-thread                      this build (dist/web), 7 cold starts
//   MAIN_THREAD_BASELINE_DIST=dir npm run bench:main-thread   and another build, start by start in turn
// MAIN_THREAD_RUNS=n sets the number of starts per build.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { newStoredSession, routeBudgets } from '../tests/support/first-load.ts';
import type { StoredSession } from '../tests/support/first-load.ts';
import { startServer } from '../tests/support/server-process.ts';

const runs = Number(process.env.MAIN_THREAD_RUNS ?? 7);
const baselineDist = process.env.MAIN_THREAD_BASELINE_DIST;
const cpuSlowdown = 4;
const home = routeBudgets.find(({ route }) => route === '/tabs/home')!;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time, µs. */
  tdur?: number;
}

interface Start {
  cpu: number;
  wall: number;
  longestCpu: number;
}

/** One cold start (fresh context: empty cache, no service worker) traced until Inicio shows and the network is quiet. */
async function tracedStart(context: BrowserContext, base: string): Promise<Start> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await page.goto(new URL(home.route, base).href);
  await home.ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.send('Tracing.end');
  await complete;
  // The page's main thread: the one that ran its scripts.
  const scriptTime = new Map<string, number>();
  for (const event of events)
    if (event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule' || event.name === 'FunctionCall') {
      const thread = `${event.pid}:${event.tid}`;
      scriptTime.set(thread, (scriptTime.get(thread) ?? 0) + (event.dur ?? 0));
    }
  const [mainThread] = [...scriptTime].sort((a, b) => b[1] - a[1])[0] ?? [];
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && `${event.pid}:${event.tid}` === mainThread,
  );
  const ms = (µs: number) => (µs / 1000) * cpuSlowdown;
  return {
    cpu: ms(tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0)),
    wall: ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)),
    longestCpu: ms(Math.max(0, ...tasks.map((task) => task.tdur ?? 0))),
  };
}

async function serve(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quiniela-main-thread-'));
  // The shipped seed data: Inicio shows the real upcoming matches.
  const server = await startServer({ DATA_DIR: dataDir, SEED_DATA: 'true', ...env });
  return {
    label,
    base: server.base,
    stored: await newStoredSession(server.base),
    starts: [] as Start[],
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sessionState = (base: string, stored: StoredSession) => ({
  cookies: [],
  origins: [
    {
      origin: new URL(base).origin,
      localStorage: [
        { name: 'session', value: JSON.stringify(stored.session) },
        { name: 'userProfile', value: JSON.stringify(stored.userProfile) },
      ],
    },
  ],
});

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${Math.round(median)} ms (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)})`;
};

const builds = [await serve('this build', {})];
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  if (baselineDist) builds.unshift(await serve('baseline', { WEB_DIST_DIR: path.resolve(baselineDist) }));
  for (let run = 0; run < runs; run += 1) {
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        storageState: sessionState(build.base, build.stored),
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
      `| ${label} | ${summary(starts.map((s) => s.cpu))} | ${summary(starts.map((s) => s.wall))} | ${summary(starts.map((s) => s.longestCpu))} |`,
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
