import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match, Pool, SignInResponse, Team } from '#contract/index';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Hot reads (sessions, the match list, rankings) are answered from memory, once per version of their data:
 * every write that changes the data must show on the very next read, and a cached answer never reaches
 * someone the uncached one would refuse. Each kind of write is made here once, cache warm, through the API; and
 * some straight in the database, which moves the versions itself (tests/api/data-version-triggers.test.ts has
 * every table).
 */
let t: TestApp;
let admin: SignInResponse;
let home: Team;
let away: Team;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  home = await t.api.team(admin, { name: 'Caché FC' });
  away = await t.api.team(admin, { name: 'Memoria CF' });
});
afterAll(() => t.close());

function as(who: SignInResponse, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.injectAs(who.session.accessToken, { method, url, headers, ...(payload ? { payload } : {}) });
}

const newMatch = () => t.api.match(admin, { matchDate: '2099-03-01T20:00:00Z', homeTeamId: home.id, awayTeamId: away.id });

const rankingOf = (who: SignInResponse, pool: Pool, headers: Record<string, string> = {}) =>
  as(who, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`, undefined, headers);

const listedMatch = async (who: SignInResponse, id: number): Promise<Match | undefined> =>
  (await as(who, 'GET', '/api/matches')).json().data.find((m: Match) => m.id === id);

const pointsOf = async (reader: SignInResponse, pool: Pool, player: SignInResponse): Promise<number | undefined> =>
  (await rankingOf(reader, pool)).json().leaderboard.positions.find((p: { userId: number }) => p.userId === player.userProfile.id)?.points;

describe('the match list', () => {
  it('answers a plain GET with the whole list every time, and shows deletions at once', async () => {
    const match = await newMatch();
    const user = await t.createUser();
    const first = await as(user, 'GET', '/api/matches');
    const second = await as(user, 'GET', '/api/matches');
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(second.json().data.map((m: Match) => m.id)).toContain(match.id);

    expect((await as(admin, 'DELETE', `/api/matches/${match.id}`)).statusCode).toBe(200);
    const after = await as(user, 'GET', '/api/matches', undefined, { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((m: Match) => m.id)).not.toContain(match.id);
  });

  it('shows a new match, an edit and a result at once', async () => {
    const user = await t.createUser();
    expect((await as(user, 'GET', '/api/matches')).statusCode).toBe(200);
    const match = await newMatch();
    expect(await listedMatch(user, match.id)).toMatchObject({ id: match.id, status: 'scheduled' });

    await t.api.updateMatch(admin, match, { matchDate: '2099-03-02T18:00:00Z' });
    expect(Date.parse((await listedMatch(user, match.id))!.matchDate)).toBe(Date.parse('2099-03-02T18:00:00Z'));

    await t.api.result(admin, match, 2, 0);
    expect(await listedMatch(user, match.id)).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 0 });
  });
});

describe('sessions', () => {
  it('refuse a signed-out token on the very next request', async () => {
    const user = await t.createUser();
    expect((await as(user, 'GET', '/auth/profile')).statusCode).toBe(200);
    expect((await as(user, 'POST', '/auth/signout')).statusCode).toBe(200);
    expect((await as(user, 'GET', '/auth/profile')).statusCode).toBe(401);
    expect((await as(user, 'GET', '/api/matches')).statusCode).toBe(401);
  });

  it('carry a role change, a new name and an account deletion into the next request', async () => {
    const user = await t.createUser({ name: 'Antes' });
    expect((await as(user, 'GET', '/auth/profile')).json().data).toMatchObject({ name: 'Antes', role: 'user' });

    expect((await as(admin, 'PUT', `/api/users/${user.userProfile.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await as(user, 'GET', '/auth/profile')).json().data.role).toBe('admin');
    expect((await as(user, 'GET', '/api/users/999999')).statusCode).toBe(404);
    expect((await as(admin, 'PUT', `/api/users/${user.userProfile.id}/role`, { role: 'user' })).statusCode).toBe(200);
    expect((await as(user, 'PUT', `/api/users/${admin.userProfile.id}/role`, { role: 'user' })).statusCode).toBe(403);

    expect((await as(user, 'PATCH', `/api/users/${user.userProfile.id}`, { name: 'Después' })).statusCode).toBe(200);
    expect((await as(user, 'GET', '/auth/profile')).json().data.name).toBe('Después');

    expect((await as(admin, 'DELETE', `/api/users/${user.userProfile.id}`)).statusCode).toBe(200);
    expect((await as(user, 'GET', '/auth/profile')).statusCode).toBe(401);
  });

  it('never answer one token with another token\'s user', async () => {
    const [ana, bea] = [await t.createUser({ name: 'Ana' }), await t.createUser({ name: 'Bea' })];
    for (let i = 0; i < 3; i += 1) {
      expect((await as(ana, 'GET', '/auth/profile')).json().data.id).toBe(ana.userProfile.id);
      expect((await as(bea, 'GET', '/auth/profile')).json().data.id).toBe(bea.userProfile.id);
    }
  });
});

