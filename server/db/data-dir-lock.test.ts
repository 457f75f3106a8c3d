import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock.ts';

const folder = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'quiniela-lock-')), 'pglite');
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
const owner = (pid: number, token: string) => JSON.stringify({ pid, host: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', token });

const held: DataDirLock[] = [];
afterEach(() => held.splice(0).forEach((lock) => lock.release()));
async function lock(dir: string, waitMs = 0) {
  const taken = await lockDataDir(dir, `${dir}.lock`, { waitMs, pollMs: 20 });
  held.push(taken);
  return taken;
}

describe('lockDataDir', () => {
  it('writes the holder into the lock file and removes it on release', async () => {
    const dir = folder();
    const taken = await lock(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    taken.release();
    expect(readdirSync(path.dirname(dir))).toEqual([]);
  });

  it('refuses a second holder, naming the folder and the pid', async () => {
    const dir = folder();
    await lock(dir);
    const refused = lock(dir, 100);
    await expect(refused).rejects.toThrow(DataDirLockedError);
    await expect(refused).rejects.toThrow(`The data folder ${dir} is in use by process ${process.pid}`);
  });

  it('waits for the holder to release it', async () => {
    const dir = folder();
    const first = await lock(dir);
    setTimeout(() => first.release(), 200);
    await expect(lock(dir, 5_000)).resolves.toBeDefined();
  });

  it('takes over a lock whose holder is gone', async () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, owner(deadPid(), 'left-by-a-crash'));
    await lock(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readdirSync(path.dirname(dir))).toEqual(['pglite.lock']);
  });

  it('leaves a stale lock to the live process already taking it over', async () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, owner(deadPid(), 'stale'));
    // The takeover file of that stale lock, held by a live process (this test's parent).
    writeFileSync(`${dir}.lock.stale`, owner(process.ppid, 'taker'));
    await expect(lock(dir)).rejects.toThrow(DataDirLockedError);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ token: 'stale' });
  });

  it('takes over when the process taking over a stale lock died too', async () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, owner(deadPid(), 'stale'));
    writeFileSync(`${dir}.lock.stale`, owner(deadPid(), 'dead-taker'));
    await lock(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(existsSync(`${dir}.lock.stale`)).toBe(false);
  });

  it('refuses a lock file it cannot read rather than guess', async () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, 'not json');
    await expect(lock(dir)).rejects.toThrow(`delete it if no server uses the folder`);
  });
});
