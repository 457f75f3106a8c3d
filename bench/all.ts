// Every benchmark, one after the other (they would skew each other run together), each
// printing its own table of ratios; then a summary of what ran. The PostgreSQL-only ones
// (scale, plans) are skipped without BENCH_DATABASE_URL; bundle and Lighthouse need a
// build (`npm run build`).
//   BENCH_DATABASE_URL=postgres://… npm run bench
import { spawnSync } from 'node:child_process';
import { fmt } from './support.ts';

const benches: { name: string; needsPostgres?: boolean }[] = [
  { name: 'bundle' },
  { name: 'lighthouse' },
  { name: 'ranking' },
  { name: 'jornadas' },
  { name: 'pool-results' },
  { name: 'game-modes' },
  { name: 'bonus-questions' },
  { name: 'api' },
  { name: 'load' },
  { name: 'scale', needsPostgres: true },
  { name: 'plans', needsPostgres: true },
];

const summary: { name: string; outcome: string; seconds: number }[] = [];
for (const { name, needsPostgres } of benches) {
  if (needsPostgres && !process.env.BENCH_DATABASE_URL) {
    summary.push({ name, outcome: 'skipped (set BENCH_DATABASE_URL)', seconds: 0 });
    continue;
  }
  console.log(`\n=== bench:${name} ===`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], { stdio: 'inherit' });
  summary.push({
    name,
    outcome: run.status === 0 ? 'ok' : `failed (exit ${run.status ?? run.signal})`,
    seconds: (performance.now() - started) / 1000,
  });
}

console.log('\nbenchmark    outcome                               time');
for (const { name, outcome, seconds } of summary) {
  console.log(`${name.padEnd(12)} ${outcome.padEnd(37)} ${seconds ? `${fmt(seconds, 0)} s` : ''}`);
}
if (summary.some((s) => s.outcome.startsWith('failed'))) process.exitCode = 1;
