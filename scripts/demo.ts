// npm run demo: the app on its own data folder (./data-demo, new at every run), replaying the real World Cup 2026
// from a few minutes from now, with a pool of bot players; open the address it prints and you are in that pool
// (docs/decisions/067-a-season-in-ten-minutes.md). DEMO_DAY_SECONDS, DEMO_START_SECONDS and DEMO_BOTS tune it;
// PORT (3100 by default, so the demo's browser storage is not the app's on 3000).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { serverNodeArgs } from './server-entry.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3100';
// DEMO_DATA_DIR: another folder (the browser test's), emptied at start as ./data-demo is.
const dataDir = path.resolve(root, process.env.DEMO_DATA_DIR ?? 'data-demo');

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Run from the data folder: a .env in the checkout (a DATABASE_URL, a RESULTS_SOURCE) is not the demo's.
const child = spawn(
  process.execPath,
  serverNodeArgs.map((arg) => (arg.endsWith('.mjs') ? path.join(root, arg) : arg)),
  {
    cwd: dataDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH,
      MALLOC_ARENA_MAX: '2',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PORT: port,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      WEBAUTHN_ORIGINS: `http://localhost:${port}`,
      DEMO: 'true',
      REMINDERS_POLL_SECONDS: '2',
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name.startsWith('DEMO_') && name !== 'DEMO_DATA_DIR'),
      ),
    },
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

for (let tries = 0; tries < 600 && child.exitCode === null; tries += 1) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) {
      console.log(`\n  DEMO en marcha: abre http://localhost:${port}/demo\n`);
      console.log(
        `  El Mundial 2026 real empieza en unos minutos; Ctrl+C para pararla (sus datos: ${path.relative(process.cwd(), dataDir) || '.'}).\n`,
      );
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
