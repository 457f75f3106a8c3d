// npm run restore -- <file> [--force]: puts a backup made by `npm run backup` into DATA_DIR (docs/operations.md).
// Takes the folder's lock, so it refuses while a server runs there; refuses a folder holding a database unless
// --force, and then keeps that database aside as <DATA_DIR>/pglite.replaced-<time> instead of deleting it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '#server/config';
import { checkBackup } from '#server/db/backup';
import { lockDataDir } from '#server/db/data-dir-lock';
import { makePrivate, PRIVATE_DIR_MODE } from '#server/db/private-files';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const file = args.find((arg) => arg !== '--force');
  if (!file) {
    console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: restore a PostgreSQL dump with its own tool (nothing was changed):\n\n' +
        `  pg_restore --no-owner --dbname="$DATABASE_URL" ${JSON.stringify(file)}\n\n` +
        'A backup of the embedded database (.tar.gz) restores into an embedded DATA_DIR only (docs/operations.md).',
    );
    process.exit(1);
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  checkBackup(bytes, file);

  const { dataDir } = config.database;
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: PRIVATE_DIR_MODE });
  // Refused (at once) while a server or another script holds the folder.
  const lock = await lockDataDir(dataDir, `${dataDir}.lock`, { waitMs: 0 });
  const staging = `${dataDir}.restoring`;
  try {
    const existing = existsSync(dataDir) ? readdirSync(dataDir) : [];
    if (existing.length > 0 && !force) {
      throw new Error(
        `${dataDir} already holds a database (DATA_DIR=${path.dirname(dataDir)}): restore into an empty DATA_DIR, ` +
          'or add --force to replace it (the current one is then kept beside it, not deleted).',
      );
    }
    // Unpacked and opened beside the folder first: a backup PGlite cannot open never replaces anything.
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: PRIVATE_DIR_MODE });
    try {
      const pg = await PGlite.create(staging, { loadDataDir: new Blob([bytes]) });
      try {
        await pg.query('select count(*) from pg_class');
      } finally {
        await pg.close();
      }
    } catch (error) {
      throw new Error(`${file} could not be opened as a database: ${(error as Error).message}`, { cause: error });
    }
    let keptAside: string | null = null;
    if (existing.length > 0) {
      keptAside = `${dataDir}.replaced-${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`;
      renameSync(dataDir, keptAside);
    } else if (existsSync(dataDir)) {
      rmSync(dataDir, { recursive: true });
    }
    renameSync(staging, dataDir);
    makePrivate(dataDir);
    console.log(`Restored ${file} into ${dataDir}.` + (keptAside ? ` The database that was there is kept in ${keptAside}.` : ''));
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
