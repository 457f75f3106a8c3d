import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Competition } from '#contract/index';
import { createFactories, fetchTransport, type SignedIn } from '#tests/support/factories';
import { startServer, type ServerProcess } from '#tests/support/server-process';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * A first start on the embedded database copies the seeded data directory made at build time
 * (docs/decisions/052-start-up-and-memory.md): the installation has the shipped football data, keys of its own, and
 * keeps what it is given across a restart. Runs in the PGlite pass (PostgreSQL has no data directory).
 */
const onPglite = testDatabaseKind() === 'pglite';
const started: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

async function firstStart(dataDir: string) {
  const server = await startServer({ DATA_DIR: dataDir, SEED_DATA: 'true' });
  started.push(server);
  return server;
}

describe.runIf(onPglite)('first start on a new data directory', () => {
  it('serves the shipped competitions, makes its own keys, and keeps its accounts across a restart', async () => {
    const [one, two] = await Promise.all([
      mkdtemp(path.join(os.tmpdir(), 'quiniela-first-')).then((root) => path.join(root, 'data')),
      mkdtemp(path.join(os.tmpdir(), 'quiniela-first-')),
    ]);
    let server = await firstStart(one);
    let factories = createFactories(fetchTransport(server.base));
    const credentials = { email: 'primera@example.com', password: 'clave-de-prueba' };
    const account = await factories.user(credentials);
    const competitions = await factories.call<{ data: Competition[] }>(account, 'GET', '/api/competitions');
    const matchesOf = (c: Competition) => [c.key, c.rounds.reduce((n, r) => n + r.matches, 0)];
    expect(competitions.data.map(matchesOf).toSorted()).toEqual([
      ['laliga-2026-27', 380],
      ['worldcup-2026', 104],
    ]);
    const keyOf = (who: SignedIn) =>
      factories
        .call<{ data: { publicKey: string } }>(who, 'GET', '/api/push/vapid-public-key')
        .then((r) => r.data.publicKey);
    const firstKey = await keyOf(account);

    // Another installation, started from the same copy (an existing empty folder this time): a key of its own.
    const other = await firstStart(two);
    const otherFactories = createFactories(fetchTransport(other.base));
    const otherKey = await otherFactories
      .user()
      .then((who) => otherFactories.call<{ data: { publicKey: string } }>(who, 'GET', '/api/push/vapid-public-key'));
    expect(otherKey.data.publicKey).not.toBe(firstKey);

    await server.stop();
    server = await firstStart(one);
    factories = createFactories(fetchTransport(server.base));
    const again = await factories.signIn(credentials);
    expect(again.userProfile.id).toBe(account.userProfile.id);
    expect(await keyOf(again)).toBe(firstKey);
  }, 120_000);
});
