import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglitePath, openPostgres, type DatabaseHandle } from '#server/db/client';

/** A throw-away database on the server of BENCH_DATABASE_URL, dropped on close. */
async function scratchPostgres(url: string): Promise<DatabaseHandle> {
  const name = `quiniela_bench_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openPostgres(target.toString());
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin(`drop database if exists ${name}`);
    },
  };
}

/** The databases a benchmark runs on: embedded always, PostgreSQL when BENCH_DATABASE_URL is set. */
export function benchDatabases(): { label: string; open: () => Promise<DatabaseHandle> }[] {
  const targets = [
    {
      label: 'PGlite',
      open: async () => {
        const handle = openPglitePath(mkdtempSync(path.join(os.tmpdir(), 'quiniela-bench-')));
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

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

/** Median of `runs` timings (after one warm-up). */
export async function medianMs(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await timed(work)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
