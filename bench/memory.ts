// Peak resident memory of the compiled server (as `npm start` runs it) under a burst of concurrent sign-ups: each
// round starts a server on a new database, waits until it is ready, sends BENCH_SIGNUPS sign-ups at once, and reads
// the process's peak (VmHWM) when ready and after the burst, with the sign-ups' latency. The median round is reported
// with the range. BENCH_DATABASE_URL=postgres://… adds PostgreSQL; BENCH_NODE_ARGS adds node flags to the server
// (to compare V8 settings in the same run).
//   npm run bench:memory       (BENCH_ROUNDS=3, BENCH_SIGNUPS=200 by default)
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { freePort } from '../tests/support/server-process.ts';
import {
  benchNodeArgs,
  benchServerArgs,
  buildServerIfNeeded,
  fmt,
  percentilesOf,
  serverDatabases,
  serverProcessEnv,
  start,
  waitFor,
} from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 200);

const peakMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function signUp(base: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Memoria', email, password: 'clave-de-memoria' }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return performance.now() - started;
}

async function round(env: Record<string, string>, tag: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(benchServerArgs(env), {
    ...serverProcessEnv,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AUTH_IP_MAX_PER_MINUTE: '1000000',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await waitFor(`${base}/health`);
    const ready = peakMb(server.pid!);
    const started = performance.now();
    const latencies = await Promise.all(
      Array.from({ length: SIGNUPS }, (_, i) => signUp(base, `memoria-${tag}-${i}@example.com`)),
    );
    const seconds = (performance.now() - started) / 1000;
    return { ready, burst: peakMb(server.pid!), seconds, ...percentilesOf(latencies) };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(sorted[Math.floor(sorted.length / 2)]!, 0)} (${fmt(sorted[0]!, 0)}–${fmt(sorted.at(-1)!, 0)})`;
};

buildServerIfNeeded();
const targets = serverDatabases('quiniela-memory-');

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}; server node flags: ${benchNodeArgs.join(' ') || '(none)'}`,
);
for (const target of targets) {
  const results = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const database = await target.open();
    try {
      results.push(await round(database.env, `${Date.now()}-${i}`));
    } finally {
      await database.close();
    }
  }
  console.log(
    `\n${target.label}: ${SIGNUPS} sign-ups at once, ${ROUNDS} rounds, each on a new database: median (min–max)`,
  );
  console.log(`  peak resident memory when ready   ${summary(results.map((r) => r.ready))} MB`);
  console.log(`  peak resident memory after burst  ${summary(results.map((r) => r.burst))} MB`);
  console.log(`  burst took                        ${summary(results.map((r) => r.seconds))} s`);
  console.log(`  sign-up latency p50               ${summary(results.map((r) => r.p50))} ms`);
  console.log(`  sign-up latency p99               ${summary(results.map((r) => r.p99))} ms`);
}
console.log(
  `\nload average after: ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`,
);
