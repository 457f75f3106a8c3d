import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres } from '#server/db/client';
import { createSessionsRepository } from '#server/modules/accounts/sessions.repository';
import { createUsersRepository } from '#server/modules/accounts/users.repository';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';
import { createTestApp } from '#tests/support/test-app';

/**
 * The results poller runs in every instance: one pull at a time, in a process and across instances on one
 * PostgreSQL, and a pull in flight finishes before the database closes. The poller's interval is faked
 * (nothing else is), so a test fires every instance's tick at once.
 */
const POLL_MS = 60_000;

/** A results source on 127.0.0.1 that counts its fetches and answers only once released. */
async function startSource() {
  let fetches = 0;
  let release = () => {};
  let released = Promise.resolve();
  const hold = () => {
    released = new Promise<void>((resolve) => (release = resolve));
  };
  const server = createServer((_req, res) => {
    fetches += 1;
    void released.then(() => res.end(JSON.stringify({ name: 'Spain Primera División 2026/27', matches: [] })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/es.1.json`,
    fetches: () => fetches,
    hold,
    release: () => release(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
let source: Awaited<ReturnType<typeof startSource>>;

const tick = () => vi.advanceTimersByTime(POLL_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error('timed out');
    await sleep(20);
  }
}
/** Log lines of an app, to see its polls end. */
function logSink() {
  const lines: { msg?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { msg?: string }),
      );
      done();
    },
  });
  return { stream, messages: () => lines.map((l) => l.msg) };
}

beforeEach(async () => {
  source = await startSource();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());
afterAll(() => source.close());

const env = () => ({ RESULTS_SOURCE: source.url, RESULTS_POLL_MINUTES: String(POLL_MS / 60_000), LOG_LEVEL: 'info' });

/** An app whose first pull has reached the source, which holds it: its log lines show when its polls end. */
async function appWithPullInFlight() {
  const logs = logSink();
  const t = await createTestApp({ env: env(), logDestination: logs.stream });
  source.hold();
  tick();
  await until(() => source.fetches() === 1);
  return { t, logs };
}

describe('the results poller, in one instance', () => {
  it('never runs two pulls at once: ticks while a pull is in flight share it', async () => {
    const { t, logs } = await appWithPullInFlight();
    tick();
    tick();
    await sleep(200);
    expect(source.fetches()).toBe(1);
    source.release();
    await until(() => logs.messages().includes('results polled'));
    tick();
    await until(() => source.fetches() === 2);
    await t.close();
  });

  it('lets a pull in flight finish before the database closes', async () => {
    const { t, logs } = await appWithPullInFlight();
    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await sleep(300);
    expect(closed).toBe(false);
    source.release();
    await closing;
    expect(logs.messages()).toContain('results polled');
    expect(logs.messages()).not.toContain('results poll failed');
    await t.close();
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('the results poller, in two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let apps: FastifyInstance[];
  let handles: ReturnType<typeof openPostgres>[];

  beforeEach(async () => {
    database = await createPostgresDatabase(inject('databaseTemplate'));
    handles = [openPostgres(database.url), openPostgres(database.url)];
    apps = await Promise.all(
      handles.map((handle) =>
        buildApp({
          config: loadConfig({ ...env(), LOG_LEVEL: 'silent', SEED_DATA: 'false', REMINDERS_POLL_SECONDS: '0' }),
          database: handle,
        }),
      ),
    );
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
  });

  it('pull once for ticks on both at once: the instance that finds the lock taken skips its poll', async () => {
    source.hold();
    tick();
    await until(() => source.fetches() === 1);
    tick();
    await sleep(300);
    expect(source.fetches()).toBe(1);
    source.release();
    await Promise.all(apps.map((app) => app.close()));
    expect(source.fetches()).toBe(1);
  });

  it('make "Actualizar Resultados" wait for the other instance\'s pull, then pull', async () => {
    const admin = await createUsersRepository(handles[0]!.db).insert({
      name: 'Jefa',
      email: 'jefa@example.com',
      passwordHash: 'scrypt$x',
      role: 'admin',
    });
    const token = await createSessionsRepository(handles[0]!.db).create(admin.id, new Date(Date.now() + 60 * 60_000));
    source.hold();
    tick();
    await until(() => source.fetches() === 1);
    // Whichever instance polled, the other is asked too: neither fetches again while the lock is held.
    const answers = apps.map((app) =>
      app.inject({ method: 'POST', url: '/api/leaderboard/update-all', headers: { authorization: `Bearer ${token}` } }),
    );
    await sleep(300);
    expect(source.fetches()).toBe(1);
    source.release();
    for (const answer of await Promise.all(answers)) expect(answer.statusCode).toBe(200);
    // The polling instance's request shared its poll; the other pulled once the lock was free.
    expect(source.fetches()).toBe(2);
  });
});