describe('a pool ranking', () => {
  it('is for members, the creator and admins only, cached or not, 304 included', async () => {
    const [owner, player, stranger] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    const warm = await rankingOf(player, pool);
    expect(warm.statusCode).toBe(200);
    const etag = warm.headers.etag as string;

    expect((await rankingOf(stranger, pool)).statusCode).toBe(403);
    expect((await rankingOf(stranger, pool, { 'if-none-match': etag })).statusCode).toBe(403);
    expect((await rankingOf(owner, pool)).body).toBe(warm.body);
    expect((await rankingOf(admin, pool)).body).toBe(warm.body);
    const unchanged = await rankingOf(player, pool, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await as(player, 'GET', '/api/leaderboard/pool/999999/ranking')).statusCode).toBe(404);

    // Joining makes the stranger a member on the next read; the ranking counts them.
    await t.api.join(stranger, pool);
    const joined = await rankingOf(stranger, pool, { 'if-none-match': etag });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().pool.currentParticipants).toBe(2);
    expect(joined.json().leaderboard.positions.map((p: { userId: number }) => p.userId)).toContain(stranger.userProfile.id);
  });

  it('shows a saved result, a pool edit, a renamed player, a removed player and a deleted pool at once', async () => {
    const [owner, player, other] = [await t.createUser(), await t.createUser({ name: 'Jugadora' }), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player, other] });
    const match = await newMatch();
    await t.api.predict(player, pool, match, 'away');
    const points = async () =>
      (await rankingOf(owner, pool)).json().leaderboard.positions.find((p: { userId: number }) => p.userId === player.userProfile.id)?.points;
    expect(await points()).toBe(0);

    await t.api.result(admin, match, 0, 1);
    expect(await points()).toBe(3);

    expect((await as(owner, 'PATCH', `/api/pools/${pool.id}`, { name: 'Renombrada' })).statusCode).toBe(200);
    expect((await rankingOf(owner, pool)).json().pool.name).toBe('Renombrada');

    expect((await as(player, 'PATCH', `/api/users/${player.userProfile.id}`, { name: 'Campeona' })).statusCode).toBe(200);
    const renamed = (await rankingOf(owner, pool)).json().leaderboard.positions.find((p: { userId: number }) => p.userId === player.userProfile.id);
    expect(renamed.username).toBe('Campeona');

    expect((await as(other, 'GET', `/api/leaderboard/pool/${pool.id}/round/${match.weekNumber}`)).statusCode).toBe(200);
    expect((await as(admin, 'DELETE', `/api/users/${other.userProfile.id}`)).statusCode).toBe(200);
    expect((await rankingOf(owner, pool)).json().pool.currentParticipants).toBe(1);

    expect((await as(owner, 'DELETE', `/api/pools/${pool.id}`)).statusCode).toBe(200);
    expect((await rankingOf(owner, pool)).statusCode).toBe(404);
  });

  it('shows a pick an admin deleted and a recompute at once', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();
    const pick = await t.api.predict(player, pool, match, 'home');
    await t.api.result(admin, match, 1, 0);
    expect(await pointsOf(owner, pool, player)).toBe(3);

    expect((await as(admin, 'DELETE', `/api/predictions/${pick.id}`)).statusCode).toBe(200);
    expect(await pointsOf(owner, pool, player)).toBe(0);

    // Stored standings gone wrong (straight in the database, read and cached as they are), then repaired.
    await t.db.execute(sql`update standings set points = 99 where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`);
    expect(await pointsOf(owner, pool, player)).toBe(99);
    expect((await as(owner, 'POST', '/api/leaderboard/update-all')).statusCode).toBe(200);
    expect(await pointsOf(owner, pool, player)).toBe(0);
  });
});

describe('writes straight in the database', () => {
  it('show on the next read: no write path has to say what it changed', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const match = await newMatch();
    expect((await listedMatch(player, match.id))?.round).toBe(match.round);
    await t.db.execute(sql`update matches set round = 'Jornada directa' where id = ${match.id}`);
    expect((await listedMatch(player, match.id))?.round).toBe('Jornada directa');

    const pool = await t.api.pool(owner, { players: [player] });
    expect(await pointsOf(owner, pool, player)).toBe(0);
    await t.db.execute(sql`update standings set points = 42 where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`);
    expect(await pointsOf(owner, pool, player)).toBe(42);
    await t.db.execute(sql`delete from pool_participants where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`);
    expect((await rankingOf(player, pool)).statusCode).toBe(403);

    expect((await as(player, 'GET', '/auth/profile')).statusCode).toBe(200);
    await t.db.execute(sql`update users set name = 'Renombrada en la base' where id = ${player.userProfile.id}`);
    expect((await as(player, 'GET', '/auth/profile')).json().data.name).toBe('Renombrada en la base');
    await t.db.execute(sql`delete from sessions where user_id = ${player.userProfile.id}`);
    expect((await as(player, 'GET', '/auth/profile')).statusCode).toBe(401);
  });
});
