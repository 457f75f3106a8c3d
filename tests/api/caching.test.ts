import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Match, Pool, Prediction, SignInResponse, Team } from '#contract/index';
import { testAppPerFile, type TestApp } from '#tests/support/test-app';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * Hot reads (sessions, the match list, rankings, the lists a user opens on every start) are answered from memory,
 * once per version of their data (the lists: of their user, docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md):
 * every write that changes the data must show on the very next read, and a cached answer never reaches
 * someone the uncached one would refuse. Each kind of write is made here once, cache warm, through the API; and
 * some straight in the database, which moves the versions itself (tests/api/data-version-triggers.test.ts has
 * every table).
 */
const t = testAppPerFile();
let admin: SignInResponse;
let home: Team;
let away: Team;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  home = await t.api.team(admin, { name: 'Caché FC' });
  away = await t.api.team(admin, { name: 'Memoria CF' });
});

const as: TestApp['as'] = (...request) => t.as(...request);

const newMatch = () => t.api.match(admin, { matchDate: '2099-03-01T20:00:00Z', homeTeamId: home.id, awayTeamId: away.id });

const rankingOf = (who: SignInResponse, pool: Pool, headers: Record<string, string> = {}) =>
  as(who, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`, undefined, headers);

const listedMatch = async (who: SignInResponse, id: number): Promise<Match | undefined> =>
  (await as(who, 'GET', '/api/matches')).json().data.find((m: Match) => m.id === id);

const pointsOf = async (reader: SignInResponse, pool: Pool, player: SignInResponse): Promise<number | undefined> =>
  (await rankingOf(reader, pool)).json().leaderboard.positions.find((p: { userId: number }) => p.userId === player.userProfile.id)?.points;

/** A new creator's pool with a new player, and a new account that is neither. */
async function poolAndStranger() {
  const [owner, player, stranger] = [await t.createUser(), await t.createUser(), await t.createUser()];
  const pool = await t.api.pool(owner, { players: [player] });
  return { owner, player, stranger, pool };
}

/** A first read, answered 200: the answer, and its ETag to ask again with. */
async function firstRead(read: ReturnType<TestApp['as']>) {
  const warm = await read;
  expect(warm.statusCode).toBe(200);
  return { warm, etag: warm.headers.etag as string };
}

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
    const { owner, player, stranger, pool } = await poolAndStranger();
    const { warm, etag } = await firstRead(rankingOf(player, pool));

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

/** The lists a user opens on every start (tests/api/scale-out.test.ts has them across two instances). */
const ok = async (reply: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const answer = await reply;
  expect(answer.statusCode, answer.body).toBe(status);
};

const joined = async (who: SignInResponse, of = who): Promise<Pool[]> =>
  (await as(who, 'GET', `/api/pools/user/${of.userProfile.id}/joined`)).json().data.pools;
const owned = async (who: SignInResponse, of = who): Promise<Pool[]> =>
  (await as(who, 'GET', `/api/pools/user/${of.userProfile.id}/owned`)).json().data.pools;
const picks = async (who: SignInResponse): Promise<Prediction[]> =>
  (await as(who, 'GET', `/api/predictions/user/${who.userProfile.id}`)).json().data;
const detail = (who: SignInResponse, pool: Pool) => as(who, 'GET', `/api/pools/${pool.id}`);
const inList = (list: Pool[], pool: Pool) => list.find((p) => p.id === pool.id);

describe('joined and owned pools', () => {
  it('show a join, an edit, new rules, a removal and a deletion at once, to the creator and every member', async () => {
    const [owner, player, joiner] = [await t.createUser(), await t.createUser(), await t.createUser()];
    expect(await owned(owner)).toEqual([]);
    const pool = await t.api.pool(owner, { players: [player] });
    expect(inList(await owned(owner), pool)).toMatchObject({ currentParticipants: 1 });
    expect(inList(await joined(player), pool)).toMatchObject({ currentParticipants: 1 });

    await t.api.join(joiner, pool);
    expect(inList(await owned(owner), pool)?.currentParticipants).toBe(2);
    expect(inList(await joined(player), pool)?.currentParticipants).toBe(2);
    expect(inList(await joined(joiner), pool)?.currentParticipants).toBe(2);

    await ok(as(owner, 'PATCH', `/api/pools/${pool.id}`, { name: 'Renombrada', isClose: true }));
    expect(inList(await joined(player), pool)).toMatchObject({ name: 'Renombrada', isClose: true });
    expect(inList(await owned(owner), pool)).toMatchObject({ name: 'Renombrada', isClose: true });

    await ok(as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { editUntilKickoff: true, closeMinutesBefore: 10 } }));
    expect(inList(await joined(player), pool)?.options).toMatchObject({ editUntilKickoff: true, closeMinutesBefore: 10 });
    expect(inList(await owned(owner), pool)?.options).toMatchObject({ editUntilKickoff: true, closeMinutesBefore: 10 });

    await ok(as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${joiner.userProfile.id}`));
    expect(inList(await joined(joiner), pool)).toBeUndefined();
    expect(inList(await joined(player), pool)?.currentParticipants).toBe(1);

    await ok(as(admin, 'DELETE', `/api/pools/${pool.id}`));
    expect(inList(await joined(player), pool)).toBeUndefined();
    expect(inList(await owned(owner), pool)).toBeUndefined();
  });

  it("show a creator who plays in their owned pools only, and a deleted member's place given back", async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    expect(await joined(owner)).toEqual([]);
    await ok(as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { creatorPlays: true } }));
    expect(await joined(owner)).toEqual([]);
    expect(inList(await owned(owner), pool)?.currentParticipants).toBe(2);
    expect(inList(await joined(player), pool)?.currentParticipants).toBe(2);

    await ok(as(admin, 'DELETE', `/api/users/${player.userProfile.id}`));
    expect(inList(await owned(owner), pool)?.currentParticipants).toBe(1);
  });

  it("are the user's own (an admin reads anyone's), cached or not, 304 included", async () => {
    const [owner, player, stranger] = [await t.createUser(), await t.createUser(), await t.createUser()];
    await t.api.pool(owner, { players: [player] });
    for (const list of ['joined', 'owned']) {
      for (const of of [owner, player]) {
        const url = `/api/pools/user/${of.userProfile.id}/${list}`;
        const { warm, etag } = await firstRead(as(of, 'GET', url));
        expect((await as(stranger, 'GET', url)).statusCode).toBe(403);
        expect((await as(stranger, 'GET', url, undefined, { 'if-none-match': etag })).statusCode).toBe(403);
        expect((await as(admin, 'GET', url)).body).toBe(warm.body);
        const unchanged = await as(of, 'GET', url, undefined, { 'if-none-match': etag });
        expect(unchanged.statusCode).toBe(304);
        expect(unchanged.body).toBe('');
      }
    }
  });
});

