import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseCalendarLink, LiveEvent, Match, Pool, PoolResults, PushPayload, SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import { createPushSubscriptionsRepository } from '#server/modules/reminders/push-subscriptions.repository';
import { unique } from '#tests/support/factories';
import { at } from '#tests/support/first-kickoff';
import { openLiveStream, type LiveStream } from '#tests/support/live-stream';
import { decryptPush, e2ePushTls, newBrowserKeys, startPushService, type BrowserKeys, type PushService } from '#tests/support/push-service';
import { API_PUSH_TLS, newScheduler } from '#tests/support/scheduler';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * A La Quiniela pool plays its boletos' matches everywhere a pool's matches are counted (`poolPlaysMatchSql`,
 * docs/decisions/082-modo-la-quiniela.md): the missing-picks reminders of a boleto ahead, the close calendar (one
 * event per boleto), Resultados (the boleto as its jornada), when the pool has started, and the live channel's match
 * events; never a match of the same competition that is on none of its boletos.
 */
let now = at(-30);
let t: TestApp;
let base: string;
let pushService: PushService;
let [admin, owner, ana, bea] = [] as SignInResponse[] as [SignInResponse, SignInResponse, SignInResponse, SignInResponse];
let pool: Pool;
let boleto: Match[];
/** A match of the boleto's competition and week, kicking off before it, on none of the pool's boletos. */
let outside: Match;
const browsers = new Map<string, BrowserKeys>();
const streams: LiveStream[] = [];

beforeAll(async () => {
  pushService = await startPushService(e2ePushTls(API_PUSH_TLS));
  t = await createTestApp({ clock: () => now });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [admin, owner, ana, bea] = await Promise.all([
    t.createUser({ role: 'admin' }),
    t.createUser({ name: 'Olga' }),
    t.createUser({ name: 'Ana' }),
    t.createUser({ name: 'Bea' }),
  ]);
  const competition = `Segunda ${unique()}`;
  outside = await t.api.match(admin, { competition, weekNumber: 7, matchDate: at(-10).toISOString() });
  boleto = [];
  for (let i = 0; i < 15; i++) {
    boleto.push(await t.api.match(admin, { competition, weekNumber: 7 + (i % 2), round: `Matchday ${7 + (i % 2)}`, matchDate: at(2 * i).toISOString() }));
  }
  pool = await t.api.pool(owner, { name: 'Peña del 15', game: { mode: 'laQuiniela', joker: false, knockoutFromWeek: null }, players: [ana, bea] });
  const composed = await t.as(owner, 'PUT', `/api/pools/${pool.id}/boletos/1`, { matchIds: boleto.map((m) => m.id) });
  expect(composed.statusCode, composed.body).toBe(200);
  // Ana misses three lines (13, 14 and the Pleno); Bea has the whole boleto.
  for (const match of boleto.slice(0, 12)) await t.api.predict(ana, pool, match, 'home');
  for (const match of boleto.slice(0, 14)) await t.api.predict(bea, pool, match, 'home');
  await t.api.predict(bea, pool, boleto[14]!, { scoreHome: 3, scoreAway: 1 });
  for (const who of [owner, ana, bea]) {
    const browser = newBrowserKeys();
    browsers.set(`/u${who.userProfile.id}`, browser);
    await createPushSubscriptionsRepository(t.db).upsert(who.userProfile.id, { endpoint: `${pushService.url}/u${who.userProfile.id}`, keys: browser.keys });
  }
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
  await pushService.close();
});

/** What each browser was pushed since the last call, by user name. */
function takePushes(): Record<string, PushPayload[]> {
  const names = new Map([owner, ana, bea].map((who) => [`/u${who.userProfile.id}`, who.userProfile.name]));
  const byUser: Record<string, PushPayload[]> = {};
  for (const push of pushService.received.splice(0)) {
    (byUser[names.get(push.path) ?? push.path] ??= []).push(decryptPush(push.body, browsers.get(push.path)!) as PushPayload);
  }
  return byUser;
}

