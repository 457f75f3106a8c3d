import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, Pool, SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import { openLiveStream, type LiveStream } from '#tests/support/live-stream';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The database raises a pool's ranking event from its standings rows (migration 0025,
 * docs/decisions/074-the-database-raises-the-ranking-event.md): every write that changes who is in a ranking or what
 * they have reaches the pool's open streams, once per write, with the ranking's new `lastUpdated` as its version;
 * a write that changes no standing raises none.
 */
let t: TestApp;
let base: string;
let admin: SignInResponse;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.createUser({ role: 'admin' });
});

afterAll(() => t.close());

const streams: LiveStream[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});

/** `member`'s open live stream of `pool`, past its `ready`. */
async function watch(member: SignInResponse, pool: Pool): Promise<LiveStream> {
  const stream = await openLiveStream(base, member.session.accessToken, pool.id);
  streams.push(stream);
  await stream.next((e) => e.kind === 'ready');
  return stream;
}

/**
 * The ranking events `stream` (of `pool`) heard from `write`: the events up to a wall message written after it,
 * which arrives after them (events come in commit order).
 */
async function rankingEventsOf(stream: LiveStream, pool: Pool, write: () => Promise<unknown>): Promise<LiveEvent[]> {
  const from = stream.events.length;
  await write();
  const [fence] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into pool_messages (pool_id, user_id, text) values (${pool.id}, ${pool.creatorId}, 'hasta aquí') returning id`,
  );
  await stream.next((e) => e.kind === 'wall' && e.messageId === fence!.id);
  return stream.events.slice(from).filter((e) => e.kind === 'ranking');
}

/** The one event a ranking change raises: the pool's ranking, at its `lastUpdated` now. */
async function rankingEventNow(viewer: SignInResponse, pool: Pool): Promise<LiveEvent[]> {
  const ranking = await t.injectAs(viewer.session.accessToken, { method: 'GET', url: `/api/leaderboard/pool/${pool.id}/ranking` });
  const { lastUpdated } = ranking.json<{ leaderboard: { lastUpdated: string | null } }>().leaderboard;
  expect(lastUpdated).not.toBeNull();
  return [{ kind: 'ranking', poolId: pool.id, version: Date.parse(lastUpdated!) }];
}

const as = (who: SignInResponse, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(who.session.accessToken, { method, url, ...(payload ? { payload } : {}) }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
  });

describe('a pool ranking event, raised by the database', () => {
  it('reaches the pool on a join, and no other pool', async () => {
    const [owner, joiner, stranger] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner);
    const otherPool = await t.api.pool(stranger);
    const [stream, elsewhere] = [await watch(owner, pool), await watch(stranger, otherPool)];
    expect(await rankingEventsOf(stream, pool, () => t.api.join(joiner, pool))).toEqual(await rankingEventNow(owner, pool));
    expect(await rankingEventsOf(elsewhere, otherPool, () => Promise.resolve())).toEqual([]);
  });

  it('reaches the pool on a write in the same millisecond as the one before: its time always follows the last one', async () => {
    const [owner, joiner] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner);
    const last = Date.parse('2100-01-01T00:00:00.000Z');
    await t.db.execute(sql`update pools set standings_updated_at = ${new Date(last).toISOString()}::timestamptz where id = ${pool.id}`);
    const stream = await watch(owner, pool);
    expect(await rankingEventsOf(stream, pool, () => t.api.join(joiner, pool))).toEqual([{ kind: 'ranking', poolId: pool.id, version: last + 1 }]);
    expect(await rankingEventNow(owner, pool)).toEqual([{ kind: 'ranking', poolId: pool.id, version: last + 1 }]);
  });

  it('reaches the pool on a removal by the creator: one event, however many standings rows it took', async () => {
    const [owner, player, removed] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player, removed] });
    const match = await t.api.match(admin, { matchDate: new Date(Date.now() + 3_600_000).toISOString() });
    await t.api.predict(removed, pool, match, 'home');
    await t.api.result(admin, match, 1, 0);
    const stream = await watch(owner, pool);
    // Their standing and their jornada's row both go: two statements, one event.
    expect(await rankingEventsOf(stream, pool, () => as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${removed.userProfile.id}`))).toEqual(
      await rankingEventNow(owner, pool),
    );
  });

  it('reaches the pool when a member leaves it, deleting their account', async () => {
    const [owner, leaving] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [leaving] });
    const stream = await watch(owner, pool);
    expect(await rankingEventsOf(stream, pool, () => as(leaving, 'DELETE', `/api/users/${leaving.userProfile.id}`))).toEqual(
      await rankingEventNow(owner, pool),
    );
  });

  it('reaches the pool on a rule change that moves the ranking (the creator starts or stops playing), not on one that moves none', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    const stream = await watch(player, pool);
    const rules = `/api/pools/${pool.id}/rules`;
    expect(await rankingEventsOf(stream, pool, () => as(owner, 'PUT', rules, { options: { creatorPlays: true } }))).toEqual(
      await rankingEventNow(player, pool),
    );
    expect(await rankingEventsOf(stream, pool, () => as(owner, 'PUT', rules, { options: { creatorPlays: false } }))).toEqual(
      await rankingEventNow(player, pool),
    );
    // Rules change only before the pool starts, when no pick has scored: the game's points move no standing.
    expect(await rankingEventsOf(stream, pool, () => as(owner, 'PUT', rules, { game: { mode: 'exactScore', preset: 'polla' } }))).toEqual([]);
  });

  it('reaches the pool on a result saved by an admin: one event for its standings and its jornada rows', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    const match = await t.api.match(admin, { matchDate: new Date(Date.now() + 3_600_000).toISOString() });
    await t.api.predict(player, pool, match, 'away');
    const stream = await watch(player, pool);
    expect(await rankingEventsOf(stream, pool, () => t.api.result(admin, match, 0, 2))).toEqual(await rankingEventNow(player, pool));
  });

  it('reaches the pool on a repair, in SQL or by the recompute, and not on a recompute that repairs nothing', async () => {
    const [owner, player] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player] });
    const stream = await watch(owner, pool);
    const { standings } = t.app.services.repositories;
    expect(await rankingEventsOf(stream, pool, () => standings.recompute([pool.id], new Date()))).toEqual([]);
    const repair = () => t.db.execute(sql`update standings set points = 7 where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`);
    expect(await rankingEventsOf(stream, pool, repair)).toEqual(await rankingEventNow(owner, pool));
    expect(await rankingEventsOf(stream, pool, () => standings.recompute([pool.id], new Date()))).toEqual(await rankingEventNow(owner, pool));
  });
});