describe('one look at the database a request', () => {
  // On PostgreSQL each request waits for a read of the versions that started after it arrived (decision 020); the
  // session's read brings the version of the user it already knows, so their list waits for no second read.
  it.skipIf(testDatabaseKind() !== 'postgres')("reads a known token's user's version with the sessions'", async () => {
    const user = await t.createUser();
    const { versions } = t.app.services;
    const catchUp = versions.catchUp.bind(versions);
    const waits: (number | undefined)[] = [];
    versions.catchUp = (since, of) => {
      const waiting = catchUp(since, of);
      if (waiting) waits.push(of);
      return waiting;
    };
    try {
      for (const list of ['joined', 'owned']) {
        const url = `/api/pools/user/${user.userProfile.id}/${list}`;
        expect((await as(user, 'GET', url)).statusCode).toBe(200);
      }
    } finally {
      versions.catchUp = catchUp;
    }
    // The first request learns whose token it is (the session's read, then the list's); the second reads both at once.
    expect(waits).toEqual([undefined, user.userProfile.id, user.userProfile.id]);
  });
});

describe("a pool's detail", () => {
  it('shows a join, an edit, new rules and its start at once; a removed member and a deleted pool are refused', async () => {
    const [owner, player, joiner] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const match = await newMatch();
    const pool = await t.api.pool(owner, { players: [player] });
    const seen = async (who: SignInResponse) => (await detail(who, pool)).json().data;
    expect(await seen(player)).toMatchObject({ id: pool.id, currentParticipants: 1, started: false });
    expect(await seen(owner)).toMatchObject({ currentParticipants: 1 });

    await t.api.join(joiner, pool);
    expect((await seen(player)).currentParticipants).toBe(2);
    expect((await seen(owner)).currentParticipants).toBe(2);

    await ok(as(owner, 'PATCH', `/api/pools/${pool.id}`, { description: 'Otra descripción' }));
    expect((await seen(player)).description).toBe('Otra descripción');

    await ok(as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { lateJoiners: 'lowest' } }));
    expect((await seen(player)).options.lateJoiners).toBe('lowest');

    // Its first match, picked, kicks off (an admin moves it into the past): the pool has started.
    await t.api.predict(player, pool, match, 'home');
    expect((await seen(player)).started).toBe(false);
    await t.api.updateMatch(admin, match, { matchDate: '2020-01-01T20:00:00Z' });
    expect((await seen(player)).started).toBe(true);

    await ok(as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${joiner.userProfile.id}`));
    expect((await detail(joiner, pool)).statusCode).toBe(403);
    expect((await seen(player)).currentParticipants).toBe(1);

    await ok(as(owner, 'DELETE', `/api/pools/${pool.id}`));
    expect((await detail(player, pool)).statusCode).toBe(404);
    expect((await detail(owner, pool)).statusCode).toBe(404);
  });

  it("is for members, the creator and admins only, cached or not, 304 included; an admin sees others' writes", async () => {
    const { owner, player, stranger, pool } = await poolAndStranger();
    const { warm, etag } = await firstRead(detail(player, pool));
    expect((await detail(stranger, pool)).statusCode).toBe(403);
    expect((await as(stranger, 'GET', `/api/pools/${pool.id}`, undefined, { 'if-none-match': etag })).statusCode).toBe(403);
    expect((await detail(owner, pool)).body).toBe(warm.body);
    expect((await detail(admin, pool)).body).toBe(warm.body);
    expect((await as(player, 'GET', `/api/pools/${pool.id}`, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await as(player, 'GET', '/api/pools/999999')).statusCode).toBe(404);

    // Joining makes the stranger a member on the next read.
    await t.api.join(stranger, pool);
    expect((await detail(stranger, pool)).json().data.currentParticipants).toBe(2);
    // An admin in none of the pool's lists sees its edits too.
    await ok(as(owner, 'PATCH', `/api/pools/${pool.id}`, { name: 'Vista por el admin' }));
    expect((await detail(admin, pool)).json().data).toMatchObject({ name: 'Vista por el admin', currentParticipants: 2 });
  });
});

describe("a user's picks", () => {
  it('show a pick, a changed pick, the comodín, an admin deletion and a removal from the pool at once', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, {
      players: [player],
      game: { mode: 'outcome', joker: true, knockoutFromWeek: null },
      options: { editUntilKickoff: true, closeMinutesBefore: 0, creatorPlays: false, lateJoiners: 'zero' },
    });
    const [first, second] = [await newMatch(), await newMatch()];
    expect(await picks(player)).toEqual([]);

    const pick = await t.api.predict(player, pool, first, 'home');
    expect(await picks(player)).toMatchObject([{ id: pick.id, prediction: 'home', joker: false }]);

    await ok(as(player, 'POST', '/api/predictions', { userId: player.userProfile.id, poolId: pool.id, matchId: first.id, prediction: 'away' }));
    expect(await picks(player)).toMatchObject([{ id: pick.id, prediction: 'away' }]);

    await t.api.joker(player, pool, first);
    expect(await picks(player)).toMatchObject([{ id: pick.id, joker: true }]);

    const other = await t.api.predict(player, pool, second, 'draw');
    expect((await picks(player)).map((p) => p.id).sort()).toEqual([pick.id, other.id].sort());
    await ok(as(admin, 'DELETE', `/api/predictions/${other.id}`));
    expect((await picks(player)).map((p) => p.id)).toEqual([pick.id]);

    await ok(as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${player.userProfile.id}`));
    expect(await picks(player)).toEqual([]);
  });

  it("are the user's own (an admin reads anyone's kicked-off ones), cached or not, 304 included", async () => {
    const { player, stranger, pool } = await poolAndStranger();
    await t.api.predict(player, pool, await newMatch(), 'home');
    const url = `/api/predictions/user/${player.userProfile.id}`;
    const warm = await as(player, 'GET', url);
    const etag = warm.headers.etag as string;
    expect((await as(stranger, 'GET', url)).statusCode).toBe(403);
    expect((await as(stranger, 'GET', url, undefined, { 'if-none-match': etag })).statusCode).toBe(403);
    // The pick's match is still to come: an admin, who may play too, does not see it.
    expect((await as(admin, 'GET', url)).json().data).toEqual([]);
    expect((await as(player, 'GET', '/api/predictions')).body).toBe(warm.body);
    expect((await as(player, 'GET', url, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another user's pick moves nothing of this list: still 304.
    await t.api.join(stranger, pool);
    await t.api.predict(stranger, pool, await newMatch(), 'home');
    expect((await as(player, 'GET', url, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('the lists, written straight in the database', () => {
  it('show on the next read of every list: no write path has to say what it changed', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await newMatch();
    await t.api.predict(player, pool, match, 'home');
    expect(inList(await joined(player), pool)).toBeDefined();
    expect((await detail(player, pool)).json().data.name).toBe(pool.name);
    expect(await picks(player)).toHaveLength(1);

    await t.db.execute(sql`update pools set name = 'En la base' where id = ${pool.id}`);
    expect(inList(await joined(player), pool)?.name).toBe('En la base');
    expect(inList(await owned(owner), pool)?.name).toBe('En la base');
    expect((await detail(player, pool)).json().data.name).toBe('En la base');

    await t.db.execute(sql`update predictions set prediction = 'draw' where user_id = ${player.userProfile.id}`);
    expect((await picks(player))[0]?.prediction).toBe('draw');

    await t.db.execute(sql`delete from pool_participants where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`);
    expect(inList(await joined(player), pool)).toBeUndefined();
    expect((await detail(player, pool)).statusCode).toBe(403);
    await t.db.execute(sql`delete from predictions where user_id = ${player.userProfile.id}`);
    expect(await picks(player)).toEqual([]);
  });
});
