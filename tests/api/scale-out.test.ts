import pg from 'pg';
import type { Pool } from '#contract/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createFactories, fetchTransport, type Transport } from '#tests/support/factories';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';
import { startRoundRobinProxy, startServer, type ServerProcess } from '#tests/support/server-process';

/**
 * Two app instances on one PostgreSQL behind a round-robin proxy behave as one:
 * sessions, sign-out, rate limits, standings and the match list are shared (what an
 * instance keeps in memory is checked against the database's data versions on every
 * read). Only meaningful on PostgreSQL: the PGlite pass skips it.
 */
const onPostgres = testDatabaseKind() === 'postgres';
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let instances: ServerProcess[] = [];
let proxy: { base: string; close(): Promise<void> };
const bossAccount = { email: 'jefe@example.com', password: 'clave-del-jefe' };

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createPostgresDatabase(inject('databaseTemplate'));
  const env = { DATABASE_URL: database.url, ADMIN_EMAIL: bossAccount.email, ADMIN_PASSWORD: bossAccount.password, SIGNIN_MAX_FAILURES: '4' };
  instances = await Promise.all([startServer(env), startServer(env)]);
  proxy = await startRoundRobinProxy(instances.map((i) => i.base));
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await proxy.close();
  await Promise.all(instances.map((i) => i.stop()));
  await database.drop();
});

/** A call through the proxy: each lands on the next instance. */
const call: Transport = (method, url, body, token) => fetchTransport(proxy.base)(method, url, body, token);
const api = createFactories(call);

