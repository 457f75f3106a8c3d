import { readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '#server/db/client';

/**
 * Each API test file gets a fresh, migrated database copied from a template
 * made once per run (the epic-stack idea): PGlite restores a dumped data
 * directory, PostgreSQL uses CREATE DATABASE … TEMPLATE.
 */
export type TestDatabaseKind = 'pglite' | 'postgres';

export const testDatabaseKind = (): TestDatabaseKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');


function postgresUrl(database?: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)');
  if (!database) return url;
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A connection to the PostgreSQL at `url` for `work`, closed after it whatever happens. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withAdminClient = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(postgresUrl(), work);

/** Called once per run from the Vitest global setup; returns what `createTestDatabase` copies. */
export async function prepareTemplate(): Promise<string> {
  if (testDatabaseKind() === 'pglite') {
    const pgliteTemplateFile = path.join(os.tmpdir(), `quiniela-pglite-template-${process.pid}.tar`);
    const client = new PGlite('memory://');
    await openPglite(client).migrate();
    const dump = await client.dumpDataDir('none');
    await writeFile(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    return pgliteTemplateFile;
  }
  // One template per run, so parallel runs on the same server never drop each other's.
  const templateDb = `quiniela_template_${process.pid}`;
  await withAdminClient(async (client) => {
    await client.query(`drop database if exists ${templateDb}`);
    await client.query(`create database ${templateDb}`);
  });
  const template = openPostgres(postgresUrl(templateDb), 1);
  await template.migrate();
  await template.close();
  return templateDb;
}

/** Drops the per-run template (PostgreSQL); the PGlite dump file is removed. */
export async function dropTemplate(template: string): Promise<void> {
  if (testDatabaseKind() === 'pglite') return rm(template, { force: true });
  await withAdminClient((client) => client.query(`drop database if exists ${template}`));
}

export async function createTestDatabase(template: string): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const dump = new Blob([await readFile(template)]);
    return openPglite(new PGlite('memory://', { loadDataDir: dump }));
  }
  const database = await createPostgresDatabase(template);
  const handle = openPostgres(database.url);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** A PostgreSQL database copied from the run's template: its URL (for server processes) and how to drop it. */
export async function createPostgresDatabase(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quiniela_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name} template ${template}`));
  return {
    url: postgresUrl(name),
    async drop() {
      await withAdminClient((client) => client.query(`drop database if exists ${name}`));
    },
  };
}
