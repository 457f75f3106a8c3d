// First-load JavaScript of the web app (gzip), read from the production build:
// the entry script plus every chunk index.html preloads. Deterministic, so a
// budget on it can live in the test suite (tests/budget).
//   npm run build && npm run bench:bundle
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function firstLoadScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sources = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set(sources)];
}

export function gzipKb(distDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0) / 1024;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve('dist/web');
  const files = firstLoadScripts(dist);
  const raw = files.reduce((sum, f) => sum + readFileSync(path.join(dist, f)).length, 0) / 1024;
  console.log(`First-load JavaScript: ${files.length} file(s), ${raw.toFixed(1)} kB raw, ${gzipKb(dist, files).toFixed(1)} kB gzip`);
  console.log('Baseline (the original app, measured by the team): 1,030 kB raw, 259 kB gzip in one chunk.');
}
