import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { forgetPushSubscription } from './notifications.ts';

const endpoint = 'https://push.example.com/send/abc';
const fetchMock = vi.fn<typeof fetch>();
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
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ getAccessToken: () => 'token-123', onUnauthorized: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  unsubscribe.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
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
