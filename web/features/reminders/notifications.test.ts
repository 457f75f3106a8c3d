import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { stubFetch } from '../../lib/test-fetch.ts';
import { forgetPushSubscription, subscribedPushCapability, subscribeToPush } from './notifications.ts';

const endpoint = 'https://push.example.com/send/abc';
const fetchMock = stubFetch();
const unsubscribe = vi.fn(() => Promise.resolve(true));

/** A browser with a service worker registration holding `subscription`. */
function withPushSubscription(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
  const registration = { pushManager: { getSubscription: () => Promise.resolve(subscription) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
}

beforeEach(() => {
  configureApiClient({ getAccessToken: () => 'token-123', onUnauthorized: () => {} });
});
afterEach(() => {
  unsubscribe.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
});

describe('forgetPushSubscription (on sign-out)', () => {
  it("asks the server to forget this browser's subscription, then drops it", async () => {
    withPushSubscription({ endpoint, unsubscribe });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Suscripción eliminada.' }), { status: 200 }),
    );

    await forgetPushSubscription();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/push/subscriptions');
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBe(JSON.stringify({ endpoint }));
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-123');
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('still drops it when the server cannot be reached, and never throws', async () => {
    withPushSubscription({ endpoint, unsubscribe });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await expect(forgetPushSubscription()).resolves.toBeUndefined();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('does nothing without a subscription or without service workers', async () => {
    withPushSubscription(null);
    await forgetPushSubscription();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await forgetPushSubscription();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('subscribeToPush on a browser another account never signed out of', () => {
  it("replaces the subscription the server says is still that account's, and saves the new one", async () => {
    const serverKey = new Uint8Array(65).fill(4);
    const subscriptionFor = (url: string) => ({
      endpoint: url,
      options: { applicationServerKey: serverKey.buffer },
      toJSON: () => ({ endpoint: url, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe,
    });
    const subscribe = vi.fn(() => Promise.resolve(subscriptionFor('https://push.example.com/send/new')));
    const pushManager = { getSubscription: () => Promise.resolve(subscriptionFor(endpoint)), subscribe };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager }) },
    });
    Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    fetchMock
      .mockResolvedValueOnce(json(200, { data: { publicKey: btoa(String.fromCharCode(...serverKey)) } }))
      .mockResolvedValueOnce(json(409, { statusCode: 409, error: 'Conflict', message: 'De otra cuenta.' }))
      .mockResolvedValueOnce(json(201, { message: 'Suscripción guardada.' }));

    await expect(subscribeToPush()).resolves.toBe('subscribed');

    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
    const saved = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => init?.body);
    expect(saved).toEqual([
      JSON.stringify({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
      JSON.stringify({ endpoint: 'https://push.example.com/send/new', keys: { p256dh: 'p', auth: 'a' } }),
    ]);
  });
});

describe('subscribeToPush says why reminders cannot reach this browser with the app closed', () => {
  const serverKey = new Uint8Array(65).fill(4);
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const withPushManager = (pushManager: object | undefined) => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager }) },
    });
    Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  };
  const answerKey = () =>
    fetchMock.mockResolvedValueOnce(json(200, { data: { publicKey: btoa(String.fromCharCode(...serverKey)) } }));

  it('unsupported: no service worker or no Push API', async () => {
    await expect(subscribeToPush()).resolves.toBe('unsupported');
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({}) } });
    await expect(subscribeToPush()).resolves.toBe('unsupported');
    Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
    await expect(subscribeToPush()).resolves.toBe('unsupported');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refused: the browser or its push service refuses the subscription', async () => {
    withPushManager({
      getSubscription: () => Promise.resolve(null),
      subscribe: () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError')),
    });
    answerKey();
    await expect(subscribeToPush()).resolves.toBe('refused');
  });

  it('failed: our server could not save it (nothing to say about the browser)', async () => {
    const subscription = {
      endpoint,
      options: { applicationServerKey: serverKey.buffer },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe,
    };
    withPushManager({ getSubscription: () => Promise.resolve(subscription), subscribe: vi.fn() });
    answerKey();
    fetchMock.mockResolvedValueOnce(json(503, { statusCode: 503, error: 'Service Unavailable', message: 'No.' }));
    await expect(subscribeToPush()).resolves.toBe('failed');
  });
});

describe('subscribedPushCapability (what "Avisos" says of this device)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is ready only with a push subscription: a granted permission alone reminds while the app is open', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('PushManager', class {});
    withPushSubscription(null);
    await expect(subscribedPushCapability()).resolves.toBe('in-page');
    withPushSubscription({ endpoint, unsubscribe });
    await expect(subscribedPushCapability()).resolves.toBe('ready');
  });

  it('says what the permission says when it is not granted', async () => {
    vi.stubGlobal('PushManager', class {});
    withPushSubscription({ endpoint, unsubscribe });
    vi.stubGlobal('Notification', { permission: 'denied' });
    await expect(subscribedPushCapability()).resolves.toBe('denied');
    vi.stubGlobal('Notification', { permission: 'default' });
    await expect(subscribedPushCapability()).resolves.toBe('not-asked');
  });
});
