// `npm start` and the browser tests serve dist/web. Rebuild it only when a
// source file is newer than the last build, so a restart is instant.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/web/index.html');
const sources = ['web', 'contract', 'vite.config.ts', 'package.json'];

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changedAt > builtAt) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log('Web app is up to date (dist/web).');
}
