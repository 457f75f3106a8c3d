import { chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Folders of the embedded database and its backups: the server's account only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The embedded database holds password and session hashes: only the account that runs the server may read or
 * write it. PGlite writes its files 0666 whatever the umask (and the seeded copy a first start makes came so), so
 * the folder and everything in it is made private at every open: the folder 0700 (no other account can even reach
 * the files PGlite adds later), each folder under it 0700 and each file 0600.
 */
export function makePrivate(folder: string): void {
  chmodSync(folder, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) makePrivate(entryPath);
    else if (entry.isFile()) chmodSync(entryPath, PRIVATE_FILE_MODE);
  }
}
