import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CreateMatchBody, Reminder, ReminderPushPayload, SignInResponse, Team } from '#contract/index';
import { appSettings, favoriteMatches, kickoffNotices, matches, matchReminders, pushSubscriptions, teams } from '#server/db/schema';
import { createPushSubscriptionsRepository } from '#server/modules/reminders/push-subscriptions.repository';
import { createVapidKeyStore } from '#server/modules/reminders/vapid-keys';
import { readResultsSource } from '#server/modules/results/results-source';
import {
  decryptPush,
  newBrowserKeys,
  e2ePushTls,
  startPushService,
  type BrowserKeys,
  type PushService,
  type ReceivedPush,
} from '#tests/support/push-service';
import { API_PUSH_TLS, newScheduler } from '#tests/support/scheduler';
import { createTestApp, type TestApp } from '#tests/support/test-app';

const HOUR = 3_600_000;
const VAPID_SUBJECT = 'mailto:recordatorios@example.com';

let now = new Date('2026-12-01T10:00:00Z');
let t: TestApp;
let admin: SignInResponse;
let ana: SignInResponse;
let bea: SignInResponse;
let betis: Team;
let sevilla: Team;

// A stand-in push service on 127.0.0.1 (tests/support/push-service.ts): records every request, answers 201,
// or 404/410 for endpoints whose path says so.
let pushService: PushService;
let pushServiceUrl: string;
let received: ReceivedPush[] = [];

/** Checks the `vapid t=<JWT>, k=<key>` header: signed by `publicKey`, for the push service's origin. */
function verifyVapid(authorization: string | undefined, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt = '', k] = match ?? [];
  expect(k).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------

