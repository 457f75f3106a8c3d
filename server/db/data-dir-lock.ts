import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** Who holds a lock file: written whole before the file appears, so a reader never sees half of it. */
interface Owner {
  pid: number;
  host: string;
  startedAt: string;
  /** Tells apart two holders with the same pid (a restarted container's process often gets the same one). */
  token: string;
}

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

/** Tokens this process holds: a lock with our pid and another token was left by an earlier process. */
const heldTokens = new Set<string>();

/**
 * Takes the lock file `lockPath` for `folder`, waiting up to `waitMs` for its holder to release it;
 * a lock whose holder is gone is taken over. Throws `DataDirLockedError` naming the folder and the holder.
 */
export async function lockDataDir(folder: string, lockPath: string, { waitMs, pollMs = 200 }: { waitMs: number; pollMs?: number }): Promise<DataDirLock> {
  const me: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), token: randomBytes(8).toString('hex') };
  const draft = `${lockPath}.${me.token}.tmp`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const holder = claim(lockPath, draft);
      if (!holder) break;
      if (Date.now() >= deadline) {
        const where = holder.host === me.host ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
        throw new DataDirLockedError(
          `The data folder ${folder} is in use by ${where} (since ${holder.startedAt}): the embedded database allows one process at a time.\n` +
            `Stop that process first, or use PostgreSQL (DATABASE_URL). If it no longer runs, delete ${lockPath}.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    unlinkSync(draft);
  }
  heldTokens.add(me.token);
  // Best effort when the process exits without closing the database (process.exit, an uncaught error).
  const release = () => {
    process.off('exit', release);
    heldTokens.delete(me.token);
    if (readOwner(lockPath)?.token === me.token) unlinkSync(lockPath);
  };
  process.on('exit', release);
  return { release };
}

/**
 * Creates `file` as a hard link to `draft` (atomic, fails if it exists). Returns null once it is ours,
 * else the live holder. A dead holder's file is removed only by whoever claims the takeover file named
 * after that holder's token, so two starters can never both take over the same stale lock.
 */
function claim(file: string, draft: string): Owner | null {
  for (;;) {
    try {
      linkSync(draft, file);
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readOwner(file);
    if (!holder) continue; // released in between
    if (isAlive(holder)) return holder;
    const takeover = `${file}.${holder.token}`;
    // Someone else is taking it over right now: wait for them like for any holder.
    if (claim(takeover, draft)) return holder;
    try {
      // Nobody else may remove this holder's file while we hold its takeover file, so the check stays true.
      if (readOwner(file)?.token === holder.token) unlinkSync(file);
    } finally {
      unlinkSync(takeover);
    }
  }
}

function readOwner(file: string): Owner | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as Owner;
  } catch {
    throw new DataDirLockedError(`The lock file ${file} is not one this server wrote: delete it if no server uses the folder.`);
  }
}

function isAlive(owner: Owner): boolean {
  // Another machine's (or container's) pids cannot be checked from here: assume it still runs.
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return heldTokens.has(owner.token);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
