import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Placeholder, sql, type Query, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { isDuplicatePreparedStatement } from '../lib/errors.ts';
import { dumpPglite } from './backup.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { guardRootHandle } from './transaction-guard.ts';
import { makePrivate, PRIVATE_DIR_MODE } from './private-files.ts';

/** The one database type the rest of the server sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories' write helpers take either, so a service can compose them in one transaction. */
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as { rows: T[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the SQL migrations in server/db/migrations (safe with several instances starting at once). */
  migrate(): Promise<void>;
  /** Cheap liveness probe used by /health: false when the database refuses, or does not answer within `PING_TIMEOUT_MS`. */
  ping(): Promise<boolean>;
  /**
   * PGlite only: calls `onNotify` with each notification on `channel` this session receives; one that its own
   * commit raised arrives before the statement that committed returns (server/lib/data-versions.ts).
   */
  listen?: (channel: string, onNotify: (payload: string) => void) => Promise<unknown>;
  /**
   * Calls `onNotify` with each notification on `channel` raised by any session's commit (every instance hears every
   * write): PGlite's own session, or one dedicated PostgreSQL connection, opened again with back-off when it is lost,
   * after which `onRestart` is called (what was notified meanwhile is lost). Resolves once it listens, or once a
   * first failed attempt has scheduled the next (an unreachable database must not stop the app starting). Resolves
   * to the function that stops listening. The live channel's way in (server/modules/live/).
   */
  follow: (channel: string, onNotify: (payload: string) => void, onRestart: () => void) => Promise<() => Promise<void>>;
  /** PGlite only: a consistent gzipped tarball of the data directory, taken between statements (server/db/backup.ts). */
  backup?: () => Promise<Blob>;
  /** PostgreSQL only: the connection pool's clients (open, idle) and the queries waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const dialect = new PgDialect();

/**
 * A raw statement prepared once by `name`, its values given by `sql.placeholder`s: each database session parses and
 * plans it once and then only runs it (planning a statement of several joins costs more than running it for a few
 * rows). On PostgreSQL, node-postgres's named statements, one per connection; on PGlite, `pglitePrepared`.
 */
export function preparedRows<T>(db: Database, name: string, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const statement = dialect.sqlToQuery(query);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pglitePrepared<T>(client, name, statement);
  const prepared = db._.session.prepareQuery(statement, undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows;
}

/** A string as an SQL literal (standard_conforming_strings: only the quote is special). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * PGlite: its driver sends every statement unnamed, to be parsed and planned again each time, and a parameter of
 * `EXECUTE` cannot be bound. The statement is prepared once in PGlite's one session (`PREPARE`, kept for the
 * session's life), and each call runs `EXECUTE name('value', …)` with the values as literals: parsing that is
 * trivial, and the plan is the prepared one. Values must be strings (the pick statement takes one JSON text).
 */
function pglitePrepared<T>(client: PGlite, name: string, statement: Query) {
  const placeholders = statement.params.map((param): string => {
    if (!(param instanceof Placeholder)) throw new TypeError(`${name}: every value of a prepared statement is a sql.placeholder`);
    return param.name as string;
  });
  const preparation = `prepare ${name} as ${statement.sql}`;
  let prepared: Promise<unknown> | undefined;
  // Another handle on the same client may have prepared it already (one session): the same text is the same statement.
  const prepareOrShare = () =>
    client.query(preparation).catch(async (error: unknown) => {
      if (!isDuplicatePreparedStatement(error)) throw error;
      const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements where name = $1', [name]);
      if (rows[0]?.statement !== preparation) throw new Error(`${name} is prepared in this session with another statement`);
    });
  const prepare = () =>
    (prepared ??= prepareOrShare().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    }));
  return async (values: Record<string, unknown>): Promise<T[]> => {
    await prepare();
    const args = placeholders.map((placeholder) => {
      const value = values[placeholder];
      if (typeof value !== 'string') throw new TypeError(`${name}: ${placeholder} must be a string`);
      return literal(value);
    });
    return (await client.query<T>(`execute ${name}(${args.join(', ')})`)).rows;
  };
}

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  guardRootHandle(db, client, ['query', 'exec']);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    ping: () => ping(db),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    follow: async (channel, onNotify) => client.listen(channel, onNotify),
    backup: () => dumpPglite(client),
    close: () => client.close(),
  };
}