beforeAll(async () => {
  pushService = await startPushService(e2ePushTls(API_PUSH_TLS));
  pushServiceUrl = pushService.url;
  t = await createTestApp({ clock: () => now, env: { REMINDERS_POLL_SECONDS: '0' } });
  [admin, ana, bea] = await Promise.all([
    t.createUser({ role: 'admin' }),
    t.createUser({ name: 'Ana' }),
    t.createUser({ name: 'Bea' }),
  ]);
  betis = await t.api.team(admin, { name: 'Real Betis' });
  sevilla = await t.api.team(admin, { name: 'Sevilla' });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(async () => {
  now = new Date('2026-12-01T10:00:00Z');
  pushService.received.length = 0;
  received = pushService.received;
  // Scheduler tests count what they claim: no reminder of an earlier test may be due.
  await t.db.delete(matchReminders);
  await t.db.delete(favoriteMatches);
  await t.db.delete(pushSubscriptions);
});

const as: TestApp['as'] = (...request) => t.as(...request);

const createMatch = (kickoff: Date, fields: Partial<CreateMatchBody> = {}) =>
  t.api.match(admin, { matchDate: kickoff.toISOString(), homeTeamId: betis.id, awayTeamId: sevilla.id, ...fields });

const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR);

async function favourite(who: SignInResponse, matchId: number): Promise<Reminder[]> {
  const res = await as(who, 'POST', '/api/reminders', { matchId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Reminder[];
}

async function subscribe(who: SignInResponse, path: string, browser = newBrowserKeys()): Promise<BrowserKeys> {
  // Real push services are https (which the API insists on); so is the stand-in, on 127.0.0.1 with the run's
  // certificate, which the schedulers trust and may reach (tests/support/scheduler.ts).
  await createPushSubscriptionsRepository(t.db).upsert(who.userProfile.id, {
    endpoint: `${pushServiceUrl}${path}`,
    keys: browser.keys,
  });
  return browser;
}

async function vapidPublicKey(): Promise<string> {
  const res = await as(ana, 'GET', '/api/push/vapid-public-key');
  expect(res.statusCode).toBe(200);
  return res.json().data.publicKey as string;
}

describe('favourite reminders', () => {
  it('schedules one an hour before kick-off and one at kick-off, ids matchId*1000+1 and +2', async () => {
    const kickoff = inHours(5);
    const match = await createMatch(kickoff);
    expect(await favourite(ana, match.id)).toEqual([
      {
        id: match.id * 1000 + 1,
        matchId: match.id,
        slot: 1,
        dueAt: new Date(kickoff.getTime() - HOUR).toISOString(),
        sentAt: null,
      },
      { id: match.id * 1000 + 2, matchId: match.id, slot: 2, dueAt: kickoff.toISOString(), sentAt: null },
    ]);
    expect((await as(ana, 'GET', '/api/reminders')).json().data.map((r: Reminder) => r.id)).toEqual([
      match.id * 1000 + 1,
      match.id * 1000 + 2,
    ]);
  });

  it('only schedules reminders still in the future', async () => {
    const soon = await createMatch(inHours(0.5));
    expect((await favourite(ana, soon.id)).map((r) => r.slot)).toEqual([2]);
    const started = await createMatch(inHours(-0.5));
    expect(await favourite(ana, started.id)).toEqual([]);
    // Finished while its date says later (the API no longer saves such a result, decision 063; older data may hold one).
    const finished = await createMatch(inHours(3));
    await t.db.update(matches).set({ status: 'finished', scoreHome: 1, scoreAway: 0 }).where(eq(matches.id, finished.id));
    expect(await favourite(ana, finished.id)).toEqual([]);
  });

  it('is idempotent', async () => {
    const match = await createMatch(inHours(5));
    await favourite(ana, match.id);
    await favourite(ana, match.id);
    const rows = await t.db.select().from(matchReminders).where(eq(matchReminders.matchId, match.id));
    expect(rows).toHaveLength(2);
  });

  it('follows a moved kick-off', async () => {
    const match = await createMatch(inHours(5));
    await favourite(ana, match.id);
    const moved = inHours(30);
    expect((await as(admin, 'PATCH', `/api/matches/${match.id}`, { matchDate: moved.toISOString() })).statusCode).toBe(
      200,
    );
    const dueTimes = (await as(ana, 'GET', '/api/reminders')).json().data.map((r: Reminder) => r.dueAt);
    expect(dueTimes).toEqual([new Date(moved.getTime() - HOUR).toISOString(), moved.toISOString()]);
  });

  it('cancels both when the favourite is removed', async () => {
    const match = await createMatch(inHours(5));
    await favourite(ana, match.id);
    const res = await as(ana, 'DELETE', `/api/reminders/${match.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Recordatorios cancelados.');
    expect((await as(ana, 'GET', '/api/reminders')).json().data).toEqual([]);

    await subscribe(ana, '/ana');
    now = inHours(6);
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).claimed).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('refuses unknown matches and bad input in Spanish', async () => {
    const unknown = await as(ana, 'POST', '/api/reminders', { matchId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Partido no encontrado.');
    for (const payload of [{}, { matchId: 'uno' }, { matchId: -1 }]) {
      const res = await as(ana, 'POST', '/api/reminders', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/partido/i);
    }
    expect((await as(ana, 'DELETE', '/api/reminders/abc')).statusCode).toBe(400);
  });
});

describe('favourites on the server', () => {
  const favouriteIds = async (who: SignInResponse) => {
    const res = await as(who, 'GET', '/api/favorites');
    expect(res.statusCode).toBe(200);
    return res.json().data as number[];
  };

  it('lists the matches favourited with reminders, even when none was planned or all were sent', async () => {
    const sent = await createMatch(inHours(2));
    const started = await createMatch(inHours(-0.5));
    await favourite(ana, sent.id);
    expect(await favourite(ana, started.id)).toEqual([]);
    await subscribe(ana, '/ana');
    now = inHours(3);
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).claimed).toBe(2);
    expect((await as(ana, 'GET', '/api/reminders')).json().data.every((r: Reminder) => r.sentAt !== null)).toBe(true);

    expect(await favouriteIds(ana)).toEqual([sent.id, started.id]);
    expect(await favouriteIds(bea)).toEqual([]);
  });

  it('saves a favourite without reminders (notifications off on that device) and removes it with them', async () => {
    const match = await createMatch(inHours(5));
    const res = await as(bea, 'POST', '/api/favorites', { matchId: match.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual([match.id]);
    expect((await as(bea, 'GET', '/api/reminders')).json().data).toEqual([]);
    // Saved again from a device with notifications: the same favourite, now with its reminders.
    expect(await favourite(bea, match.id)).toHaveLength(2);
    expect(await favouriteIds(bea)).toEqual([match.id]);

    expect((await as(bea, 'DELETE', `/api/reminders/${match.id}`)).statusCode).toBe(200);
    expect(await favouriteIds(bea)).toEqual([]);
    expect((await as(bea, 'GET', '/api/reminders')).json().data).toEqual([]);
    expect((await as(bea, 'POST', '/api/favorites', { matchId: 999_999 })).statusCode).toBe(404);
  });
});

describe('a favourite whose kick-off time is not confirmed', () => {
  it('gets its reminders at the confirmed time, whatever the provisional one was', async () => {
    // Provisional date already behind us (a postponed match): reminders are kept for when the time is known.
    const match = await createMatch(inHours(-2), { kickoffConfirmed: false });
    await favourite(ana, match.id);
    await subscribe(ana, '/ana');
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).claimed).toBe(0);

    const kickoff = inHours(48);
    const res = await as(admin, 'PATCH', `/api/matches/${match.id}`, {
      matchDate: kickoff.toISOString(),
      kickoffConfirmed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const dueTimes = (await as(ana, 'GET', '/api/reminders')).json().data.map((r: Reminder) => r.dueAt);
    expect(dueTimes).toEqual([new Date(kickoff.getTime() - HOUR).toISOString(), kickoff.toISOString()]);

    // The confirmation's "Hora confirmada" notice goes at the next tick; no reminder is due yet.
    now = new Date(kickoff.getTime() - HOUR - 60_000);
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ claimed: 0, notices: { claimed: 1, dropped: 0 }, delivered: 1 });
    now = new Date(kickoff.getTime() - HOUR);
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ claimed: 1, notices: { claimed: 0 }, delivered: 1 });
    now = kickoff;
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ claimed: 1, notices: { claimed: 0 }, delivered: 1 });
    expect(received).toHaveLength(3);
  });
});

describe('authorisation', () => {
  it('needs a session everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/vapid-public-key'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
      ['GET', '/api/reminders'],
      ['POST', '/api/reminders'],
      ['DELETE', '/api/reminders/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("never shows or cancels another user's reminders", async () => {
    const match = await createMatch(inHours(5));
    await favourite(ana, match.id);
    expect((await as(bea, 'GET', '/api/reminders')).json().data).toEqual([]);
    expect((await as(bea, 'DELETE', `/api/reminders/${match.id}`)).statusCode).toBe(200);
    expect((await as(ana, 'GET', '/api/reminders')).json().data).toHaveLength(2);
  });

  it("never removes another user's push subscription", async () => {
    const endpoint = 'https://push.example.com/send/ana-browser';
    const save = await as(ana, 'POST', '/api/push/subscriptions', { endpoint, keys: newBrowserKeys().keys });
    expect(save.statusCode).toBe(201);
    expect((await as(bea, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    expect((await as(ana, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  });
});

describe('push subscriptions', () => {
  it('validates the endpoint and keys', async () => {
    const { keys } = newBrowserKeys();
    const http = await as(ana, 'POST', '/api/push/subscriptions', { endpoint: 'http://push.example.com/x', keys });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('La suscripción necesita una dirección https válida.');
    const badKey = await as(ana, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://push.example.com/x',
      keys: { ...keys, p256dh: 'BBBB' },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe('Las claves de la suscripción no son válidas.');
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it("belongs to the account that saved it: another account's post is refused and changes nothing", async () => {
    const endpoint = 'https://push.example.com/send/ana-only';
    const anaKeys = newBrowserKeys().keys;
    expect((await as(ana, 'POST', '/api/push/subscriptions', { endpoint, keys: anaKeys })).statusCode).toBe(201);
    const taken = await as(bea, 'POST', '/api/push/subscriptions', { endpoint, keys: newBrowserKeys().keys });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message:
        'Este navegador recibe los avisos de otra cuenta: esa cuenta debe cerrar sesión en él antes de activarlos para la tuya.',
    });
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toEqual([
      expect.objectContaining({ userId: ana.userProfile.id, p256dh: anaKeys.p256dh, auth: anaKeys.auth }),
    ]);

    // The owner's own delete still deletes.
    expect((await as(ana, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
  });

  it('lets the owner save new keys, and passes a shared browser on once the owner removed it (sign-out)', async () => {
    const endpoint = 'https://push.example.com/send/shared-browser';
    await as(ana, 'POST', '/api/push/subscriptions', { endpoint, keys: newBrowserKeys().keys });
    const renewed = newBrowserKeys().keys;
    expect((await as(ana, 'POST', '/api/push/subscriptions', { endpoint, keys: renewed })).statusCode).toBe(201);
    const owned = () => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(await owned()).toEqual([expect.objectContaining({ userId: ana.userProfile.id, p256dh: renewed.p256dh })]);

    expect((await as(ana, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(200);
    const beaKeys = newBrowserKeys().keys;
    expect((await as(bea, 'POST', '/api/push/subscriptions', { endpoint, keys: beaKeys })).statusCode).toBe(201);
    expect(await owned()).toEqual([expect.objectContaining({ userId: bea.userProfile.id, p256dh: beaKeys.p256dh })]);
  });
});

describe('VAPID keys', () => {
  it('are made on first start and the same for every instance', async () => {
    const publicKey = await vapidPublicKey();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(await vapidPublicKey()).toBe(publicKey);
    expect((await createVapidKeyStore(t.db).get()).publicKey).toBe(publicKey);
  });

  it('agree when several instances start together on an empty database', async () => {
    const original = await t.db.select().from(appSettings);
    await t.db.delete(appSettings);
    const pairs = await Promise.all(Array.from({ length: 5 }, () => createVapidKeyStore(t.db).get()));
    expect(new Set(pairs.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(await t.db.select().from(appSettings)).toHaveLength(1);
    // The running app keeps the pair it read at start, as it would in production where the row never goes.
    await t.db.delete(appSettings);
    await t.db.insert(appSettings).values(original);
  });
});

describe('the scheduler', () => {
  it('delivers an encrypted, VAPID-signed push to a local push service', async () => {
    const match = await createMatch(inHours(5));
    await favourite(ana, match.id);
    const browser = await subscribe(ana, '/ana');

    now = inHours(4);
    const summary = await newScheduler(t, () => now, VAPID_SUBJECT).tick();
    expect(summary).toMatchObject({ claimed: 1, delivered: 1, dropped: 0, failed: 0 });

    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push?.path).toBe('/ana');
    expect(push?.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '3600',
      urgency: 'high',
      topic: `reminder-${match.id * 1000 + 1}`,
    });
    const claims = verifyVapid(push?.headers.authorization, await vapidPublicKey());
    expect(claims).toMatchObject({ aud: pushServiceUrl, sub: VAPID_SUBJECT });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(decryptPush(push?.body ?? Buffer.alloc(0), browser)).toEqual({
      id: match.id * 1000 + 1,
      matchId: match.id,
      tag: `reminder-${match.id * 1000 + 1}`,
      title: 'Real Betis vs Sevilla',
      body: 'El partido empieza en una hora.',
      url: '/tabs/favorites',
    } satisfies ReminderPushPayload);

    const [first] = (await as(ana, 'GET', '/api/reminders')).json().data as Reminder[];
    expect(first?.sentAt).toBe(now.toISOString());
    // Not due yet: the kick-off reminder waits.
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).claimed).toBe(0);
    now = inHours(1);
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).claimed).toBe(1);
    const atKickoff = decryptPush(received[1]?.body ?? Buffer.alloc(0), browser) as ReminderPushPayload;
    expect(atKickoff).toMatchObject({ id: match.id * 1000 + 2, body: '¡El partido empieza ahora!' });
  });

  it('sends each reminder exactly once with two schedulers racing on the same database', async () => {
    const users = [ana, bea, await t.createUser(), await t.createUser()];
    const kickoff = inHours(3);
    const matches = await Promise.all([1, 2, 3].map(() => createMatch(kickoff)));
    const browsers = new Map<string, BrowserKeys>();
    for (const user of users) {
      browsers.set(`/u${user.userProfile.id}`, await subscribe(user, `/u${user.userProfile.id}`));
      for (const match of matches) await favourite(user, match.id);
    }
    const [a, b] = [newScheduler(t, () => now, VAPID_SUBJECT), newScheduler(t, () => now, VAPID_SUBJECT)];
    const perMoment = users.length * matches.length;

    // An hour before kick-off, then at kick-off: each time both instances tick at once, several times.
    for (const moment of [new Date(kickoff.getTime() - HOUR), kickoff]) {
      now = moment;
      const summaries = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(summaries.reduce((sum, s) => sum + s.claimed, 0)).toBe(perMoment);
      expect(summaries.reduce((sum, s) => sum + s.delivered, 0)).toBe(perMoment);
    }

    expect(received).toHaveLength(2 * perMoment);
    const deliveries = received.map((push) => {
      const payload = decryptPush(push.body, browsers.get(push.path)!) as ReminderPushPayload;
      return `${push.path}#${payload.id}`;
    });
    expect(new Set(deliveries).size).toBe(2 * perMoment);
    expect((await Promise.all([a.tick(), b.tick()])).map((s) => s.claimed)).toEqual([0, 0]);
  });

  it('removes subscriptions the push service says are gone (404, 410) and keeps the others', async () => {
    const match = await createMatch(inHours(5));
    await favourite(ana, match.id);
    await subscribe(ana, '/gone/ana');
    await subscribe(ana, '/missing/ana');
    await subscribe(ana, '/ana');

    now = inHours(4);
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ claimed: 1, delivered: 1, removedSubscriptions: 2, failed: 0 });
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left).toEqual([{ endpoint: `${pushServiceUrl}/ana` }]);
    // A gone endpoint belongs to nobody any more: whoever gets it next may save it.
    const next = createPushSubscriptionsRepository(t.db);
    expect(
      await next.upsert(bea.userProfile.id, { endpoint: `${pushServiceUrl}/gone/ana`, keys: newBrowserKeys().keys }),
    ).toBe(true);
  });

  it('drops reminders claimed too late or for a finished match instead of sending them', async () => {
    const late = await createMatch(inHours(5));
    const over = await createMatch(inHours(3));
    await favourite(ana, late.id);
    await favourite(ana, over.id);
    await subscribe(ana, '/ana');
    // Finished while its date says later (the API no longer saves such a result, decision 063; older data may hold one).
    await t.db.update(matches).set({ status: 'finished', scoreHome: 0, scoreAway: 0 }).where(eq(matches.id, over.id));

    // Both of `late` are due more than 30 minutes ago by now (an instance was down).
    now = inHours(6);
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ claimed: 4, dropped: 4, delivered: 0 });
    expect(received).toHaveLength(0);
  });

  it('waits for a kick-off time that is not fixed yet', async () => {
    const match = await createMatch(inHours(5), { kickoffConfirmed: false });
    await favourite(ana, match.id);
    await subscribe(ana, '/ana');
    now = inHours(5);
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).claimed).toBe(0);

    // Fixed at last, 45 minutes from now: the hour-before reminder is due (15 minutes late, still worth sending),
    // after the notice that the time is confirmed, which says the kick-off is less than an hour away.
    const kickoff = inHours(0.75);
    await as(admin, 'PATCH', `/api/matches/${match.id}`, { matchDate: kickoff.toISOString(), kickoffConfirmed: true });
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({
      claimed: 1,
      dropped: 0,
      notices: { claimed: 1, dropped: 0 },
      delivered: 2,
    });
  });
});

