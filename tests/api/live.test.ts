import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { liveMessages, type Match, type Pool, type SignInResponse } from '#contract/index';
import { createFactories, fetchTransport } from '#tests/support/factories';
import { openLiveStream } from '#tests/support/live-stream';
import { startServer, type ServerProcess } from '#tests/support/server-process';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * The live channel (docs/decisions/045-live-updates-carry-versions-not-tables.md): a pool's members hear, within the
 * request that saved it, that its ranking, one of its matches or its wall changed, whoever wrote it; others get 403.
 */
const t = testAppPerFile();
let base: string;
let admin: SignInResponse;
let owner: SignInResponse;
let player: SignInResponse;
let stranger: SignInResponse;
let match: Match;
let pool: Pool;
let otherPool: Pool;

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.createUser({ role: 'admin' });
  owner = await t.createUser();
  player = await t.createUser();
  stranger = await t.createUser();
  match = await t.api.match(admin, { matchDate: new Date(Date.now() + 3_600_000).toISOString() });
  pool = await t.api.pool(owner, { players: [player] });
  otherPool = await t.api.pool(stranger);
  await t.api.predict(player, pool, match, 'home');
});


describe('the live channel of a pool', () => {
  it('opens for members with a "ready" event and refuses others with a Spanish 403', async () => {
    for (const member of [player, owner, admin]) {
      const stream = await openLiveStream(base, member.session.accessToken, pool.id);
      expect(stream.status).toBe(200);
      await expect(stream.next((e) => e.kind === 'ready')).resolves.toEqual({ kind: 'ready', poolId: pool.id });
      stream.close();
    }
    const refused = await fetch(`${base}/api/live/pool/${pool.id}`, { headers: { authorization: `Bearer ${stranger.session.accessToken}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, message: 'No participas en esta quiniela.' });
    expect((await fetch(`${base}/api/live/pool/${pool.id}`)).status).toBe(401);
  });

  it('sends its headers unbuffered and unstored', async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live/pool/${pool.id}`, { headers: { authorization: `Bearer ${player.session.accessToken}` }, signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toBe('no-store');
    abort.abort();
  });

  it('tells a result saved by an admin to the pool that counts it: the match, then its ranking version, nothing to other pools', async () => {
    const stream = await openLiveStream(base, player.session.accessToken, pool.id);
    const elsewhere = await openLiveStream(base, stranger.session.accessToken, otherPool.id);
    await stream.next((e) => e.kind === 'ready');
    await elsewhere.next((e) => e.kind === 'ready');
    await t.api.result(admin, match, 2, 0);
    // Within the request that saved it (PGlite: before it answered; PostgreSQL: one notification's round trip).
    await expect(stream.next((e) => e.kind === 'match')).resolves.toMatchObject({ matchId: match.id });
    const ranking = await stream.next((e) => e.kind === 'ranking');
    const { leaderboard } = (await t.injectAs(player.session.accessToken, { method: 'GET', url: `/api/leaderboard/pool/${pool.id}/ranking` })).json<{
      leaderboard: { lastUpdated: string | null };
    }>();
    expect(ranking).toEqual({ kind: 'ranking', poolId: pool.id, version: Date.parse(leaderboard.lastUpdated!) });
    // The other pool holds no pick on the match: its ranking did not move. (It counts the match, so it hears of it.)
    await elsewhere.next((e) => e.kind === 'match');
    expect(elsewhere.events.filter((e) => e.kind === 'ranking')).toEqual([]);
    stream.close();
    elsewhere.close();
  });

  it('tells a change written in SQL, outside the app (an import, a repair), as well', async () => {
    const stream = await openLiveStream(base, player.session.accessToken, pool.id);
    await stream.next((e) => e.kind === 'ready');
    await t.db.execute(sql`update matches set score_home = 3 where id = ${match.id}`);
    await expect(stream.next((e) => e.kind === 'match' && e.matchId === match.id)).resolves.toBeTruthy();
    await t.db.execute(sql`update matches set updated_at = now() where id = ${match.id}`);
    await t.db.execute(sql`update pools set description = 'nada que ver' where id = ${pool.id}`);
    const wall = await t.injectAs(owner.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/messages`, payload: { text: 'sigue' } });
    // Events arrive in commit order: the wall message is the next one, so neither write above sent anything.
    await stream.next((e) => e.kind === 'wall');
    expect(stream.events.map((e) => e.kind)).toEqual(['ready', 'match', 'wall']);
    expect(stream.events.at(-1)).toEqual({ kind: 'wall', poolId: pool.id, messageId: wall.json<{ data: { id: number } }>().data.id, matchId: null, deleted: false });
    stream.close();
  });

});

/** The compiled server, as `npm start` runs it, on the test's kind of database. */
async function startInstance(env: Record<string, string> = {}) {
  if (testDatabaseKind() === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quiniela-live-'));
    return { server: await startServer({ DATA_DIR: dataDir, ...env }), drop: () => Promise.resolve() };
  }
  const database = await createPostgresDatabase(inject('databaseTemplate'));
  return { server: await startServer({ DATABASE_URL: database.url, ...env }), drop: () => database.drop() };
}

describe('an instance shutting down', () => {
  it('ends its open streams, telling each when to come back, and exits on SIGTERM while their client keeps running', async () => {
    const { server, drop } = await startInstance();
    try {
      const api = createFactories(fetchTransport(server.base));
      const creator = await api.user({ name: 'Creadora' });
      const fan = await api.user({ name: 'Aficionado' });
      const shared = await api.pool(creator, { players: [fan] });
      const streams = await Promise.all([creator, fan].map((user) => openLiveStream(server.base, user.session.accessToken, shared.id)));
      await Promise.all(streams.map((stream) => stream.next((e) => e.kind === 'ready')));
      // A connection opened and left without a request (a browser's preconnection) must not hold the exit either.
      const silent = net.connect(Number(new URL(server.base).port), '127.0.0.1');
      await once(silent, 'connect');
      const closing = streams.map((stream) => stream.next((e) => e.kind === 'closing'));
      expect(await server.stop('SIGTERM')).toBe(0);
      // Each heard when to come back: two streams, so the shortest window (reopenWindowMs).
      expect(await Promise.all(closing)).toEqual([1, 2].map(() => ({ kind: 'closing', reconnectWithinMs: 1_000 })));
      await Promise.all(streams.map((stream) => stream.ended));
      silent.destroy();
    } finally {
      await server.stop('SIGKILL');
      await drop();
    }
  }, 60_000);
});

describe('the streams an instance holds (a real process)', () => {
  /** How long `work` took, in ms. */
  const timedMs = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };

  it('keeps one account to a few (a replaced stream told so), refuses an address beyond its share with 429 and Retry-After, and answers everyone else meanwhile', async () => {
    const { server, drop } = await startInstance({ LIVE_STREAMS_PER_USER: '2', LIVE_STREAMS_PER_ADDRESS: '6' });
    const streams: Awaited<ReturnType<typeof openLiveStream>>[] = [];
    try {
      const api = createFactories(fetchTransport(server.base));
      const creator = await api.user({ name: 'Creadora' });
      const fans = [await api.user({ name: 'Uno' }), await api.user({ name: 'Dos' }), await api.user({ name: 'Tres' })];
      const shared = await api.pool(creator, { players: fans });
      const [first] = fans as [(typeof fans)[number]];
      // One account opens five: each new one replaces its oldest, so two stay open.
      for (let i = 0; i < 5; i += 1) {
        const stream = await openLiveStream(server.base, first.session.accessToken, shared.id);
        expect(stream.status).toBe(200);
        await stream.next((e) => e.kind === 'ready');
        streams.push(stream);
      }
      await Promise.all(streams.slice(0, 3).map((stream) => stream.ended));
      // Each replaced one was told so last, so that the app leaves it closed until its page is looked at again.
      expect(streams.slice(0, 3).map((stream) => stream.events.at(-1))).toEqual([1, 2, 3].map(() => ({ kind: 'replaced' })));
      // Three accounts, two each: the address's six.
      for (const fan of fans.slice(1)) {
        for (let i = 0; i < 2; i += 1) {
          const stream = await openLiveStream(server.base, fan.session.accessToken, shared.id);
          expect(stream.status).toBe(200);
          streams.push(stream);
        }
      }
      const refused = await fetch(`${server.base}/api/live/pool/${shared.id}`, { headers: { authorization: `Bearer ${creator.session.accessToken}` } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ statusCode: 429, message: liveMessages.tooManyStreams });
      // Everyone else is answered as usual meanwhile.
      expect(await timedMs(() => fetch(`${server.base}/health`).then((r) => expect(r.status).toBe(200)))).toBeLessThan(2_000);
      const reader = await api.user({ name: 'Lectora' });
      expect(
        await timedMs(() => api.call(reader, 'GET', '/api/matches')),
      ).toBeLessThan(2_000);
    } finally {
      for (const stream of streams) stream.close();
      await server.stop('SIGKILL');
      await drop();
    }
  }, 90_000);

  it('ends a stream within a heartbeat of its session signed out, its member removed or its account deleted', async () => {
    const { server, drop } = await startInstance({ LIVE_HEARTBEAT_SECONDS: '1' });
    try {
      const api = createFactories(fetchTransport(server.base));
      const creator = await api.user({ name: 'Creadora' });
      const [leaving, removed, deleted] = [await api.user({ name: 'Sale' }), await api.user({ name: 'Quitado' }), await api.user({ name: 'Borrada' })];
      const shared = await api.pool(creator, { players: [leaving, removed, deleted] });
      const open = async (who: { session: { accessToken: string } }) => {
        const stream = await openLiveStream(server.base, who.session.accessToken, shared.id);
        await stream.next((e) => e.kind === 'ready');
        return stream;
      };
      const [signedOut, left, gone, stays] = [await open(leaving), await open(removed), await open(deleted), await open(creator)];
      await api.call(leaving, 'POST', '/auth/signout', { status: 200 });
      await api.call(creator, 'DELETE', `/api/pools/${shared.id}/participants/${removed.userProfile.id}`, { status: 200 });
      await api.call(deleted, 'DELETE', `/api/users/${deleted.userProfile.id}`, { status: 200 });
      const endedWithin = (stream: typeof stays, ms: number) =>
        Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
      expect(await Promise.all([signedOut, left, gone].map((stream) => endedWithin(stream, 5_000)))).toEqual([true, true, true]);
      // The creator's stays open.
      expect(await endedWithin(stays, 2_500)).toBe(false);
      stays.close();
    } finally {
      await server.stop('SIGKILL');
      await drop();
    }
  }, 90_000);
});

/** Two compiled instances on one PostgreSQL: a result saved through one reaches the subscribers of both. */
const onPostgres = testDatabaseKind() === 'postgres';
describe.skipIf(!onPostgres)('two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let instances: ServerProcess[] = [];
  const boss = { email: 'jefe-directo@example.com', password: 'clave-del-jefe' };

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('databaseTemplate'));
    const env = { DATABASE_URL: database.url, ADMIN_EMAIL: boss.email, ADMIN_PASSWORD: boss.password };
    instances = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await database?.drop();
  });

  it('both deliver a result saved on one of them to their subscribers', async () => {
    const [one, two] = instances as [ServerProcess, ServerProcess];
    const apiOne = createFactories(fetchTransport(one.base));
    const chief = await apiOne.signIn(boss);
    const creator = await apiOne.user({ name: 'Creadora' });
    const fan = await apiOne.user({ name: 'Aficionado' });
    const game = await apiOne.match(chief, { matchDate: new Date(Date.now() + 3_600_000).toISOString() });
    const shared = await apiOne.pool(creator, { players: [fan] });
    await apiOne.predict(fan, shared, game, 'draw');
    const onOne = await openLiveStream(one.base, fan.session.accessToken, shared.id);
    const onTwo = await openLiveStream(two.base, creator.session.accessToken, shared.id);
    await Promise.all([onOne.next((e) => e.kind === 'ready'), onTwo.next((e) => e.kind === 'ready')]);
    await apiOne.result(chief, game, 1, 1);
    for (const stream of [onOne, onTwo]) {
      await expect(stream.next((e) => e.kind === 'ranking', 2_000)).resolves.toMatchObject({ poolId: shared.id });
      stream.close();
    }
  });
});
