// npm run backup [-- <file>]: a consistent copy of the embedded database (docs/operations.md).
// A running server makes it itself (asked on <DATA_DIR>/pglite.backup.sock); with no server, this opens the
// folder, taking its lock. On PostgreSQL it prints the pg_dump command to use instead.
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#server/config';
import { backupFromServer, backupSocketPath } from '#server/db/backup';
import { openPglitePath } from '#server/db/client';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { PRIVATE_FILE_MODE } from '#server/db/private-files';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function main() {
  const config = loadConfig();
  const file = path.resolve(process.argv[2] ?? `quiniela-backup-${stamp()}.tar.gz`);
  if (config.database.kind === 'postgres') {
    const dumpFile = process.argv[2] ?? `quiniela-${stamp()}.dump`;
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tool (nothing was written):\n\n' +
        `  pg_dump --format=custom --no-owner --file=${JSON.stringify(dumpFile)} "$DATABASE_URL"\n\n` +
        'and restore with: pg_restore --no-owner --dbname="$DATABASE_URL" <file>   (docs/operations.md)',
    );
    process.exit(1);
  }
  const { dataDir } = config.database;
  if (await backupFromServer(dataDir, file)) {
    console.log(`Backup written by the running server: ${file} (${statSync(file).size} bytes)`);
    return;
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dataDir} to back up (DATA_DIR=${path.dirname(dataDir)}).`);
  let database;
  try {
    database = await openPglitePath(dataDir, 0);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `${error.message.split('\n')[0]}\nThat process does not answer on ${backupSocketPath(dataDir)} (an older version, or still starting): ` +
        'try again in a moment, or stop it and run the backup again.',
      { cause: error },
    );
  }
  try {
    const blob = await database.backup!();
    writeFileSync(`${file}.partial`, Buffer.from(await blob.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
    renameSync(`${file}.partial`, file);
  } finally {
    await database.close();
  }
  console.log(`Backup written from the stopped data folder: ${file} (${statSync(file).size} bytes)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
