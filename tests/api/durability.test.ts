import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createFactories, fetchTransport } from '#tests/support/factories';
import { startServer, type ServerProcess } from '#tests/support/server-process';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * Durability: the real server process under a write load is killed with SIGKILL
 * and restarted; every write it acknowledged must still be there, and the data
 * must be consistent. Runs on the embedded database and, in the PostgreSQL pass,
 * on PostgreSQL.
 */
let env: Record<string, string>;
let server: ServerProcess;

async function post(url: string, body: object, token?: string) {
  return fetch(server.base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  if (testDatabaseKind() === 'pglite') {
    env = { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'quiniela-durability-')) };
  } else {
    // The PostgreSQL pass: a database of its own, copied from the migrated template.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `quiniela_durability_${process.pid}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template ${inject('databaseTemplate')}`);
    await admin.end();
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
  }
});

afterAll(async () => {
  if (env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
    await admin.end();
  }
});

describe('durability', () => {
  it('keeps every acknowledged write across a SIGKILL under write load', async () => {
    server = await startServer(env);

    const { session, userProfile } = await createFactories(fetchTransport(server.base)).user({ name: 'Dueño' });

    // Writers create pools as fast as they can; every 201 is an acknowledged write.
    const acknowledged: number[] = [];
    let stop = false;
    let code = 200000;
    const writer = async () => {
      while (!stop) {
        const invitationCode = code++;
        try {
          const res = await post('/api/pools', { name: `Pool ${invitationCode}`, invitationCode, creatorId: userProfile.id }, session.accessToken);
          if (res.status === 201) acknowledged.push(((await res.json()) as { data: { invitationCode: number } }).data.invitationCode);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await new Promise((r) => setTimeout(r, 1500));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(5);

    server = await startServer(env);
    try {
      // The session survived too (it was acknowledged before the load started).
      const owned = await fetch(`${server.base}/api/pools/user/${userProfile.id}/owned`, { headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(owned.status).toBe(200);
      const codes = new Set(((await owned.json()) as { data: { pools: { invitationCode: number; currentParticipants: number }[] } }).data.pools.map((p) => p.invitationCode));
      expect(acknowledged.filter((c) => !codes.has(c))).toEqual([]);
      // Nothing half-written: no pool exists that was never asked for.
      for (const c of codes) expect(c).toBeLessThan(code);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
