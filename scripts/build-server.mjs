// Compiles the server (server/main.ts and everything it imports, the contract included) into one ES module,
// dist/server/main.mjs, with the files it reads next to it: the SQL migrations and the shipped football data.
// Packages stay in node_modules (external), so the bundle holds only the app's own code.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverEntry } from './server-entry.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, serverEntry);
const outdir = path.dirname(outfile);

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// Read at run time relative to the module (`new URL('./migrations', import.meta.url)` in server/db/client.ts,
// `./data/…` in server/db/seed/seed.ts), which is now dist/server/main.mjs.
cpSync(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
cpSync(path.join(root, 'server/db/seed/data'), path.join(outdir, 'data'), { recursive: true });