describe('"Hora confirmada": a favourite whose kick-off time gets confirmed', () => {
  /** What one push said, decrypted as its browser would. */
  const said = (push: ReceivedPush | undefined, browser: BrowserKeys) =>
    decryptPush(push?.body ?? Buffer.alloc(0), browser) as ReminderPushPayload;
  const noticeRows = (matchId: number) => t.db.select().from(kickoffNotices).where(eq(kickoffNotices.matchId, matchId));

  it('tells each favouriting user with reminders once, when an admin confirms the time, and nobody else', async () => {
    const carla = await t.createUser({ name: 'Carla' });
    const dani = await t.createUser({ name: 'Dani' });
    const match = await createMatch(inHours(72), { kickoffConfirmed: false });
    await favourite(ana, match.id);
    await favourite(bea, match.id);
    // Carla saved it on a device without notifications: a favourite with no reminder, so nothing to announce.
    expect((await as(carla, 'POST', '/api/favorites', { matchId: match.id })).statusCode).toBe(201);
    const anaBrowser = await subscribe(ana, '/ana');
    const beaBrowser = await subscribe(bea, '/bea');
    await subscribe(carla, '/carla');
    // Dani does not have it as a favourite.
    await subscribe(dani, '/dani');
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).notices.claimed).toBe(0);

    // Friday 4 December 2026, 21:00 in Madrid.
    const kickoff = new Date('2026-12-04T20:00:00Z');
    await t.api.updateMatch(admin, match, { matchDate: kickoff.toISOString(), kickoffConfirmed: true });
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({
      claimed: 0,
      notices: { claimed: 2, dropped: 0 },
      delivered: 2,
      failed: 0,
    });
    expect(received.map((push) => push.path).sort()).toEqual(['/ana', '/bea']);
    const toAna = received.find((push) => push.path === '/ana');
    expect(said(toAna, anaBrowser)).toEqual({
      id: match.id * 1000,
      matchId: match.id,
      tag: `kickoff-${match.id}`,
      title: 'Hora confirmada',
      body: 'Real Betis - Sevilla: viernes 4 dic., 21:00. Te avisaremos una hora antes y al empezar.',
      url: '/tabs/favorites',
    } satisfies ReminderPushPayload);
    expect(said(received.find((push) => push.path === '/bea'), beaBrowser).title).toBe('Hora confirmada');
    // Kept by the push service until kick-off, and no longer.
    expect(toAna?.headers).toMatchObject({ ttl: String((kickoff.getTime() - now.getTime()) / 1000), topic: `kickoff-${match.id}` });

    // Claimed once: no later tick, from this instance or a restarted one, sends it again.
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).notices.claimed).toBe(0);
    // A second edit, a move while confirmed, and even un-confirming and confirming again send nothing more.
    await t.api.updateMatch(admin, match, { kickoffConfirmed: true, weekNumber: 40 });
    await t.api.updateMatch(admin, match, { matchDate: new Date(kickoff.getTime() + 2 * HOUR).toISOString() });
    await t.api.updateMatch(admin, match, { kickoffConfirmed: false });
    await t.api.updateMatch(admin, match, { kickoffConfirmed: true });
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).notices.claimed).toBe(0);
    expect(received).toHaveLength(2);
    expect(await noticeRows(match.id)).toHaveLength(2);
  });

  it('is not made when a confirmed kick-off moves, nor for a match confirmed as finished', async () => {
    const moving = await createMatch(inHours(30));
    const finished = await createMatch(inHours(-3), { kickoffConfirmed: false });
    await favourite(ana, moving.id);
    await favourite(ana, finished.id);
    await subscribe(ana, '/ana');
    await t.api.updateMatch(admin, moving, { matchDate: inHours(50).toISOString() });
    await t.api.updateMatch(admin, finished, {
      kickoffConfirmed: true,
      matchDate: inHours(-3).toISOString(),
      status: 'finished',
      scoreHome: 2,
      scoreAway: 1,
    });
    expect(await noticeRows(moving.id)).toEqual([]);
    expect(await noticeRows(finished.id)).toEqual([]);
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ notices: { claimed: 0 }, delivered: 0 });
  });

  it('is dropped, not sent, when the match kicked off or finished before any instance claimed it', async () => {
    const started = await createMatch(inHours(24), { kickoffConfirmed: false });
    const over = await createMatch(inHours(24), { kickoffConfirmed: false });
    await favourite(ana, started.id);
    await favourite(ana, over.id);
    await subscribe(ana, '/ana');
    // Confirmed at a time already past (the match is being played): nothing true to announce.
    await t.api.updateMatch(admin, started, { matchDate: inHours(-2).toISOString(), kickoffConfirmed: true });
    await t.api.updateMatch(admin, over, { matchDate: inHours(3).toISOString(), kickoffConfirmed: true });
    await t.api.result(admin, over, 1, 1);
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ notices: { claimed: 2, dropped: 2 }, delivered: 0 });
    expect(received).toHaveLength(0);
  });

  it('goes with its favourite: un-favourited before the claim, nothing is sent', async () => {
    const match = await createMatch(inHours(24), { kickoffConfirmed: false });
    await favourite(ana, match.id);
    await subscribe(ana, '/ana');
    await t.api.updateMatch(admin, match, { kickoffConfirmed: true });
    expect(await noticeRows(match.id)).toHaveLength(1);
    expect((await as(ana, 'DELETE', `/api/reminders/${match.id}`)).statusCode).toBe(200);
    expect(await noticeRows(match.id)).toEqual([]);
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).notices.claimed).toBe(0);
  });

  it('is sent exactly once per user and match with two schedulers racing on the same database', async () => {
    const users = [ana, bea, await t.createUser(), await t.createUser()];
    const matches = await Promise.all([1, 2, 3].map(() => createMatch(inHours(48), { kickoffConfirmed: false })));
    const browsers = new Map<string, BrowserKeys>();
    for (const user of users) {
      browsers.set(`/u${user.userProfile.id}`, await subscribe(user, `/u${user.userProfile.id}`));
      for (const match of matches) await favourite(user, match.id);
    }
    for (const match of matches) await t.api.updateMatch(admin, match, { kickoffConfirmed: true });

    const [a, b] = [newScheduler(t, () => now, VAPID_SUBJECT), newScheduler(t, () => now, VAPID_SUBJECT)];
    const summaries = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick(), a.tick(), b.tick()]);
    const expected = users.length * matches.length;
    expect(summaries.reduce((sum, s) => sum + s.notices.claimed, 0)).toBe(expected);
    expect(summaries.reduce((sum, s) => sum + s.delivered, 0)).toBe(expected);
    const deliveries = received.map((push) => `${push.path}#${said(push, browsers.get(push.path)!).matchId}`);
    expect(deliveries).toHaveLength(expected);
    expect(new Set(deliveries).size).toBe(expected);
    expect((await Promise.all([a.tick(), b.tick()])).map((s) => s.notices.claimed)).toEqual([0, 0]);
  });

  it('is sent when an import confirms the time', async () => {
    const [getafe, girona] = await Promise.all([
      t.api.team(admin, { name: 'Getafe' }),
      t.api.team(admin, { name: 'Girona' }),
    ]);
    await t.db
      .update(teams)
      .set({ sourceName: sql`${teams.name} || ' (aviso)'` })
      .where(inArray(teams.id, [getafe.id, girona.id]));
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'quiniela-kickoff-')), 'es.1.json');
    const fixture = { round: 'Matchday 15', date: '2026-12-05', team1: 'Getafe (aviso)', team2: 'Girona (aviso)' };
    const importFile = async (time?: string) => {
      await writeFile(
        file,
        JSON.stringify({ name: 'Spain Primera División 2026/27', matches: [{ ...fixture, ...(time ? { time } : {}) }] }),
      );
      return t.app.services.resultsImporter.importFile(await readResultsSource(file), file);
    };

    // Only the day is known: the import creates the match with its time to be confirmed.
    expect(await importFile()).toMatchObject({ created: 1 });
    const [match] = (await as(admin, 'GET', '/api/matches?competition=laliga-2026-27'))
      .json()
      .data.filter((m: { homeTeamId: number }) => m.homeTeamId === getafe.id);
    expect(match).toMatchObject({ kickoffConfirmed: false });
    await favourite(ana, match.id);
    const browser = await subscribe(ana, '/ana');
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).notices.claimed).toBe(0);

    expect(await importFile('18:30')).toMatchObject({ updated: 1 });
    expect(await newScheduler(t, () => now, VAPID_SUBJECT).tick()).toMatchObject({ notices: { claimed: 1, dropped: 0 }, delivered: 1 });
    expect(said(received[0], browser)).toMatchObject({
      title: 'Hora confirmada',
      body: 'Getafe - Girona: sábado 5 dic., 18:30. Te avisaremos una hora antes y al empezar.',
    });
    // The same file again changes nothing and sends nothing.
    expect(await importFile('18:30')).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await newScheduler(t, () => now, VAPID_SUBJECT).tick()).notices.claimed).toBe(0);
    expect(received).toHaveLength(1);
  });
});
