import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Match, Pool, PushPayload, SignInResponse } from '#contract/index';
import { favoriteMatches, matchReminders, poolPushes, pushSubscriptions } from '#server/db/schema';
import { createPushSubscriptionsRepository } from '#server/modules/reminders/push-subscriptions.repository';
import { at, HOUR } from '#tests/support/first-kickoff';
import { decryptPush, newBrowserKeys, e2ePushTls, startPushService, type BrowserKeys, type PushService } from '#tests/support/push-service';
import { API_PUSH_TLS } from '#tests/support/scheduler';
import { newScheduler } from '#tests/support/scheduler';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The pool pushes: "Te faltan N pronósticos…" 24 h and 1 h before a jornada's first kick-off to the players who
 * still miss picks, and "Jornada N: +P puntos · ahora eres X.º" after its last result; each once per user, pool,
 * jornada and kind, whatever the number of schedulers and across a restart; never to whom turned it off.
 * On PostgreSQL (the suite's second pass) the racing schedulers run on separate connections.
 */
let now = new Date('2026-12-01T10:00:00Z');
let t: TestApp;
let pushService: PushService;
let admin: SignInResponse;
let host: SignInResponse;
let ana: SignInResponse;
let bea: SignInResponse;
let carla: SignInResponse;
let dani: SignInResponse;
let pool: Pool;
let jornada: Match[];
const browsers = new Map<string, BrowserKeys>();

async function subscribe(who: SignInResponse) {
  const path = `/u${who.userProfile.id}`;
  const browser = newBrowserKeys();
  browsers.set(path, browser);
  await createPushSubscriptionsRepository(t.db).upsert(who.userProfile.id, { endpoint: `${pushService.url}${path}`, keys: browser.keys });
}

/** What each browser was pushed since the last call, by user name. */
function takePushes(): Record<string, PushPayload[]> {
  const byUser: Record<string, PushPayload[]> = {};
  const names = new Map([host, ana, bea, carla, dani].map((who) => [`/u${who.userProfile.id}`, who.userProfile.name]));
  for (const push of pushService.received.splice(0)) {
    const name = names.get(push.path) ?? push.path;
    (byUser[name] ??= []).push(decryptPush(push.body, browsers.get(push.path)!) as PushPayload);
  }
  return byUser;
}

const setting = (who: SignInResponse, payload: object) =>
  t.injectAs(who.session.accessToken, { method: 'PUT', url: '/api/notification-settings', payload });

beforeAll(async () => {
  pushService = await startPushService(e2ePushTls(API_PUSH_TLS));
  t = await createTestApp({ clock: () => now });
  [admin, host, ana, bea, carla, dani] = await Promise.all([
    t.createUser({ role: 'admin' }),
    t.createUser({ name: 'Hugo' }),
    t.createUser({ name: 'Ana' }),
    t.createUser({ name: 'Bea' }),
    t.createUser({ name: 'Carla' }),
    t.createUser({ name: 'Dani' }),
  ]);
  jornada = [];
  for (const offset of [0, 2, 24]) jornada.push(await t.api.match(admin, { weekNumber: 14, matchDate: at(offset).toISOString() }));
  pool = await t.api.pool(host, { name: 'Los del barrio', competition: 'manual', fromWeek: 14, players: [ana, bea, carla, dani] });
  // Ana misses two picks, Bea none; Carla misses all and turns the reminder off; Dani has no browser subscribed;
  // the creator (subscribed) does not play.
  await t.api.predict(ana, pool, jornada[0]!, 'home');
  for (const [match, pick] of [[jornada[0]!, 'home'], [jornada[1]!, 'draw'], [jornada[2]!, 'home']] as const) {
    await t.api.predict(bea, pool, match, pick);
  }
  for (const who of [host, ana, bea, carla]) await subscribe(who);
  expect((await setting(carla, { kind: 'missing-picks', poolId: pool.id, enabled: false })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(() => {
  pushService.received.length = 0;
});

describe('missing-picks reminders', () => {
  it('says nothing more than 24 hours before the jornada', async () => {
    now = at(-34);
    expect((await newScheduler(t, () => now).tick()).pools).toEqual({ missingPicks: 0, jornadaResults: 0 });
    expect(takePushes()).toEqual({});
  });

  it('24 hours before, reaches only the players who miss picks and want it, once, also after a restart', async () => {
    now = at(-23);
    const scheduler = newScheduler(t, () => now);
    expect(await scheduler.tick()).toMatchObject({ pools: { missingPicks: 1 }, delivered: 1 });
    expect(takePushes()).toEqual({
      Ana: [
        {
          title: 'Pronósticos pendientes',
          body: 'Te faltan 2 pronósticos en «Los del barrio» · La jornada 14 empieza a las 21:00',
          tag: `picks-${pool.id}-14`,
          url: `/tabs/pool/${pool.id}?seccion=predecir`,
        },
      ],
    });
    expect((await scheduler.tick()).pools.missingPicks).toBe(0);
    now = at(-20);
    // A new scheduler is a restarted instance: the claim is in the database.
    expect((await newScheduler(t, () => now).tick()).pools.missingPicks).toBe(0);
    expect(takePushes()).toEqual({});
  });

  it('an hour before, once more, claimed exactly once by two schedulers racing', async () => {
    now = at(-0.8);
    const [a, b] = [newScheduler(t, () => now), newScheduler(t, () => now)];
    const summaries = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(summaries.reduce((sum, s) => sum + s.pools.missingPicks, 0)).toBe(1);
    const pushes = takePushes();
    expect(Object.keys(pushes)).toEqual(['Ana']);
    expect(pushes.Ana).toHaveLength(1);
    expect(pushes.Ana![0]!.body).toBe('Te faltan 2 pronósticos en «Los del barrio» · La jornada 14 empieza a las 21:00');
    const rows = await t.db.select().from(poolPushes);
    expect(rows.map((r) => `${r.userId}:${r.kind}`).sort()).toEqual(
      [`${ana.userProfile.id}:missing-picks-1h`, `${ana.userProfile.id}:missing-picks-24h`].sort(),
    );
  });

  it('stops once the jornada has kicked off', async () => {
    await t.db.delete(poolPushes);
    now = at(0.5);
    expect((await newScheduler(t, () => now).tick()).pools.missingPicks).toBe(0);
  });
});

describe('jornada results', () => {
  it('after the last result, tells each subscribed player their points and place, once', async () => {
    await t.api.result(admin, jornada[0]!, 1, 0);
    await t.api.result(admin, jornada[1]!, 1, 1);
    now = at(20);
    // One match still to play: nothing yet.
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(0);
    now = at(27);
    await t.api.result(admin, jornada[2]!, 0, 2);
    const [a, b] = [newScheduler(t, () => now), newScheduler(t, () => now)];
    const summaries = await Promise.all([a.tick(), b.tick()]);
    // Ana, Bea and Carla (who turned off only the missing picks); not Dani (no browser) nor the creator.
    expect(summaries.reduce((sum, s) => sum + s.pools.jornadaResults, 0)).toBe(3);
    const ranking = `/tabs/pool/${pool.id}?seccion=ranking`;
    expect(takePushes()).toEqual({
      Ana: [{ title: 'Los del barrio', body: 'Jornada 14: +3 puntos · ahora eres 2.º', tag: `jornada-${pool.id}-14`, url: ranking }],
      Bea: [{ title: 'Los del barrio', body: 'Jornada 14: +6 puntos · ahora eres 1.º', tag: `jornada-${pool.id}-14`, url: ranking }],
      Carla: [{ title: 'Los del barrio', body: 'Jornada 14: 0 puntos · ahora eres 3.º', tag: `jornada-${pool.id}-14`, url: ranking }],
    });
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(0);
  });

  it('waits for a jornada to be over, which a match put off for a month does not hold open (decision 061)', async () => {
    now = at(30);
    const [first, second] = [
      await t.api.match(admin, { weekNumber: 15, matchDate: at(48).toISOString() }),
      await t.api.match(admin, { weekNumber: 15, matchDate: at(50).toISOString() }),
    ];
    for (const match of [first, second]) await t.api.predict(bea, pool, match, 'home');
    now = at(53);
    await t.api.result(admin, first, 1, 0);
    // Its second match is still to be played: no result to tell yet.
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(0);
    // It is put off by a month: the jornada is over without it, and its result is told.
    await t.api.updateMatch(admin, second, { matchDate: at(50 + 30 * 24).toISOString() });
    expect((await newScheduler(t, () => now).tick()).pools.jornadaResults).toBe(3);
    expect(takePushes().Bea).toEqual([expect.objectContaining({ body: 'Jornada 15: +3 puntos · ahora eres 1.º', tag: `jornada-${pool.id}-15` })]);
  });
});

describe('notification settings', () => {
  it('lists the pools the user plays, every kind on until turned off', async () => {
    const res = await t.injectAs(carla.session.accessToken, { method: 'GET', url: '/api/notification-settings' });
    expect(res.statusCode).toBe(200);
    // This server sends no mail: nothing by e-mail (tests/api/mail-reminders.test.ts has one that does).
    expect(res.json().data).toEqual({
      favoriteReminders: true,
      email: { available: false, confirmed: false },
      pools: [
        {
          poolId: pool.id,
          poolName: 'Los del barrio',
          missingPicks: false,
          jornadaResults: true,
          missingPicksEmail: false,
          jornadaResultsEmail: false,
        },
      ],
    });
    const creator = await t.injectAs(host.session.accessToken, { method: 'GET', url: '/api/notification-settings' });
    expect(creator.json().data).toEqual({ favoriteReminders: true, email: { available: false, confirmed: false }, pools: [] });
  });

  it('turns a kind back on, idempotently', async () => {
    for (const enabled of [true, true, false, false]) {
      const res = await setting(carla, { kind: 'missing-picks', poolId: pool.id, enabled });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.pools[0].missingPicks).toBe(enabled);
    }
  });

  it('refuses bad input in Spanish, and a pool the user does not play', async () => {
    const cases: [object, number, string][] = [
      [{ kind: 'missing-picks', enabled: false }, 400, 'Este aviso es de una quiniela: indica cuál (poolId).'],
      [{ kind: 'favorite-reminders', poolId: pool.id, enabled: false }, 400, 'Los recordatorios de favoritos no son de una quiniela: no indiques poolId.'],
      [{ kind: 'spam', poolId: pool.id, enabled: false }, 400, 'El tipo de aviso no es válido.'],
      [{ kind: 'missing-picks', poolId: pool.id, enabled: 'no' }, 400, 'Indica si el aviso queda activado (true) o desactivado (false).'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await setting(ana, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const creator = await setting(host, { kind: 'jornada-results', poolId: pool.id, enabled: false });
    expect(creator.statusCode).toBe(403);
    expect(creator.json().message).toBe('Solo quien juega en la quiniela recibe sus avisos.');
  });

  it('favourite reminders turned off are claimed but not pushed', async () => {
    await t.db.delete(matchReminders);
    await t.db.delete(favoriteMatches);
    now = new Date('2026-12-20T10:00:00Z');
    const match = await t.api.match(admin, { matchDate: new Date(now.getTime() + 2 * HOUR).toISOString() });
    for (const who of [ana, bea]) {
      expect((await t.injectAs(who.session.accessToken, { method: 'POST', url: '/api/reminders', payload: { matchId: match.id } })).statusCode).toBe(201);
    }
    expect((await setting(bea, { kind: 'favorite-reminders', enabled: false })).statusCode).toBe(200);
    now = new Date(now.getTime() + 1.5 * HOUR);
    expect(await newScheduler(t, () => now).tick()).toMatchObject({ claimed: 2, dropped: 1, delivered: 1 });
    expect(Object.keys(takePushes())).toEqual(['Ana']);
    await t.db.delete(pushSubscriptions);
  });
});
