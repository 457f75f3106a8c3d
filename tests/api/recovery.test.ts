import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';
import { startServer, type ServerProcess } from '#tests/support/server-process';

/**
 * The database goes away and comes back while the server keeps running: /health
 * and the API answer 503 with a Spanish message meanwhile, and everything works
 * again afterwards without a restart. The outage is a TCP relay between the server
 * and PostgreSQL that the test cuts and restores, so this runs in the PostgreSQL pass.
 */
const onPostgres = testDatabaseKind() === 'postgres';
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let server: ServerProcess;
let relay: net.Server;
let relayPort = 0;
const sockets = new Set<net.Socket>();

function openRelay(target: URL): Promise<void> {
  relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    relay.listen(relayPort, '127.0.0.1', () => {
      relayPort = (relay.address() as net.AddressInfo).port;
      resolve();
    }),
  );
}

async function cutRelay() {
  // Cut first, then wait for the relay to close: closing waits for every connection to end, and the server keeps one
  // open for good (its LISTEN connection for the live channel).
  const closed = new Promise((resolve) => relay.close(resolve));
  for (const s of sockets) s.destroy();
  await closed;
}

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createPostgresDatabase(inject('databaseTemplate'));
  const target = new URL(database.url);
  await openRelay(target);
  const url = new URL(target);
  url.port = String(relayPort);
  server = await startServer({ DATABASE_URL: url.toString() });
}, 60_000);

afterAll(async () => {
  if (!onPostgres) return;
  await server.stop();
  relay.close();
  await database.drop();
});

describe.skipIf(!onPostgres)('database outage', () => {
  it('answers 503 while the database is unreachable and recovers without a restart', async () => {
    const signUp = (email: string) =>
      fetch(`${server.base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Resiliente', email, password: 'clave-resiliente' }),
      });
    expect((await signUp('antes@example.com')).status).toBe(201);

    await cutRelay();
    const health = await fetch(`${server.base}/health`);
    expect(health.status).toBe(503);
    const during = await signUp('durante@example.com');
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ message: 'El servicio no está disponible. Inténtalo más tarde.' });

    await openRelay(new URL(process.env.TEST_DATABASE_URL!));
    await expect.poll(async () => (await fetch(`${server.base}/health`)).status, { timeout: 15_000 }).toBe(200);
    expect((await signUp('despues@example.com')).status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