// PGlite's WebAssembly memory only grows, and Postgres fills its buffer pool up front: the default 128 MB
// of shared_buffers is resident for the life of the process. The data directory's files stay in the
// operating system's page cache, so a small pool costs little
// (docs/decisions/016-pglite-16-mb-shared-buffers-initdb-in-a-child.md).
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * The seeded data directory a first start copies (scripts/make-pglite-template.ts): written next to the compiled
 * server by scripts/build-server.mjs, so it exists only there; run from the sources, a first start creates one.
 */
export const seededPgliteTemplate = new URL('./pglite-seeded', import.meta.url).pathname;

/**
 * Opens the data directory after taking its lock (`<dataDir>.lock`), waiting up to `lockWaitMs` for a process
 * that holds it: PGlite has no lock of its own, and a second process writing the same files loses writes
 * both acknowledged. The lock is released when the handle is closed. A new data directory starts as a copy of
 * `template` when there is one (docs/decisions/052-start-up-and-memory.md), else it is created.
 */
export async function openPglitePath(dataDir: string, lockWaitMs: number, template?: string): Promise<DatabaseHandle> {
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: PRIVATE_DIR_MODE });
  const lock = await lockDataDir(dataDir, `${dataDir}.lock`, { waitMs: lockWaitMs });
  try {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      // Only into an empty folder: the copy replaces it whole.
      if (template !== undefined && existsSync(template) && readdirSync(dataDir).length === 0)
        copyDataDir(template, dataDir);
      else initPgliteDataDir(dataDir);
    }
    makePrivate(dataDir);
    const client = new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
    const handle = openPglite(client);
    // Starting writes a few files of its own (the relation caches): private too. Later ones sit behind 0700 folders.
    await client.waitReady;
    makePrivate(dataDir);
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * Copies a closed data directory into the new, empty `dataDir` by plain file copies, outside PGlite's WebAssembly
 * memory. It is copied beside it first and then renamed in, so a start cut short never leaves half a database.
 */
function copyDataDir(template: string, dataDir: string) {
  const copying = `${dataDir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(template, copying, { recursive: true });
  rmdirSync(dataDir);
  renameSync(copying, dataDir);
}

/**
 * Creates a new data directory in a short-lived child process. PGlite's initdb runs a second
 * Postgres instance in memory and copies its files over: over 600 MB at the peak, most of it still
 * resident long after. The server then opens the directory as on a restart. --liftoff-only: the
 * one-off run needs no optimised WebAssembly code, and optimising it costs about 150 MB.
 */
function initPgliteDataDir(dataDir: string) {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const pg = await PGlite.create(${JSON.stringify(dataDir)}, { initDbStartParams: ${JSON.stringify(PGLITE_SETTINGS)} });
    await pg.close();`;
  const child = spawnSync(process.execPath, ['--liftoff-only', '--input-type=module', '--eval', script], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (child.status !== 0) throw new Error(`PGlite could not create the data directory ${dataDir} (exit ${child.status ?? child.signal})`);
}

// An arbitrary constant: every instance migrating the same database takes this lock first.
const MIGRATION_LOCK_ID = 424_242;

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  guardRootHandle(db, pool, ['query']);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    follow: (channel, onNotify, onRestart) => followOnPostgres(url, channel, onNotify, onRestart),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

const FOLLOW_RETRY_MS = { first: 500, max: 30_000 };

/** `DatabaseHandle.follow` on PostgreSQL: a connection of its own, outside the pool, that only listens. */
async function followOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onRestart: () => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = FOLLOW_RETRY_MS.first;
  let listenedBefore = false;
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    client.end().catch(() => {});
    schedule();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await client.end());
    current = client;
    delay = FOLLOW_RETRY_MS.first;
    if (listenedBefore) onRestart();
    listenedBefore = true;
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().catch(() => {
        delay = Math.min(delay * 2, FOLLOW_RETRY_MS.max);
        schedule();
      });
    }, delay);
    retry.unref();
  };
  await connect().catch(() => {
    listenedBefore = true;
    schedule();
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/** How long `/health` waits for the database: a database that does not answer is as down as one that refuses. */
export const PING_TIMEOUT_MS = 2_000;

async function ping(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
