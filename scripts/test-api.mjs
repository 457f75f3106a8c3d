// Runs the API integration suite on PGlite, then on PostgreSQL when
// TEST_DATABASE_URL is set (the brief's run contract). Without it, says the pass was skipped.
import { spawnSync } from 'node:child_process';

function run(kind) {
  console.log(`\n=== API integration tests on ${kind} ===`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: kind },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('pglite');
if (process.env.TEST_DATABASE_URL) {
  run('postgres');
} else {
  console.log('\nPostgreSQL pass skipped: set TEST_DATABASE_URL=postgres://… to run the API suite on PostgreSQL too.');
}
