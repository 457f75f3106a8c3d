// `npm start`, the tests and the benchmarks run the built web app (dist/web) and the compiled server
// (dist/server). Rebuild each only when one of its sources is newer than its last build, so a restart is instant.
// `node scripts/build-if-needed.mjs server` (or `web`) looks at that one only.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serverEntry } from './server-entry.mjs';

const root = path.resolve(import.meta.dirname, '..');
const targets = {
  web: {
    stamp: 'dist/web/index.html',
    sources: ['web', 'contract', 'vite.config.ts', 'package.json'],
    build: ['npm', ['run', 'build:web']],
  },
  server: {
    stamp: serverEntry,
    sources: ['server', 'contract', 'package.json', 'scripts/build-server.mjs', 'scripts/make-pglite-template.ts'],
    build: [process.execPath, ['scripts/build-server.mjs']],
  },
};

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

const wanted = process.argv.slice(2);
for (const [name, { stamp, sources, build }] of Object.entries(targets)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const stampFile = path.join(root, stamp);
  const builtAt = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (changedAt <= builtAt) {
    console.log(`The ${name === 'web' ? 'web app' : 'server'} is up to date (${path.dirname(stamp)}).`);
    continue;
  }
  console.log(`Building the ${name === 'web' ? 'web app' : 'server'}…`);
  const [command, args] = build;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
