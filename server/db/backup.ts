import { chmodSync, createWriteStream, existsSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';
import net from 'node:net';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database (docs/operations.md). A running server holds its data folder's lock, so only
 * it can copy the folder consistently: it answers on a unix socket next to the folder, which whoever can read the
 * folder can use (the socket grants nothing a copy of the files would not). No HTTP endpoint, no credentials.
 */

/** `<DATA_DIR>/pglite.backup.sock`, beside the lock file `<DATA_DIR>/pglite.lock`. */
export const backupSocketPath = (dataDir: string) => `${dataDir}.backup.sock`;

/** Unix socket paths longer than this are refused by the kernel (108 bytes with the terminator on Linux). */
const MAX_SOCKET_PATH = 107;

/**
 * A gzip-compressed tarball of the data directory. CHECKPOINT first, so a restored copy opens without replaying
 * WAL; the dump itself runs while no statement and no transaction is under way (PGlite serves one at a time),
 * so it holds exactly the committed transactions, and other requests wait for it (about a second per 5 MB; the
 * compression comes after, without holding them). Its entries are private (`privateEntries`).
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  const tar = new Uint8Array(await (await client._runExclusiveTransaction(() => client.dumpDataDir('none'))).arrayBuffer());
  privateEntries(tar);
  return new Blob([new Uint8Array(await promisify(gzip)(tar))]);
}

/** The 512-byte headers of a tarball's entries, with each one's name, up to its end (a zero block). */
function* tarHeaders(tar: Uint8Array): Generator<{ header: Uint8Array; name: string }> {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return;
    yield { header, name: text(header.subarray(0, 100)) };
    const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Writes each entry's mode as the server account's alone, folders 0700 and the rest 0600 (PGlite writes its
 * files' modes, 0666 on disk), with the header's checksum again: a backup extracted as root, with `tar -x`, is
 * as private as the folder it came from.
 */
function privateEntries(tar: Uint8Array): void {
  const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
  for (const { header } of tarHeaders(tar)) {
    const folder = header[156] === '5'.charCodeAt(0);
    header.set(ascii(`${(folder ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE).toString(8).padStart(7, '0')}\0`), 100);
    // The checksum: the header's bytes summed with its own field read as spaces; six octal digits, NUL, space.
    header.fill(0x20, 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.set(ascii(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
  }
}

export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Serves dumps on the folder's backup socket: a client connects, and gets `OK <bytes>\n` then the tarball, or
 * `ERROR <message>\n`. Null (after `warn`) when the socket cannot be made: backups then need the server stopped.
 */
export async function serveBackups(dataDir: string, dump: () => Promise<Blob>, warn: (message: string) => void): Promise<BackupSocket | null> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    warn(`backups of the running server are off: the socket path ${socketPath} is longer than ${MAX_SOCKET_PATH} bytes`);
    return null;
  }
  // We hold the folder's lock, so a socket file left here belongs to a process that is gone.
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', () => {});
    dump().then(
      async (blob) => {
        connection.write(`OK ${blob.size}\n`);
        connection.end(Buffer.from(await blob.arrayBuffer()));
      },
      (error: unknown) => connection.end(`ERROR ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (error) {
    warn(`backups of the running server are off: cannot listen on ${socketPath}: ${(error as Error).message}`);
    return null;
  }
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        try {
          unlinkSync(socketPath);
        } catch {
          // already gone
        }
      }),
  };
}

/**
 * Asks the server holding `dataDir` for a dump and writes it to `file` (through `<file>.partial`, so a failed
 * backup never leaves a file that looks whole). Resolves false when no server answers on the socket.
 */
export async function backupFromServer(dataDir: string, file: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return false;
  const connection = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once('connect', resolve);
      connection.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return false;
    throw error;
  }
  const partial = `${file}.partial`;
  // A copy of the database holds password and session hashes: the backup's owner's alone.
  const out = createWriteStream(partial, { mode: PRIVATE_FILE_MODE });
  let header = '';
  let expected = -1;
  let written = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      connection.on('error', reject);
      out.on('error', reject);
      connection.on('data', (chunk: Buffer) => {
        if (expected < 0) {
          header += chunk.toString('latin1');
          const newline = header.indexOf('\n');
          if (newline < 0) return;
          const line = header.slice(0, newline);
          if (!line.startsWith('OK ')) return reject(new Error(`the server could not make the backup: ${line.replace(/^ERROR /, '')}`));
          expected = Number(line.slice(3));
          chunk = Buffer.from(header.slice(newline + 1), 'latin1');
        }
        written += chunk.length;
        out.write(chunk);
      });
      connection.on('end', () => {
        if (written !== expected) return reject(new Error(`the backup stopped after ${written} of ${expected} bytes`));
        out.end(() => resolve());
      });
    });
    renameSync(partial, file);
    return true;
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    connection.destroy();
  }
}

export class InvalidBackupError extends Error {}

/** Checks that `bytes` is a gzipped tarball of a PostgreSQL data directory (what `dumpPglite` writes). */
export function checkBackup(bytes: Buffer, file: string): void {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new InvalidBackupError(`${file} is not a Quiniela backup, or it is damaged: ${(error as Error).message} (npm run backup writes a .tar.gz).`);
  }
  for (const { header, name } of tarHeaders(tar)) {
    if (Buffer.from(header.subarray(257, 262)).toString('latin1') !== 'ustar') break;
    if (/(^|\/)PG_VERSION$/.test(name)) return;
  }
  throw new InvalidBackupError(`${file} is not a Quiniela backup: it holds no database folder (no PG_VERSION), or it is truncated.`);
}
