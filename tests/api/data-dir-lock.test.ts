import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '#tests/support/server-process';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * One writer per embedded data folder: a second server on the same DATA_DIR refuses to start, a rolling restart
 * waits for the first to let go, and a lock left by a killed process is taken over. The lock guards PGlite's
 * folder only (PostgreSQL has its own concurrency), so this runs in the PGlite pass.
 */
const onPglite = testDatabaseKind() === 'pglite';
const started: ServerProcess[] = [];
let dataDir: string;
const acknowledged: string[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  started.push(server);
  return server;
}

const password = 'clave-de-prueba';
const post = (server: ServerProcess, url: string, body: object) =>
  fetch(server.base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.skipIf(!onPglite)('one process per embedded data folder', () => {
  it('refuses a second server, and a rolling restart waits for the first and keeps every acknowledged write', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'quiniela-lock-'));
    const first = await start({ DATA_DIR: dataDir });
    const signUp = async () => {
      const email = `escritor${acknowledged.length}-${Date.now()}@example.com`;
      const res = await post(first, '/auth/signup', { name: 'Escritor', email, password });
      expect(res.status).toBe(201);
      acknowledged.push(email);
    };
    for (let i = 0; i < 5; i += 1) await signUp();

    const second = start({ DATA_DIR: dataDir, DATA_DIR_LOCK_WAIT_SECONDS: '1' });
    await expect(second).rejects.toThrow(/server exited with 1/);
    await expect(second).rejects.toThrow(`The data folder ${path.join(dataDir, 'pglite')} is in use by process ${first.child.pid}`);
    expect((await fetch(`${first.base}/health`)).status).toBe(200);

    // The rolling restart: the new server starts while the old one still writes, and waits for it.
    let readyAt = Infinity;
    const next = start({ DATA_DIR: dataDir, DATA_DIR_LOCK_WAIT_SECONDS: '60' }).then((server) => {
      readyAt = Date.now();
      return server;
    });
    const writeUntil = Date.now() + 3_000;
    while (Date.now() < writeUntil) await signUp();
    expect(await first.stop('SIGTERM')).toBe(0);
    const releasedAt = Date.now();
    const restarted = await next;
    expect(readyAt).toBeGreaterThanOrEqual(releasedAt);

    for (const email of acknowledged) {
      expect((await post(restarted, '/auth/signin', { email, password })).status, email).toBe(200);
    }
  }, 120_000);

  it('takes over the lock of a server killed without closing', async () => {
    const killed = started.at(-1)!;
    expect(await killed.stop('SIGKILL')).toBeNull();
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: killed.child.pid });

    const server = await start({ DATA_DIR: dataDir, DATA_DIR_LOCK_WAIT_SECONDS: '0' });
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: server.child.pid });
    expect((await post(server, '/auth/signin', { email: acknowledged[0], password })).status).toBe(200);
  }, 60_000);
});
