import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp as makeTemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglitePath, queryRows } from '#server/db/client';
import { createFactories, fetchTransport, type Account } from '#tests/support/factories';
import { callServer as api, signInTo, startServer, type ServerProcess } from '#tests/support/server-process';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * `npm run backup` / `npm run restore` of the embedded database, with real server processes: a backup taken from a
 * running server while it keeps writing holds every row committed before it began, and restores into a fresh
 * folder a new server serves. PostgreSQL is backed up with pg_dump (the scripts say so), so this runs in the
 * PGlite pass only.
 */
const onPglite = testDatabaseKind() === 'pglite';
const started: ServerProcess[] = [];
const password = 'clave-de-prueba';
const admin = { email: 'admin-backup@example.com', password: 'admin-clave-segura' };

const folders: string[] = [];
/** A temporary folder, removed after the file's tests. */
async function mkdtemp(prefix: string) {
  const folder = await makeTemp(prefix);
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

function run(script: 'backup' | 'restore', args: string[], dataRoot: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataRoot, DATA_DIR_LOCK_WAIT_SECONDS: '0', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Signs in with this file's password unless another is given. */
const signIn = (server: ServerProcess, email: string, secret = password) => signInTo(server, email, secret);

/** Every row of every table of the app, as JSON lines sorted, read from a stopped server's folder. */
async function tableContents(dataRoot: string): Promise<Map<string, string[]>> {
  const database = await openPglitePath(path.join(dataRoot, 'pglite'), 0);
  try {
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const contents = new Map<string, string[]>();
    for (const { name } of tables) {
      const rows = await queryRows<Record<string, unknown>>(database.db, sql`select * from ${sql.identifier(name)}`);
      contents.set(name, rows.map((row) => JSON.stringify(row)).sort());
    }
    return contents;
  } finally {
    await database.close();
  }
}

describe.skipIf(!onPglite)('backup and restore of the embedded database', () => {
  let sourceRoot: string;
  let backupFile: string;
  let source: ServerProcess;
  const before: string[] = [];
  const during: string[] = [];
  let poolId: number;
  let matchId: number;
  /** A participant with a prediction. */
  let owner: { email: string; id: number };

  beforeAll(async () => {
    sourceRoot = await mkdtemp(path.join(os.tmpdir(), 'quiniela-backup-src-'));
    backupFile = path.join(sourceRoot, 'copia.tar.gz');
    source = await startServer({ DATA_DIR: sourceRoot, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    started.push(source);
  }, 60_000);

  const signUp = async (server: ServerProcess, list: string[], tag: string) => {
    const email = `${tag}${list.length}-${Date.now()}@example.com`;
    const res = await api(server, 'POST', '/auth/signup', { name: `Usuario ${tag}`, email, password });
    expect(res.status).toBe(201);
    list.push(email);
  };

  it('copies a running server that keeps writing, and the copy holds every row committed before it began', async () => {
    // Data of every kind: teams and a match (admin), users, a pool with two participants, predictions.
    const factories = createFactories(fetchTransport(source.base));
    const match = await factories.match(await factories.signIn(admin), { weekNumber: 1, matchDate: '2031-05-10T18:00:00Z' });
    matchId = match.id;
    const accounts: Account[] = [];
    for (let i = 0; i < 3; i += 1) {
      const account = await factories.user({ name: 'Usuario antes', password });
      before.push(account.email);
      accounts.push(account);
    }
    const [creator, ...guests] = accounts as [Account, ...Account[]];
    owner = { email: guests[0]!.email, id: guests[0]!.userProfile.id };
    const pool = await factories.pool(creator, { name: 'Quiniela copiada', players: guests });
    poolId = pool.id;
    for (const guest of guests) await factories.predict(guest, pool, match, 'home');

    // The backup runs while sign-ups keep arriving.
    let writing = true;
    const writes = (async () => {
      while (writing) await signUp(source, during, 'durante');
    })();
    await new Promise((r) => setTimeout(r, 300));
    const acknowledgedBefore = [...before, ...during];
    const backup = await run('backup', [backupFile], sourceRoot);
    const acknowledgedAfter = during.length;
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await writes;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/written by the running server/);
    expect(during.length).toBeGreaterThan(acknowledgedBefore.length - before.length);

    // Restore refuses while the server holds the folder.
    const refused = await run('restore', [backupFile, '--force'], sourceRoot);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is in use by process/);

    expect(await source.stop()).toBe(0);
    const original = await tableContents(sourceRoot);

    const targetRoot = await mkdtemp(path.join(os.tmpdir(), 'quiniela-backup-dst-'));
    const restore = await run('restore', [backupFile], targetRoot);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const restored = await tableContents(targetRoot);

    // The same tables; those the sign-ups did not touch are identical, row for row.
    expect([...restored.keys()]).toEqual([...original.keys()]);
    const writtenDuring = new Set(['users', 'rate_limit_counters']);
    for (const [table, rows] of original) {
      if (writtenDuring.has(table)) continue;
      expect(restored.get(table), table).toEqual(rows);
    }
    for (const table of ['users', 'pools', 'pool_participants', 'predictions', 'teams', 'matches', 'sessions']) {
      expect(restored.get(table)!.length, table).toBeGreaterThan(0);
    }
    // Users: every row of the copy is one of the original's, with every account acknowledged before the backup.
    const originalUsers = new Set(original.get('users'));
    for (const row of restored.get('users')!) expect(originalUsers.has(row)).toBe(true);
    const restoredEmails = new Set(restored.get('users')!.map((row) => (JSON.parse(row) as { email: string }).email));
    for (const email of acknowledgedBefore) expect(restoredEmails.has(email), email).toBe(true);
    const userCount = restored.get('users')!.length;
    expect(userCount).toBeGreaterThanOrEqual(1 + acknowledgedBefore.length);
    expect(userCount).toBeLessThanOrEqual(1 + before.length + acknowledgedAfter);

    // A server on the restored folder serves it: accounts sign in, the pool and its predictions are there.
    const restoredServer = await startServer({ DATA_DIR: targetRoot });
    started.push(restoredServer);
    for (const email of acknowledgedBefore) expect((await signIn(restoredServer, email)).status, email).toBe(200);
    const ownerToken = (await signIn(restoredServer, owner.email)).body.session.accessToken;
    const poolRes = await api<{ name: string }>(restoredServer, 'GET', `/api/pools/${poolId}`, undefined, ownerToken);
    expect(poolRes.status).toBe(200);
    expect(poolRes.data.name).toBe('Quiniela copiada');
    const picks = await api<{ matchId: number; poolId: number }[]>(restoredServer, 'GET', `/api/predictions/user/${owner.id}`, undefined, ownerToken);
    expect(picks.status).toBe(200);
    expect(picks.data).toEqual(expect.arrayContaining([expect.objectContaining({ matchId, poolId })]));
    expect(await restoredServer.stop()).toBe(0);
  }, 180_000);

  it('backs up a stopped folder itself, taking its lock', async () => {
    const file = path.join(sourceRoot, 'parado.tar.gz');
    const backup = await run('backup', [file], sourceRoot);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/from the stopped data folder/);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(path.join(sourceRoot, 'pglite.lock'))).toBe(false);
  }, 60_000);

  it('refuses to overwrite a folder holding a database unless --force, and then keeps the old one aside', async () => {
    const refused = await run('restore', [backupFile], sourceRoot);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds a database/);
    const forced = await run('restore', [backupFile, '--force'], sourceRoot);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect((await readdir(sourceRoot)).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1);
  }, 60_000);

  it('says clearly that a damaged or foreign file is not a backup, and changes nothing', async () => {
    const targetRoot = await mkdtemp(path.join(os.tmpdir(), 'quiniela-backup-bad-'));
    const garbage = path.join(targetRoot, 'basura.tar.gz');
    await writeFile(garbage, 'esto no es una copia');
    const notGzip = await run('restore', [garbage], targetRoot);
    expect(notGzip.code).toBe(1);
    expect(notGzip.stderr).toMatch(/is not a Quiniela backup, or it is damaged/);

    const bytes = await readFile(backupFile);
    await writeFile(garbage, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const truncated = await run('restore', [garbage], targetRoot);
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toMatch(/is not a Quiniela backup, or it is damaged/);
    expect(existsSync(path.join(targetRoot, 'pglite'))).toBe(false);

    const missing = await run('restore', [path.join(targetRoot, 'no-existe.tar.gz')], targetRoot);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read/);
  }, 60_000);
});

