import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglitePath, queryRows } from '#server/db/client';
import { createFactories, fetchTransport, type Account } from '#tests/support/factories';
import { callServer as api, signInTo, startServer, type ServerProcess } from '#tests/support/server-process';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * `npm run move-to-postgres`: an embedded database a real server filled is copied into an empty PostgreSQL database,
 * and a server on DATABASE_URL serves it (accounts, pools, ranking, new rows). It needs a PostgreSQL server, so it
 * runs in the PostgreSQL pass only (TEST_DB=postgres with TEST_DATABASE_URL; npm run test:api runs both passes).
 */
const onPostgres = testDatabaseKind() === 'postgres';
const started: ServerProcess[] = [];
const databases: string[] = [];
let sourceRoot: string;
const password = 'clave-de-prueba';
const admin = { email: 'admin-mudanza@example.com', password: 'admin-clave-segura' };

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database (not the run's migrated template: the script migrates it itself). */
async function emptyDatabase(): Promise<string> {
  const name = `quiniela_move_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  databases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  if (sourceRoot) await rm(sourceRoot, { recursive: true, force: true });
  if (onPostgres)
    await withAdmin(async (client) => {
      for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
    });
});

function move(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Batches of 50 rows: the copy crosses batch boundaries (485 matches: 10 batches, the teams 2).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: sourceRoot,
    LOG_LEVEL: 'warn',
    MOVE_TO_POSTGRES_BATCH_ROWS: '50',
  };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/move-to-postgres.ts', ...args],
      { env },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Signs in with this file's password unless another is given. */
const signIn = (server: ServerProcess, email: string, secret = password) => signInTo(server, email, secret);

/**
 * A table's rows as sorted JSON text, to compare both databases. The data versions (app_settings data-version:*)
 * are given fresh tokens by the move, so only their keys are compared.
 */
function comparable(table: string, rows: { row: Record<string, unknown> }[]): string[] {
  return rows
    .map(({ row }) =>
      JSON.stringify(table === 'app_settings' && String(row.key).startsWith('data-version:') ? { key: row.key } : row),
    )
    .sort();
}

async function withTarget(url: string, query: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

const tablesQuery = `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;

describe.skipIf(!onPostgres)(
  'npm run move-to-postgres (PostgreSQL pass only: TEST_DB=postgres with TEST_DATABASE_URL)',
  () => {
    let source: ServerProcess;
    let poolId: number;
    const players: Account[] = [];

    beforeAll(async () => {
      sourceRoot = await mkdtemp(path.join(os.tmpdir(), 'quiniela-move-src-'));
      source = await startServer({
        DATA_DIR: sourceRoot,
        SEED_DATA: 'true',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      });
      started.push(source);

      // Data of every kind: a match (admin), accounts with passwords, a pool with two participants and predictions,
      // a favourite (reminder), a passkey sign-in challenge, the VAPID keys.
      const factories = createFactories(fetchTransport(source.base));
      // A LaLiga fixture of its last round: a pool made with the spec's body on the seeded data counts LaLiga from
      // its next round on (docs/decisions/036-a-pool-belongs-to-a-competition.md).
      const match = await factories.match(await factories.signIn(admin), {
        competition: 'laliga-2026-27',
        weekNumber: 38,
        matchDate: '2031-05-10T18:00:00Z',
      });
      for (let i = 0; i < 3; i += 1) {
        players.push(
          await factories.user({ name: `Jugador ${i}`, email: `jugador${i}-mudanza@example.com`, password }),
        );
      }
      const [creator, ...guests] = players as [Account, ...Account[]];
      const pool = await factories.pool(creator, { name: 'Quiniela mudada', players: guests });
      poolId = pool.id;
      for (const guest of guests) await factories.predict(guest, pool, match, 'home');
      await factories.call(creator, 'POST', '/api/reminders', { body: { matchId: match.id } });
      await factories.call(null, 'POST', '/auth/passkeys/login/options', { body: {}, status: 200 });
      await factories.call(creator, 'GET', '/api/push/vapid-public-key');
    }, 240_000);

    it('refuses while a server holds the data folder', async () => {
      const target = await emptyDatabase();
      const refused = await move([target]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is in use by process/);
      expect(refused.stderr).toMatch(/Stop the server/);
    }, 60_000);

    it('copies every table into an empty database that a server then serves, with fresh ids for new rows', async () => {
      expect(await source.stop()).toBe(0);

      const embedded = await openPglitePath(path.join(sourceRoot, 'pglite'), 0);
      const original = new Map<string, string[]>();
      try {
        for (const { name } of await queryRows<{ name: string }>(embedded.db, sql.raw(tablesQuery))) {
          if (name === '__drizzle_migrations') continue;
          const rows = await queryRows<{ row: Record<string, unknown> }>(
            embedded.db,
            sql.raw(`select to_jsonb(t) as row from "${name}" t`),
          );
          original.set(name, comparable(name, rows));
        }
      } finally {
        await embedded.close();
      }
      const counts = new Map([...original].map(([table, rows]) => [table, rows.length]));
      for (const table of [
        'users',
        'sessions',
        'roles',
        'teams',
        'matches',
        'pools',
        'pool_participants',
        'predictions',
        'match_reminders',
        'webauthn_challenges',
        'app_settings',
      ]) {
        expect(counts.get(table), table).toBeGreaterThan(0);
      }

      const target = await emptyDatabase();
      const moved = await move([target]);
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);

      // Every table of the target's catalog is in the summary, with the source's row count, and holds the same rows.
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      try {
        const tables = (await client.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name);
        expect(tables.sort()).toEqual([...counts.keys()].sort());
        for (const table of tables) {
          expect(moved.stdout, table).toMatch(new RegExp(`^  ${table} +${counts.get(table)} rows( \\(.*\\))?$`, 'm'));
          const { rows } = await client.query<{ row: Record<string, unknown> }>(
            `select to_jsonb(t) as row from "${table}" t`,
          );
          expect(comparable(table, rows), table).toEqual(original.get(table));
        }
      } finally {
        await client.end();
      }

      const server = await startServer({ DATABASE_URL: target });
      started.push(server);
      for (const { email } of players) expect((await signIn(server, email)).status, email).toBe(200);
      expect((await signIn(server, admin.email, admin.password)).status).toBe(200);
      const member = (await signIn(server, players[1]!.email)).body.session.accessToken;
      const pool = await api<{ name: string }>(server, 'GET', `/api/pools/${poolId}`, undefined, member);
      expect(pool.status).toBe(200);
      expect(pool.data.name).toBe('Quiniela mudada');
      const ranking = await api(server, 'GET', `/api/leaderboard/pool/${poolId}/ranking`, undefined, member);
      expect(ranking.status).toBe(200);
      expect(ranking.body.leaderboard.positions).toHaveLength(2);

      // New rows get ids past the copied ones (the sequences were moved).
      const signUp = await api<{ id: number }>(server, 'POST', '/auth/signup', {
        name: 'Recién llegada',
        email: 'nueva-mudanza@example.com',
        password,
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
      const newcomer = (await signIn(server, 'nueva-mudanza@example.com')).body;
      expect(newcomer.userProfile.id).toBeGreaterThan(Math.max(...players.map((p) => p.userProfile.id)));
      const newPool = await api<{ id: number }>(
        server,
        'POST',
        '/api/pools',
        { name: 'Quiniela nueva', invitationCode: 755_551, creatorId: newcomer.userProfile.id },
        newcomer.session.accessToken,
      );
      expect(newPool.status, JSON.stringify(newPool.body)).toBe(201);
      expect(newPool.data.id).toBeGreaterThan(poolId);
      expect(await server.stop()).toBe(0);

      // A second run finds the data and refuses, naming what it found.
      const again = await move([target]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds application data \(.*users: \d+ rows?/);
      expect(again.stderr).toMatch(/Nothing was copied/);
      // --force copies on top, deletes nothing, and a taken key fails the whole copy: the target is as it was.
      const usersBefore = await withTarget(target, 'select count(*)::int as n from users');
      const forced = await move([target, '--force']);
      expect(forced.code).toBe(1);
      expect(forced.stderr).toMatch(/--force: copying on top/);
      expect(forced.stderr).toMatch(/duplicate key/);
      expect(await withTarget(target, 'select count(*)::int as n from users')).toEqual(usersBefore);
      expect(usersBefore).toEqual([{ n: counts.get('users')! + 1 }]);
    }, 300_000);
  },
);
