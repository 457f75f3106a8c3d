import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglitePath, openPostgres, type DatabaseHandle } from '#server/db/client';
import { databaseOf, serverNodeArgsFor } from '../scripts/server-entry.mjs';
import { withPgClient } from '../tests/support/test-database.ts';

/** A throw-away database on the server of BENCH_DATABASE_URL, dropped on close; `url` reaches it. */
export async function scratchPostgres(url: string): Promise<DatabaseHandle & { url: string }> {
  const name = `quiniela_bench_${process.pid}`;
  const admin = (query: string) => withPgClient(url, (client) => client.query(query));
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openPostgres(target.toString());
  await handle.migrate();
  return {
    ...handle,
    url: target.toString(),
    async close() {
      await handle.close();
      // Forced: a backend of a just-closed pool may still be on its way out.
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The databases a benchmark runs on: embedded always, PostgreSQL when BENCH_DATABASE_URL is set. */
export function benchDatabases(): { label: string; open: () => Promise<DatabaseHandle> }[] {
  const targets = [
    {
      label: 'PGlite',
      open: async () => {
        const handle = await openPglitePath(mkdtempSync(path.join(os.tmpdir(), 'quiniela-bench-')), 0);
        await handle.migrate();
        return handle;
      },
    },
  ];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    targets.push({
      label: 'PostgreSQL',
      open: () => scratchPostgres(url),
    });
  }
  return targets;
}

/** Runs `bench` on each of benchDatabases(), closing each database after it. */
export async function onBenchDatabases(bench: (label: string, handle: DatabaseHandle) => Promise<void>): Promise<void> {
  for (const target of benchDatabases()) {
    const handle = await target.open();
    try {
      await bench(target.label, handle);
    } finally {
      await handle.close();
    }
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

/** p50 and p99 (nearest rank) of some timings. */
export function percentilesOf(times: readonly number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/** p50 and p99 of `runs` timings, after one warm-up. */
export async function percentilesMs(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await timed(work)).ms);
  return percentilesOf(times);
}

/** Rounds of `interleaved` (BENCH_ROUNDS, 5 by default; at least 3, so a median has a range around it). */
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));

/** A measure's median time, and its ratio to the baseline: the median of the rounds' ratios, with their range. */
export interface Interleaved {
  ms: number;
  ratio: { median: number; min: number; max: number };
}

/**
 * Times the baseline and every measure once per round, in turn, after one warm-up of each: each ratio compares
 * runs seconds apart, so a slow spell of a shared machine moves both sides of it (a baseline timed alone, before the
 * measures, once ran 2.3 times slower than a repeat and halved the ratios it headed).
 */
export async function interleaved<K extends string>(
  baseline: () => Promise<unknown>,
  measures: Record<K, () => Promise<unknown>>,
): Promise<{ baselineMs: number; rounds: number } & Record<K, Interleaved>> {
  const names = Object.keys(measures) as K[];
  await baseline();
  for (const name of names) await measures[name]();
  const base: number[] = [];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < ROUNDS; round += 1) {
    base.push((await timed(baseline)).ms);
    for (const name of names) times[name].push((await timed(measures[name])).ms);
  }
  const median = (values: readonly number[]) => percentilesOf(values).p50;
  const results = Object.fromEntries(
    names.map((name) => {
      const ratios = times[name].map((ms, round) => ms / base[round]!);
      return [name, { ms: median(times[name]), ratio: { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) } }];
    }),
  ) as Record<K, Interleaved>;
  return { baselineMs: median(base), rounds: ROUNDS, ...results };
}

/** "0.123 (0.100–0.150)": a ratio's median round and its range. */
export const fmtRatio = ({ median, min, max }: Interleaved['ratio'], digits = 3) =>
  `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;

/** Timed runs per measure (BENCH_RUNS, 3 by default). */
export const BENCH_RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Median, fastest and slowest of BENCH_RUNS timings of `work`, after one warm-up; `prepare` runs untimed before each. */
export async function measure(
  work: () => Promise<unknown>,
  prepare: () => Promise<unknown> = async () => {},
): Promise<{ median: number; min: number; max: number }> {
  await prepare();
  await work();
  const times: number[] = [];
  for (let i = 0; i < BENCH_RUNS; i += 1) {
    await prepare();
    times.push((await timed(work)).ms);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times.at(-1)! };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/**
 * The environment `npm start` gives the server besides its config: glibc's malloc
 * limited to two arenas (see docs/decisions/018-malloc-arena-max-and-one-hash-per-core.md),
 * so benchmarks measure the memory of the server as it is run.
 */
export const serverProcessEnv: Record<string, string> = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

/**
 * How a benchmark starts the real server: the compiled one, as `npm start` runs it, with BENCH_NODE_ARGS's node flags
 * after its own (to compare V8 settings: the last of a flag given twice wins; or `--cpu-prof --cpu-prof-dir=…` to see
 * where a request's time goes).
 */
export const benchNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The arguments for a server started with `env` (its database decides its own flags, scripts/server-entry.mjs). */
export const benchServerArgs = (env: Record<string, string | undefined>) => {
  const args = serverNodeArgsFor(databaseOf(env));
  return [...args.slice(0, -1), ...benchNodeArgs, args.at(-1)!];
};

/** The benchmarks that start the real server run the compiled one, as `npm start` does: built first when stale. */
export function buildServerIfNeeded(): void {
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs', 'server'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not build');
}

/** A database the real server runs on in a benchmark: the environment that points it there, and its clean-up. */
export interface ServerDatabase {
  label: string;
  open: () => Promise<{ env: Record<string, string>; close: () => Promise<void> }>;
}

/**
 * The databases a benchmark starts the real server on: a new embedded data directory (under a temporary folder named
 * by `prefix`) each time, and with BENCH_DATABASE_URL a scratch PostgreSQL database of its own each time, so others'
 * data and runs on the same server do not mix into the numbers.
 */
export function serverDatabases(prefix: string): ServerDatabase[] {
  const targets: ServerDatabase[] = [
    {
      label: 'PGlite',
      open: async () => ({
        env: { DATA_DIR: path.join(mkdtempSync(path.join(os.tmpdir(), prefix)), 'data') },
        close: async () => {},
      }),
    },
  ];
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    targets.push({
      label: 'PostgreSQL',
      open: async () => {
        const scratch = await scratchPostgres(postgresUrl);
        return { env: { DATABASE_URL: scratch.url }, close: () => scratch.close() };
      },
    });
  }
  return targets;
}

/** Starts a process of the server (or a baseline) with extra environment; its output is dropped, its errors shown. */
export function start(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Waits until `url` answers (below 500), for up to a minute. */
export async function waitFor(url: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** A JSON POST to the API, with the bearer token when given; throws on a refusal. */
export async function post<T>(base: string, url: string, body: object, token?: string): Promise<T> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}