describe.skipIf(!onPglite)('the embedded database’s files', () => {
  /** Every entry under `folder` whose mode is not the private one (0700 folders, 0600 files), as `path mode`. */
  async function notPrivate(folder: string): Promise<string[]> {
    const found: string[] = [];
    const { stat } = await import('node:fs/promises');
    const walk = async (dir: string) => {
      const mode = (await stat(dir)).mode & 0o777;
      if (mode !== 0o700) found.push(`${dir} ${mode.toString(8)}`);
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const entryPath = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(entryPath);
        else if (entry.isFile() && ((await stat(entryPath)).mode & 0o777) !== 0o600) {
          found.push(`${entryPath} ${((await stat(entryPath)).mode & 0o777).toString(8)}`);
        }
      }
    };
    await walk(folder);
    return found;
  }
  const modeOf = async (file: string) => ((await import('node:fs/promises')).stat(file).then((s) => s.mode & 0o777));
  /** A backup's entries as `tar -x` writes them (modes kept: root's default, and the umask here is 0), not private. */
  async function extractedNotPrivate(backup: string) {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'quiniela-extracted-'));
    await promisify(execFile)('tar', ['--extract', '--gzip', '--same-permissions', '--file', backup, '--directory', folder]);
    return notPrivate(folder);
  }

  it('are the server account’s alone, whatever the umask, and so are its backups and a restored folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'quiniela-private-'));
    const dataRoot = path.join(root, 'data');
    // The most permissive umask: every mode below is the app's own doing.
    const umask = process.umask(0);
    try {
      const server = await startServer({ DATA_DIR: dataRoot });
      started.push(server);
      expect(await notPrivate(path.join(dataRoot, 'pglite'))).toEqual([]);
      expect(await modeOf(dataRoot)).toBe(0o700);

      // What PGlite writes after the open comes 0666 (inside folders no one else can reach): a running server's dump
      // must not carry such modes into a backup that root extracts elsewhere.
      await chmod(path.join(dataRoot, 'pglite', 'PG_VERSION'), 0o666);
      await chmod(path.join(dataRoot, 'pglite', 'base'), 0o777);
      const fromServer = path.join(root, 'en-marcha.tar.gz');
      expect((await run('backup', [fromServer], dataRoot)).code).toBe(0);
      expect(await modeOf(fromServer)).toBe(0o600);
      expect(await extractedNotPrivate(fromServer)).toEqual([]);
      expect(await server.stop()).toBe(0);

      const fromFolder = path.join(root, 'parado.tar.gz');
      expect((await run('backup', [fromFolder], dataRoot)).code).toBe(0);
      expect(await modeOf(fromFolder)).toBe(0o600);
      expect(await extractedNotPrivate(fromFolder)).toEqual([]);

      const restoredRoot = path.join(root, 'restaurada');
      expect((await run('restore', [fromFolder], restoredRoot)).code).toBe(0);
      expect(await notPrivate(path.join(restoredRoot, 'pglite'))).toEqual([]);
    } finally {
      process.umask(umask);
    }
  }, 120_000);
});
