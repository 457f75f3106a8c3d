// What `--liftoff-only` (WebAssembly run by V8's baseline compiler only, never optimised) costs PGlite's queries:
// the same queries on a copy of the seeded database, timed in a process with and one without the flag, alternating,
// BENCH_ROUNDS times each; the median of each side's median with the range, and the processes' peak memory.
//   npm run build:server && node --import tsx bench/wasm-tiers.ts
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const template = path.resolve('dist/server/pglite-seeded');

// One child run: opens a copy of the template, warms up, then times a mix of reads and writes.
const child = `
  const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
  const pg = new PGlite(process.argv[1]);
  const queries = async () => {
    await pg.query("select m.*, h.name, a.name from matches m join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id order by m.match_date");
    await pg.query("select competition, week_number, count(*) from matches group by 1, 2 order by 1, 2");
    await pg.query("insert into app_settings (key, value) values ('bench:' || gen_random_uuid(), 'x')");
  };
  for (let i = 0; i < 50; i += 1) await queries();
  const started = performance.now();
  for (let i = 0; i < 300; i += 1) await queries();
  const ms = performance.now() - started;
  await pg.close();
  const peak = Number(/VmHWM:\\s+(\\d+) kB/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  console.log(JSON.stringify({ ms, peak }));
`;

function run(flags: string[]): { ms: number; peak: number } {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'quiniela-wasm-')), 'data');
  cpSync(template, dir, { recursive: true });
  const out = spawnSync(process.execPath, [...flags, '--input-type=module', '--eval', child, dir], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout) as { ms: number; peak: number };
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(sorted[Math.floor(sorted.length / 2)]!, 0)} (${fmt(sorted[0]!, 0)}–${fmt(sorted.at(-1)!, 0)})`;
};

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`,
);
const results: Record<string, { ms: number; peak: number }[]> = { default: [], '--liftoff-only': [] };
for (let i = 0; i < ROUNDS; i += 1) {
  results.default!.push(run([]));
  results['--liftoff-only']!.push(run(['--liftoff-only']));
}
for (const [label, runs] of Object.entries(results)) {
  console.log(
    `${label.padEnd(16)} 300 × (two reads, one insert): ${summary(runs.map((r) => r.ms))} ms; peak ${summary(runs.map((r) => r.peak))} MB`,
  );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`,
);