describe.skipIf(!onPostgres)('two instances behind a round-robin proxy', () => {
  it('share sessions and sign-out: every request lands on the other instance', async () => {
    const user = await api.user({ name: 'Ana' });
    for (let i = 0; i < 4; i += 1) expect((await call('GET', '/auth/profile', undefined, user.session.accessToken)).status).toBe(200);
    expect((await call('POST', '/auth/signout', undefined, user.session.accessToken)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await call('GET', '/auth/profile', undefined, user.session.accessToken)).status).toBe(401);
  });

  it('share the sign-in failure limit', async () => {
    const { email } = await api.signUp();
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await call('POST', '/auth/signin', { email, password: `mala-${i}` })).status);
    // SIGNIN_MAX_FAILURES=4 across both instances: the 5th attempt is refused wherever it lands.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('share standings and the match list: a result saved on one instance shows on the other at once', async () => {
    const boss = await api.signIn(bossAccount);
    const owner = await api.user({ name: 'Dueno' });
    const player = await api.user({ name: 'Jugadora' });
    const match = await api.match(boss, { weekNumber: 1, matchDate: '2099-01-01T20:00:00Z' });
    const pool = await api.pool(owner, { name: 'Escala', players: [player] });
    await api.predict(player, pool, match, 'away');
    // Both instances hold the ranking and the match list in memory before the result...
    const ranking = () => call('GET', `/api/leaderboard/pool/${pool.id}/ranking`, undefined, player.session.accessToken);
    const listed = async () => (await call('GET', '/api/matches', undefined, player.session.accessToken)).json.data.find((m: { id: number }) => m.id === match.id);
    for (let i = 0; i < 2; i += 1) {
      expect((await ranking()).json.leaderboard.positions[0].points).toBe(0);
      expect((await listed()).status).toBe('scheduled');
    }
    // Played: its kick-off moves to now with the result (a result is saved only after kick-off).
    const result = { status: 'finished', scoreHome: 0, scoreAway: 2, matchDate: new Date().toISOString() };
    expect((await call('PATCH', `/api/matches/${match.id}`, result, boss.session.accessToken)).status).toBe(200);
    // ...and neither serves it once the result is saved on one of them.
    for (let i = 0; i < 2; i += 1) {
      expect((await ranking()).json.leaderboard.positions).toMatchObject([{ position: 1, userId: player.userProfile.id, username: 'Jugadora', points: 3 }]);
      expect((await listed()).status).toBe('finished');
    }
  });

  it('answers every request that starts after a write on one instance with that write, while the other serves many at once', async () => {
    const [reader, writer] = instances as [ServerProcess, ServerProcess];
    const owner = await api.user({ name: 'Anfitriona' });
    const guest = await api.user({ name: 'Invitado' });
    const pool = await api.pool(owner, { name: 'Carrera' });
    const writeOnWriter = async (url: string, body?: object) => {
      const res = await fetch(writer.base + url, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.session.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status).toBe(200);
      return performance.now();
    };
    // Eight requests in flight at all times on the reader: its reads of the data versions overlap and are shared.
    const answers: { sentAt: number; answeredAt: number; status: number }[] = [];
    let reading = true;
    const readRanking = async () => {
      while (reading) {
        const sentAt = performance.now();
        const res = await fetch(`${reader.base}/api/leaderboard/pool/${pool.id}/ranking`, { headers: { authorization: `Bearer ${guest.session.accessToken}` } });
        await res.arrayBuffer();
        answers.push({ sentAt, answeredAt: performance.now(), status: res.status });
      }
    };
    const pause = () => new Promise((r) => setTimeout(r, 300));
    const readers = Array.from({ length: 8 }, readRanking);
    await pause();
    const joinSentAt = performance.now();
    const joinedAt = await writeOnWriter('/api/pools/join', { invitationCode: pool.invitationCode, userId: guest.userProfile.id });
    await pause();
    const signOutSentAt = performance.now();
    const signedOutAt = await writeOnWriter('/auth/signout');
    await pause();
    reading = false;
    await Promise.all(readers);

    // Sent after `from` and answered before `to`: a request still in flight when a write starts may see either side of it.
    const statusesBetween = (from: number, to: number) =>
      new Set(answers.filter((a) => a.sentAt > from && a.answeredAt < to).map((a) => a.status));
    // Not a member yet (the refusal is cached), a member from the join on, signed out from the sign-out on.
    expect(statusesBetween(-Infinity, joinSentAt)).toEqual(new Set([403]));
    expect(statusesBetween(joinedAt, signOutSentAt)).toEqual(new Set([200]));
    expect(statusesBetween(signedOutAt, Infinity)).toEqual(new Set([401]));
  });

  it('refuse on both instances, at once, what one instance revoked: a role, an account, a pool', async () => {
    // Every instance answers first, so each holds the session and the ranking in memory when the change is made.
    const onEach = async (url: string, token: string) => {
      const statuses = [];
      for (const instance of instances) statuses.push((await fetch(instance.base + url, { headers: { authorization: `Bearer ${token}` } })).status);
      return statuses;
    };
    const onFirst = async (method: string, url: string, token: string, body?: object) =>
      (
        await fetch(instances[0]!.base + url, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      ).status;
    const boss = await api.signIn(bossAccount);
    const deputy = await api.user({ name: 'Adjunta' });
    const owner = await api.user({ name: 'Creadora' });
    const player = await api.user({ name: 'Jugador' });
    const pool = await api.pool(owner, { name: 'Revocada', players: [player] });
    const ranking = `/api/leaderboard/pool/${pool.id}/ranking`;
    const bossProfile = `/api/users/${boss.userProfile.id}`;

    expect(await onFirst('PUT', `/api/users/${deputy.userProfile.id}/role`, boss.session.accessToken, { role: 'admin' })).toBe(200);
    expect(await onEach(bossProfile, deputy.session.accessToken)).toEqual([200, 200]);
    expect(await onEach(ranking, player.session.accessToken)).toEqual([200, 200]);

    // Each change is made on the first instance; the second answers from memory until it sees the new version.
    expect(await onFirst('PUT', `/api/users/${deputy.userProfile.id}/role`, boss.session.accessToken, { role: 'user' })).toBe(200);
    expect(await onEach(bossProfile, deputy.session.accessToken)).toEqual([403, 403]);

    expect(await onFirst('DELETE', `/api/users/${player.userProfile.id}`, boss.session.accessToken)).toBe(200);
    expect(await onEach(ranking, player.session.accessToken)).toEqual([401, 401]);
    expect(await onEach(ranking, owner.session.accessToken)).toEqual([200, 200]);

    expect(await onFirst('DELETE', `/api/pools/${pool.id}`, owner.session.accessToken)).toBe(200);
    expect(await onEach(ranking, owner.session.accessToken)).toEqual([404, 404]);
  });

  it('refuse at once what was revoked in the database by an instance that never announced it: a membership, a session', async () => {
    const owner = await api.user({ name: 'Cierre' });
    const player = await api.user({ name: 'Expulsada' });
    const pool = await api.pool(owner, { name: 'Sin aviso', players: [player] });
    const onEach = (url: string) =>
      Promise.all(instances.map(async (instance) => (await fetch(instance.base + url, { headers: { authorization: `Bearer ${player.session.accessToken}` } })).status));
    const ranking = `/api/leaderboard/pool/${pool.id}/ranking`;
    // Both instances hold the session and the ranking with its member list.
    expect(await onEach('/auth/profile')).toEqual([200, 200]);
    expect(await onEach(ranking)).toEqual([200, 200]);

    // Committed straight to the database, as by an instance that died before replacing the versions itself.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('delete from pool_participants where pool_id = $1 and user_id = $2', [pool.id, player.userProfile.id]);
      expect(await onEach(ranking)).toEqual([403, 403]);
      await client.query('delete from sessions where user_id = $1', [player.userProfile.id]);
      expect(await onEach('/auth/profile')).toEqual([401, 401]);
    } finally {
      await client.end();
    }
  });

  it("share each user's lists: a join, a pick, an edit and a removal made on one instance show on both at once", async () => {
    // docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md: the lists are cached by the user's version.
    const boss = await api.signIn(bossAccount);
    const owner = await api.user({ name: 'Listas' });
    const player = await api.user({ name: 'Lectora' });
    const match = await api.match(boss, { weekNumber: 1, matchDate: '2099-02-01T20:00:00Z' });
    const pool = await api.pool(owner, { name: 'Listada' });
    const read = (url: string, who = player) =>
      Promise.all(
        instances.map(async (instance) => {
          const res = await fetch(instance.base + url, { headers: { authorization: `Bearer ${who.session.accessToken}` } });
          const json: any = res.status === 200 ? await res.json() : undefined;
          return { status: res.status, json };
        }),
      );
    const onFirst = async (method: string, url: string, who: typeof player, body?: object) =>
      (
        await fetch(instances[0]!.base + url, {
          method,
          headers: { authorization: `Bearer ${who.session.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      ).status;
    const joinedIds = async () => (await read(`/api/pools/user/${player.userProfile.id}/joined`)).map((r) => r.json.data.pools.map((p: Pool) => p.id));
    const ownedCounts = async () =>
      (await read(`/api/pools/user/${owner.userProfile.id}/owned`, owner)).map((r) => r.json.data.pools.find((p: Pool) => p.id === pool.id)?.currentParticipants);
    const pickCount = async () => (await read(`/api/predictions/user/${player.userProfile.id}`)).map((r) => r.json.data.length);
    const detailNames = async () => (await read(`/api/pools/${pool.id}`)).map((r) => r.json?.data.name ?? r.status);

    // Both instances hold every list before each write.
    expect(await joinedIds()).toEqual([[], []]);
    expect(await ownedCounts()).toEqual([0, 0]);
    expect(await pickCount()).toEqual([0, 0]);
    expect(await detailNames()).toEqual([403, 403]);

    expect(await onFirst('POST', '/api/pools/join', player, { invitationCode: pool.invitationCode, userId: player.userProfile.id })).toBe(200);
    expect(await joinedIds()).toEqual([[pool.id], [pool.id]]);
    expect(await ownedCounts()).toEqual([1, 1]);
    expect(await detailNames()).toEqual(['Listada', 'Listada']);

    expect(await onFirst('POST', '/api/predictions', player, { userId: player.userProfile.id, poolId: pool.id, matchId: match.id, prediction: 'home' })).toBe(201);
    expect(await pickCount()).toEqual([1, 1]);

    expect(await onFirst('PATCH', `/api/pools/${pool.id}`, owner, { name: 'Renombrada' })).toBe(200);
    expect(await detailNames()).toEqual(['Renombrada', 'Renombrada']);

    expect(await onFirst('DELETE', `/api/pools/${pool.id}/participants/${player.userProfile.id}`, owner)).toBe(200);
    expect(await joinedIds()).toEqual([[], []]);
    expect(await ownedCounts()).toEqual([0, 0]);
    expect(await pickCount()).toEqual([0, 0]);
    expect(await detailNames()).toEqual([403, 403]);
  });

  it('drains in-flight requests on SIGTERM', async () => {
    const [first] = instances;
    const email = (i: number) => `drain-${Date.now()}-${i}@example.com`;
    // Sign-ups hash a password (tens of ms): some are in flight when the signal arrives.
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      fetch(`${first!.base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Drenaje', email: email(i), password: 'clave-drenaje' }),
      }).then((r) => r.status),
    );
    // Long enough for every request to reach the server, short of their answers.
    await new Promise((r) => setTimeout(r, 100));
    const exit = first!.stop('SIGTERM');
    // Every request that reached the instance is answered as if nothing happened: none is cut off or told 503.
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual(Array.from({ length: 8 }, () => 201));
    expect(await exit).toBe(0);
  });
});
