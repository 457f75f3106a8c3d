import os from 'node:os';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { BlockList, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reminderMessages, type SignInResponse } from '#contract/index';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { pushSubscriptions } from '#server/db/schema';
import { createUsersRepository } from '#server/modules/accounts/users.repository';
import { addressList, createPushEndpointGuard } from '#server/modules/reminders/push-endpoint';
import { UnsafeUrlError } from '#server/modules/results/public-url-source';
import { e2ePushTls, newBrowserKeys, startPushService, type PushService } from '#tests/support/push-service';
import { newScheduler } from '#tests/support/scheduler';
import { names, testResolve } from '#tests/support/test-names';
import { createTestApp, type TestApp } from '#tests/support/test-app';
import { createTestDatabase } from '#tests/support/test-database';

/**
 * Web push was a server-side request forgery (issue "Nobody takes the service down", finding 3): any https endpoint
 * was saved, loopback and private addresses included, and the reminder scheduler then connected to 127.0.0.1.
 * Endpoints now go through the guard every URL a user supplies goes through (server/modules/reminders/push-endpoint.ts).
 */
let t: TestApp;
let ana: SignInResponse;
const tls = e2ePushTls('push-endpoints');
let listener: PushService;

beforeAll(async () => {
  t = await createTestApp();
  ana = await t.createUser();
  listener = await startPushService(tls);
}, 60_000);
afterAll(async () => {
  await listener.close();
  await t.close();
});

const subscribe = (endpoint: string, app: TestApp = t, who: SignInResponse = ana) =>
  app.injectAs(who.session.accessToken, { method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys: newBrowserKeys().keys } });

describe('a push subscription', () => {
  it('is refused, in Spanish, for every address form that is not a public one, and nothing is stored', async () => {
    names.set('interno.example.org', ['10.1.2.3']);
    names.set(os.hostname(), ['127.0.1.1']);
    const refused = [
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://2130706433/push', // 127.0.0.1 written as one number
      'https://0x7f000001/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push',
      'https://192.168.1.1:8443/push',
      'https://[fd00::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://interno.example.org/push',
      `https://${os.hostname()}/push`,
    ];
    for (const endpoint of refused) {
      const res = await subscribe(endpoint);
      expect(res.json(), endpoint).toEqual({ statusCode: 400, error: 'Bad Request', message: reminderMessages.endpointNotPublic });
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('is saved for a push service’s public https endpoint', async () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://web.push.apple.com/QGk', 'https://updates.push.example.com/wpush/v2/x']) {
      expect((await subscribe(endpoint)).statusCode, endpoint).toBe(201);
    }
  });

  it('is only for the hosts PUSH_ENDPOINT_HOSTS names, when the operator names them', async () => {
    const listed = await createTestApp({ env: { PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com, *.push.apple.com' } });
    try {
      const user = await listed.createUser();
      expect((await subscribe('https://fcm.googleapis.com/fcm/send/1', listed, user)).statusCode).toBe(201);
      expect((await subscribe('https://web.push.apple.com/1', listed, user)).statusCode).toBe(201);
      expect((await subscribe('https://push.example.com/1', listed, user)).statusCode).toBe(400);
      expect((await subscribe('https://push.apple.com.example.com/1', listed, user)).statusCode).toBe(400);
    } finally {
      await listed.close();
    }
  });

  it('saved before the rule, and failing it, is dropped at start with a log line, names looked up as when saving', async () => {
    // A database with rows saved before the rule (written directly), then an app started on it as `npm start` does.
    const database = await createTestDatabase(inject('databaseTemplate'));
    const logged: { msg?: string; hosts?: string[] }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as (typeof logged)[number]));
        done();
      },
    });
    names.set('antes-publico.example.org', ['10.9.8.7']);
    try {
      const owner = await createUsersRepository(database.db).insert({ name: 'Vieja', email: 'vieja@example.com', passwordHash: 'scrypt$x', role: 'user' });
      const stored = [
        'https://127.0.0.1:9/antigua',
        'https://localhost/antigua',
        'https://antes-publico.example.org/antigua',
        'https://fcm.googleapis.com/fcm/send/buena',
        'https://fcm.googleapis.com/fcm/send/otra',
        // Unknown to the resolver: no proof either way (a resolver down at start must not empty the table).
        'https://desconocido.invalid/quizas',
      ];
      await database.db.insert(pushSubscriptions).values(stored.map((endpoint) => ({ userId: owner.id, endpoint, p256dh: 'x', auth: 'y' })));
      const app = await buildApp({
        config: loadConfig({ LOG_LEVEL: 'warn', SEED_DATA: 'false', REMINDERS_POLL_SECONDS: '0', RESULTS_POLL_MINUTES: '0', STATISTICS_CHECK_SECONDS: '0' }),
        database,
        logDestination: sink,
        outbound: { resolve: testResolve },
      });
      await app.ready();
      // Closing waits for the sweep the start began.
      await app.close();
      const left = await database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
      expect(left.map((row) => row.endpoint).sort()).toEqual(stored.slice(3).sort());
      const said = logged.filter((line) => line.msg === 'push subscriptions dropped: the server may not push to their endpoints');
      expect(said.map((line) => line.hosts?.sort())).toEqual([['127.0.0.1:9', 'antes-publico.example.org', 'localhost']]);
    } finally {
      names.delete('antes-publico.example.org');
      await database.close();
    }
  });
});

