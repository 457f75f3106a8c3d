import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ResultsStatus } from '#contract/index';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres } from '#server/db/client';
import { seedFootballData } from '#server/db/seed/seed';
import { laligaFile } from '#tests/support/laliga';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';
import { adminIn, createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The poller follows the fixtures (docs/decisions/066): a feed never read is read at once, then every
 * RESULTS_LIVE_POLL_SECONDS from a match's kick-off until it has a result (3 h at most), every RESULTS_POLL_MINUTES
 * while a match without a result is near, and not at all otherwise. One pull at a time, in a process and across
 * instances on one PostgreSQL, and a pull in flight finishes before the database closes. The source is a server on
 * 127.0.0.1 that counts its fetches and can hold its answer.
 */
async function startSource(body: () => string) {
  let fetches = 0;
  let release = () => {};
  let released = Promise.resolve();
  const server = createServer((_req, res) => {
    fetches += 1;
    void released.then(() => res.end(body()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/es.1.json`,
    fetches: () => fetches,
    hold: () => {
      released = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
const emptyLaliga = () => JSON.stringify({ name: 'Spain Primera División 2026/27', matches: [] });
let source: Awaited<ReturnType<typeof startSource>>;
beforeAll(async () => {
  source = await startSource(emptyLaliga);
});
afterAll(() => source.close());

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

const env = () => ({ RESULTS_SOURCE: source.url, RESULTS_POLL_MINUTES: '60', LOG_LEVEL: 'info' });

/** An app reading the source, its poller started and its first pull under way (held until the source is released). */
async function appPulling() {
  const logs = logSink();
  const t = await createTestApp({ env: env(), logDestination: logs.stream });
  // It starts when the app listens: these apps are injected into, so it is started here.
  const before = source.fetches();
  t.app.services.resultsPoller!.start();
  await until(() => source.fetches() > before);
  return { t, logs };
}

describe('the results poller, in one instance', () => {
  beforeEach(() => source.hold());
  afterEach(() => source.release());

  it('reads a source never read at once, never two pulls at once, and records them as the poller', async () => {
    const { t, logs } = await appPulling();
    const fetched = source.fetches();
    // Looks while a pull is in flight share it.
    t.app.services.resultsPoller!.wake();
    t.app.services.resultsPoller!.wake();
    await sleep(200);
    expect(source.fetches()).toBe(fetched);
    source.release();
    await until(() => logs.messages().includes('results polled'));
    const [job] = await t.app.services.repositories.importJobs.latest(1);
    expect(job).toMatchObject({ trigger: 'poll', source: source.url, status: 'succeeded' });
    // Just pulled: nothing is due, however often it looks.
    t.app.services.resultsPoller!.wake();
    await sleep(200);
    expect(source.fetches()).toBe(fetched);
    await t.close();
  });

  it('lets a pull in flight finish before the database closes', async () => {
    const { t, logs } = await appPulling();
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

describe('the poller’s plan, from the fixtures', () => {
  let t: TestApp;
  let now: Date;
  let ana: Awaited<ReturnType<TestApp['createUser']>>;
  /** The first match of LaLiga's jornada 14 (a Sunday without a time: noon in Madrid, 11:00 UTC). */
  let kickoff: Date;
  beforeAll(async () => {
    source.release();
    const laliga = await laligaFile();
    const first = laliga.matches.find((m) => m.date === '2026-11-29' && !m.score)!;
    kickoff = new Date(`${first.date}T11:00:00Z`);
    // The World Cup is over, LaLiga not started: its first matches are stored without their results (not played yet).
    now = new Date('2026-08-01T10:00:00Z');
    // The poller is not started (the app does not listen): this reads its plan and pulls by hand, at chosen times.
    t = await createTestApp({
      clock: () => now,
      env: { RESULTS_SOURCE: source.url, RESULTS_POLL_MINUTES: '60', RESULTS_LIVE_POLL_SECONDS: '300' },
    });
    await seedFootballData(t.app.services);
    ana = await t.createUser({ name: 'Ana' });
  }, 60_000);
  afterAll(() => t.close());

  /** What everyone is told (the route is read once: sessions expire as this clock runs months ahead). */
  const status = () => t.app.services.resultsSource.status();
  const poll = () => t.app.services.resultsPull.poll();

  it('reads a source never read at once, whatever the fixtures', async () => {
    const res = await t.injectAs(ana.session.accessToken, { method: 'GET', url: '/api/results/status' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ResultsStatus }>().data).toEqual({
      feeds: [{ source: source.url, label: '127.0.0.1', lastAttemptAt: null, failure: null, lastSuccessAt: null }],
      schedule: { mode: 'idle', nextPullAt: now.toISOString() },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/results/status' })).statusCode).toBe(401);
    expect(await poll()).toMatchObject({ source: source.url });
    expect((await status()).feeds).toEqual([
      {
        source: source.url,
        label: '127.0.0.1',
        lastAttemptAt: now.toISOString(),
        failure: null,
        lastSuccessAt: now.toISOString(),
      },
    ]);
  });

  it('is idle while no match without a result is near, until one comes within a week', async () => {
    // A week before LaLiga's first match without a result.
    const laliga = await t.app.services.repositories.matches.listByCompetition('laliga-2026-27');
    const first = Math.min(...laliga.filter((m) => m.status !== 'finished').map((m) => Date.parse(m.matchDate)));
    expect((await status()).schedule).toEqual({
      mode: 'idle',
      nextPullAt: new Date(first - 7 * 24 * 60 * 60_000).toISOString(),
    });
    expect(await poll()).toBeUndefined();
  });

  it('is hourly while a match is near, at its kick-off, every 5 minutes from then until its result, for 3 hours', async () => {
    now = new Date(kickoff.getTime() - 24 * 60 * 60_000);
    // Near, last read in July: due at once; then an hour after.
    expect((await status()).schedule.mode).toBe('near');
    expect(await poll()).toBeDefined();
    expect((await status()).schedule).toEqual({
      mode: 'near',
      nextPullAt: new Date(now.getTime() + 60 * 60_000).toISOString(),
    });
    now = new Date(now.getTime() + 30 * 60_000);
    expect(await poll()).toBeUndefined();

    const readAt = new Date(kickoff.getTime() - 60_000);
    now = readAt;
    expect(await poll()).toBeDefined();
    // The kick-off comes before the next hourly pull: the pull is at the kick-off.
    expect((await status()).schedule).toEqual({ mode: 'near', nextPullAt: kickoff.toISOString() });
    now = new Date(kickoff.getTime() + 60_000);
    expect((await status()).schedule).toEqual({
      mode: 'live',
      nextPullAt: new Date(readAt.getTime() + 5 * 60_000).toISOString(),
    });
    now = new Date(readAt.getTime() + 5 * 60_000);
    expect(await poll()).toBeDefined();

    // Three hours on, still without a result: back to hourly.
    now = new Date(kickoff.getTime() + 3 * 60 * 60_000 + 60_000);
    expect((await status()).schedule.mode).toBe('near');
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('the results poller, in two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let apps: FastifyInstance[];
  let handles: ReturnType<typeof openPostgres>[];

  beforeEach(async () => {
    source.hold();
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
  });
  afterEach(async () => {
    source.release();
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
  });

  it('pull once when both look at once: the instance that finds the lock taken, then the pull made, skips', async () => {
    const before = source.fetches();
    await Promise.all(apps.map((app) => app.ready()));
    for (const app of apps) app.services.resultsPoller!.start();
    await until(() => source.fetches() === before + 1);
    await sleep(300);
    expect(source.fetches()).toBe(before + 1);
    source.release();
    // The other instance looks again after a few seconds: the pull is made, nothing is due.
    await sleep(6_000);
    await Promise.all(apps.map((app) => app.close()));
    expect(source.fetches()).toBe(before + 1);
  });

  it('make "Actualizar Resultados" wait for the other instance\'s pull, then pull', async () => {
    const { token } = await adminIn(handles[0]!.db);
    const before = source.fetches();
    await Promise.all(apps.map((app) => app.ready()));
    for (const app of apps) app.services.resultsPoller!.start();
    await until(() => source.fetches() === before + 1);
    // Whichever instance polled, the other is asked too: neither fetches again while the lock is held.
    const answers = apps.map((app) =>
      app.inject({ method: 'POST', url: '/api/leaderboard/update-all', headers: { authorization: `Bearer ${token}` } }),
    );
    await sleep(300);
    expect(source.fetches()).toBe(before + 1);
    source.release();
    for (const answer of await Promise.all(answers)) expect(answer.statusCode).toBe(200);
    // The polling instance's request shared its poll; the other pulled once the lock was free.
    expect(source.fetches()).toBe(before + 2);
  });
});
