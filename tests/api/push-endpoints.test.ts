import os from 'node:os';
import { readFileSync } from 'node:fs';
import { BlockList } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderMessages, type SignInResponse } from '#contract/index';
import { pushSubscriptions } from '#server/db/schema';
import { createPushEndpointGuard } from '#server/modules/reminders/push-endpoint';
import { UnsafeUrlError } from '#server/modules/results/public-url-source';
import { e2ePushTls, newBrowserKeys, startPushService, type PushService } from '#tests/support/push-service';
import { names, testResolve } from '#tests/support/test-names';
import { createTestApp, type TestApp } from '#tests/support/test-app';

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

  it('saved before the rule, and failing it, is dropped by the sweep every start runs (remindersPlugin)', async () => {
    await t.db.insert(pushSubscriptions).values([
      { userId: ana.userProfile.id, endpoint: 'https://127.0.0.1:9/antigua', p256dh: 'x', auth: 'y' },
      { userId: ana.userProfile.id, endpoint: 'https://fcm.googleapis.com/fcm/send/buena', p256dh: 'x', auth: 'y' },
    ]);
    const hosts = await t.app.services.reminders.dropUnpushable();
    expect(hosts).toEqual(['127.0.0.1:9']);
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((row) => row.endpoint)).not.toContain('https://127.0.0.1:9/antigua');
    expect(left.map((row) => row.endpoint)).toContain('https://fcm.googleapis.com/fcm/send/buena');
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

  it('reaches an address the operator allows (OUTBOUND_ALLOWED_ADDRESSES), and follows no redirect', async () => {
    const allowed = new BlockList();
    allowed.addAddress('127.0.0.1');
    const before = listener.received.length;
    expect(await deliver(`${listener.url}/push`, allowed)).toBe(201);
    expect(listener.received.length).toBe(before + 1);
  });
});
