// Start-up of the compiled server on the embedded database, as `npm start` runs it (the shipped data seeded): a
// restart (an existing data directory) and a first start (a new one), each timed from spawning the process until
// GET /health answers 200, against a baseline started the same way in the same round: node serving one answer with
// node:http, which is node's own start. Rounds alternate the three, so a neighbour's load moves them alike; the median
// round and the range are reported, with each start's peak resident memory and the load average.
//   npm run bench:startup      (BENCH_ROUNDS=5 by default)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/server-process.ts';
import { serverNodeArgs } from '../scripts/server-entry.mjs';
import { buildServerIfNeeded, fmt, serverProcessEnv } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

interface Start {
  ms: number;
  peakMb: number;
}

/** Spawns `args`, answers the time until /health says 200 and the process's peak memory then; stops it. */
async function timeStart(args: string[], env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...serverProcessEnv, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
    return { ms, peakMb: peakKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');

buildServerIfNeeded();
const root = mkdtempSync(path.join(os.tmpdir(), 'quiniela-startup-'));
const existing = path.join(root, 'existing');
await timeStart(serverNodeArgs, { DATA_DIR: existing }); // makes the data directory the restarts open

console.log(`load average before: ${loadAverage()}`);
const runs: Record<'node' | 'restart' | 'first', Start[]> = { node: [], restart: [], first: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  runs.node.push(await timeStart(['-e', BARE], {}));
  runs.restart.push(await timeStart(serverNodeArgs, { DATA_DIR: existing }));
  runs.first.push(await timeStart(serverNodeArgs, { DATA_DIR: path.join(root, `new-${round}`) }));
}
console.log(`load average after: ${loadAverage()}\n`);

console.log(
  `${ROUNDS} rounds; time until /health answers 200: median (min–max); ratio: median of each round's ratio to node's start`,
);
for (const kind of ['node', 'restart', 'first'] as const) {
  const ms = summary(runs[kind].map((r) => r.ms));
  const ratio = summary(runs[kind].map((r, i) => r.ms / runs.node[i]!.ms));
  const peak = summary(runs[kind].map((r) => r.peakMb));
  const label = {
    node: 'node:http alone',
    restart: 'restart (existing data directory)',
    first: 'first start (new data directory)',
  }[kind];
  console.log(
    `  ${label.padEnd(36)} ${fmt(ms.median, 0)} ms (${fmt(ms.min, 0)}–${fmt(ms.max, 0)})  ` +
      `×${fmt(ratio.median, 1)} (${fmt(ratio.min, 1)}–${fmt(ratio.max, 1)}) of node  peak ${fmt(peak.median, 0)} MB (${fmt(peak.min, 0)}–${fmt(peak.max, 0)})`,
  );
}