describe('the reminder scheduler', () => {
  it('deletes a subscription its delivery is refused for (the guard throws), connecting to nothing', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const bea = await t.createUser();
    const now = Date.now();
    const match = await t.api.match(admin, { matchDate: new Date(now + 2 * 3_600_000).toISOString() });
    expect((await t.as(bea, 'POST', '/api/reminders', { matchId: match.id })).statusCode).toBe(201);
    // Saved before the rule: a private address, which the guard refuses before any connection.
    await t.db.insert(pushSubscriptions).values({ userId: bea.userProfile.id, endpoint: 'https://10.0.0.1/push', ...newBrowserKeys().keys });
    const before = listener.received.length;
    // The hour-before reminder is due a minute from the hour.
    const summary = await newScheduler(t, () => new Date(now + 3_600_000 + 60_000)).tick();
    expect(summary).toMatchObject({ claimed: 1, delivered: 0, failed: 0, removedSubscriptions: 1 });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bea.userProfile.id))).toEqual([]);
    expect(listener.received.length).toBe(before);
  });
});

describe('a push delivery', () => {
  const deliver = (endpoint: string, allowed: BlockList) =>
    createPushEndpointGuard({ hosts: null, allowedAddresses: allowed, resolve: testResolve, ca: readFileSync(tls.cert) }).transport({
      endpoint,
      method: 'POST',
      headers: { ttl: '60' },
      body: new Uint8Array([1, 2, 3]),
    });
  const port = () => new URL(listener.url).port;

  it('checks the address again when it connects: a name that now resolves to loopback is never connected to', async () => {
    names.set('cambia.example.org', ['127.0.0.1']);
    const before = listener.received.length;
    await expect(deliver(`https://cambia.example.org:${port()}/push`, new BlockList())).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(deliver(`https://127.0.0.1:${port()}/push`, new BlockList())).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(listener.received.length).toBe(before);
  });

  it('reaches an address the operator allows (OUTBOUND_ALLOWED_ADDRESSES)', async () => {
    const before = listener.received.length;
    expect(await deliver(`${listener.url}/push`, addressList('127.0.0.1'))).toBe(201);
    expect(listener.received.length).toBe(before + 1);
  });

  it('follows no redirect: a 3xx is the answer, and where it points is never asked', async () => {
    // An endpoint that answers every push with a redirect to the stand-in push service, an address the server may
    // even reach: following it would be a way to any path on any host the endpoint names.
    const redirects = [301, 302, 303, 307, 308];
    let asked = 0;
    const redirecting = https.createServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, (request, response) => {
      request.resume();
      response.writeHead(redirects[asked++ % redirects.length]!, { location: `${listener.url}/redirigido` }).end();
    });
    await new Promise<void>((listening) => redirecting.listen(0, '127.0.0.1', listening));
    try {
      const before = listener.received.length;
      const endpoint = `https://127.0.0.1:${(redirecting.address() as AddressInfo).port}/push`;
      for (const status of redirects) expect(await deliver(endpoint, addressList('127.0.0.1'))).toBe(status);
      expect(asked).toBe(redirects.length);
      expect(listener.received.length).toBe(before);
    } finally {
      await new Promise((closed) => redirecting.close(closed));
    }
  });
});