describe('a La Quiniela pool counts its boleto’s matches', () => {
  it('reminds the players who miss picks of a boleto 24 hours and an hour before its first kick-off', async () => {
    now = at(-30);
    expect((await newScheduler(t, () => now).tick()).pools.missingPicks).toBe(0);
    now = at(-23);
    expect((await newScheduler(t, () => now).tick()).pools.missingPicks).toBe(1);
    const pushed = takePushes();
    expect(Object.keys(pushed)).toEqual(['Ana']);
    expect(pushed.Ana?.map(({ tag, body }) => [tag, body])).toEqual([[`picks-${pool.id}-1`, 'Te faltan 3 pronósticos en «Peña del 15» · El boleto 1 empieza a las 21:00']]);
    now = at(-0.5);
    const scheduler = newScheduler(t, () => now);
    expect((await scheduler.tick()).pools.missingPicks).toBe(1);
    expect(takePushes().Ana?.map((push) => push.body)).toEqual(['Te faltan 3 pronósticos en «Peña del 15» · El boleto 1 empieza a las 21:00']);
    expect((await scheduler.tick()).pools.missingPicks).toBe(0);
    // Kicked off: the boleto is no longer ahead.
    now = at(0.5);
    expect((await newScheduler(t, () => now).tick()).pools.missingPicks).toBe(0);
    expect(takePushes()).toEqual({});
  });

  it('has one event per boleto in its close calendar, at the boleto’s first kick-off, and none for other matches', async () => {
    now = at(-30);
    const link = await t.as(ana, 'GET', `/api/pools/${pool.id}/calendar`);
    expect(link.statusCode, link.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: new URL(link.json<{ data: CloseCalendarLink }>().data.url).pathname });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.body.replace(/\r\n /g, '').split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toContain(`UID:cierre-${pool.id}-1@`);
    expect(events[0]).toContain('DTSTART:20261202T200000Z');
    expect(events[0]).toContain('SUMMARY:Cierre: Boleto 1 · Peña del 15');
  });

  it('starts at the boleto’s first kick-off, and shows the boleto in Resultados from then, with the player’s picks', async () => {
    now = at(-1);
    const before = await t.as(ana, 'GET', `/api/pools/${pool.id}`);
    expect(before.json().data.started).toBe(false);
    expect((await t.as(ana, 'GET', `/api/predictions/pool/${pool.id}/results`)).json<{ data: PoolResults }>().data.jornadas).toEqual([]);
    now = at(1);
    await t.api.result(admin, outside, 0, 0);
    await t.api.result(admin, boleto[0]!, 2, 0);
    expect((await t.as(ana, 'GET', `/api/pools/${pool.id}`)).json().data.started).toBe(true);
    // Under way: no jornada result to tell yet.
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(0);
    const res = await t.as(ana, 'GET', `/api/predictions/pool/${pool.id}/results`);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<{ data: PoolResults }>().data;
    expect(results.jornadas).toEqual([{ weekNumber: 1, label: 'Boleto 1', finished: 1, live: 0, started: 0 }]);
    expect(results.weekNumber).toBe(1);
    expect(results.matches.map((m) => m.id)).toEqual(boleto.map((m) => m.id));
    expect(results.matches.map((m) => m.ownPick)).toEqual([...Array<string>(12).fill('home'), null, null, null]);
  });

  it('hears on its live channel the boleto’s matches, and not the other matches of their competition', async () => {
    const stream = await openLiveStream(base, ana.session.accessToken, pool.id);
    streams.push(stream);
    await stream.next((e) => e.kind === 'ready');
    const heard = async (write: () => Promise<unknown>): Promise<LiveEvent[]> => {
      const from = stream.events.length;
      await write();
      const [fence] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into pool_messages (pool_id, user_id, text) values (${pool.id}, ${ana.userProfile.id}, 'hasta aquí') returning id`,
      );
      await stream.next((e) => e.kind === 'wall' && e.messageId === fence!.id);
      return stream.events.slice(from).filter((e) => e.kind !== 'wall');
    };
    expect(await heard(() => t.api.updateMatch(admin, outside, { scoreHome: 1, scoreAway: 0 }))).toEqual([]);
    const events = await heard(() => t.api.result(admin, boleto[1]!, 1, 0));
    // Its match, then its ranking (Ana and Bea have one more acierto).
    expect(events.map((e) => e.kind)).toEqual(['match', 'ranking']);
    expect(events[0]).toMatchObject({ kind: 'match', matchId: boleto[1]!.id });
  });

  it('says in Resultados whether each line was an acierto (the Pleno only with the 14), the numbers of the boleto and its jornada', async () => {
    // Home wins on 1–14, the Pleno 4-1 (M-1): Bea has all 15; Ana 12 signs, no pick on 13–15.
    for (const match of boleto.slice(2, 14)) await t.api.result(admin, match, 2, 0);
    await t.api.result(admin, boleto[14]!, 4, 1);
    const resultsOf = async (who: SignInResponse) =>
      (await t.as(who, 'GET', `/api/predictions/pool/${pool.id}/results?weekNumber=1`)).json<{ data: PoolResults }>().data.matches;
    const bea15 = await resultsOf(bea);
    expect(bea15.map((m) => [m.line, m.ownPoints])).toEqual(boleto.map((_, i) => [i + 1, 1]));
    expect((await resultsOf(ana)).map((m) => m.ownPoints)).toEqual([...Array<number>(12).fill(1), null, null, null]);
    const tableOf = async () => {
      const res = await t.as(ana, 'GET', `/api/predictions/pool/${pool.id}/results/table?weekNumber=1`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ data: { rows: { userId: number; points: number; picks: { matchId: number; points: number | null }[] }[] } }>().data.rows;
      return rows.find((row) => row.userId === bea.userProfile.id)!;
    };
    expect((await tableOf()).picks.find((p) => p.matchId === boleto[14]!.id)?.points).toBe(1);
    const boletoTable = async () => (await t.as(ana, 'GET', `/api/pools/${pool.id}/boletos/1`)).json().data.table as { userId: number; aciertos: number }[];
    const round = async () => (await t.as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/round/1`)).json().data as { label: string; positions: { userId: number; points: number }[] };
    expect((await round()).label).toBe('Boleto 1');
    expect((await round()).positions.map((p) => [p.userId, p.points])).toEqual((await boletoTable()).map((r) => [r.userId, r.aciertos]));
    expect((await boletoTable()).map((r) => r.aciertos)).toEqual([15, 12]);

    // Line 14 corrected to an away win: Bea's Pleno is right but no longer counts (13 signs), Ana's line 14 had no pick.
    await t.api.updateMatch(admin, boleto[13]!, { scoreHome: 0, scoreAway: 1 });
    const bea13 = await resultsOf(bea);
    expect(bea13.slice(12).map((m) => m.ownPoints)).toEqual([1, 0, 0]);
    expect((await tableOf()).picks.find((p) => p.matchId === boleto[14]!.id)?.points).toBe(0);
    expect((await round()).positions.map((p) => [p.userId, p.points])).toEqual((await boletoTable()).map((r) => [r.userId, r.aciertos]));
    expect((await boletoTable()).map((r) => r.aciertos)).toEqual([13, 12]);
    const ranking = (await t.as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json().leaderboard.jornadas as { label: string }[];
    expect(ranking.map((j) => j.label)).toEqual(['Boleto 1']);
  });

  it('tells each subscribed player their aciertos and place once the boleto is over, once', async () => {
    now = at(2);
    takePushes();
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(2);
    const pushed = takePushes();
    expect(Object.keys(pushed).sort()).toEqual(['Ana', 'Bea']);
    expect(pushed.Bea?.map(({ tag, body }) => [tag, body])).toEqual([[`jornada-${pool.id}-1`, 'Boleto 1: +13 puntos · ahora eres 1.º']]);
    expect(pushed.Ana?.map(({ body }) => body)).toEqual(['Boleto 1: +12 puntos · ahora eres 2.º']);
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(0);
  });
});
