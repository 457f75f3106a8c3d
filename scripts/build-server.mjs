// Compiles the server (server/main.ts and everything it imports, the contract included) into one ES module,
// dist/server/main.mjs, with the files it reads next to it: the SQL migrations and the shipped football data.
// Packages stay in node_modules (external), so the bundle holds only the app's own code.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverEntry } from './server-entry.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, serverEntry);
const outdir = path.dirname(outfile);

rmSync(outdir, { recursive: true, force: true });
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  logLevel: 'warning',
};
await build({
  ...options,
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile,
  sourcemap: 'linked',
});
// Read at run time relative to the module (`new URL('./migrations', import.meta.url)` in server/db/client.ts,
// `./data/…` in server/db/seed/seed.ts), which is now dist/server/main.mjs.
cpSync(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
cpSync(path.join(root, 'server/db/seed/data'), path.join(outdir, 'data'), { recursive: true });

// The database a first start on the embedded database unpacks instead of creating, migrating and seeding one
// (scripts/make-pglite-template.ts; docs/decisions/052-start-up-and-memory.md). Its maker runs from here, next to
// the migrations and data it reads, and is removed once it has written the template.
const maker = path.join(outdir, 'make-pglite-template.mjs');
await build({ ...options, entryPoints: [path.join(root, 'scripts/make-pglite-template.ts')], outfile: maker });
const made = spawnSync(process.execPath, ['--liftoff-only', maker, path.join(outdir, 'pglite-seeded')], {
  stdio: 'inherit',
});
rmSync(maker);
if (made.status !== 0)
  throw new Error(`the embedded database template was not made (exit ${made.status ?? made.signal})`);
