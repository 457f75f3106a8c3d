import type { PushEndpointBody } from '#contract/reminders';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { loadContract } from '../../lib/contract.ts';
import type { InPageReminder } from './in-page-reminders.ts';

// The service worker itself is registered at start-up (web/lib/service-worker.ts).
const SERVICE_WORKER_READY_TIMEOUT_MS = 5_000;
/** Chromium without a push service (headless, no FCM) can hang here instead of failing. */
const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;
/** Signing out waits at most this long for the server to forget this browser's subscription. */
const PUSH_FORGET_TIMEOUT_MS = 3_000;

export const notificationsSupported = (): boolean => 'Notification' in window;

export const notificationsAllowed = (): boolean => 'Notification' in window && Notification.permission === 'granted';

/**
 * Whether this device can receive pushes with the app closed, and if not, why (the "Avisos" screen says it):
 * `in-page` is a granted permission without a push subscription (reminders come only while the app is open).
 */
export type PushCapability = 'ready' | 'in-page' | 'not-asked' | 'denied' | 'ios-home-screen' | 'unsupported';

export function pushCapability(): PushCapability {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  // iOS gives Web Push only to a web app opened from the home screen.
  if (/iPad|iPhone|iPod/.test(navigator.userAgent) && !standalone) return 'ios-home-screen';
  if (!('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' ? 'ready' : 'not-asked';
}

/** `pushCapability`, checked against the browser's subscription: a granted permission alone is not `ready`. */
export async function subscribedPushCapability(): Promise<PushCapability> {
  const capability = pushCapability();
  if (capability !== 'ready') return capability;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager?.getSubscription()) ? 'ready' : 'in-page';
  } catch {
    return 'in-page';
  }
}

/**
 * The spec's notification permission call: checks and, if not decided yet, asks.
 * Throws where the browser has no notifications at all.
 */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  if (!('Notification' in window)) throw new Error('this browser has no Notification API');
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** From the page, through the service worker when there is one (mobile Chrome refuses `new Notification`). */
export async function showReminderNotification({ title, body, tag }: InPageReminder): Promise<void> {
  const options: NotificationOptions = { body, tag, icon: '/favicon.svg', data: { url: paths.favorites } };
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration) return registration.showNotification(title, options);
  new Notification(title, options);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function base64UrlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, i) => byte === expected[i]);
}

/**
 * How subscribing to Web Push went. Anything but `subscribed` means reminders reach this
 * browser only while the app is open (the in-page timers), and the user is told why:
 * - `unsupported`: no service worker or no Push API (an old or private-mode browser);
 * - `refused`: the browser or its push service refused or never answered the subscription;
 * - `failed`: our server could not save it (it says nothing about the browser).
 */
export type PushSubscribeResult = 'subscribed' | 'unsupported' | 'refused' | 'failed';

/**
 * Subscribes this browser to Web Push with the server's VAPID key and saves the
 * subscription for the signed-in user, so reminders arrive with the app closed.
 */
export async function subscribeToPush(): Promise<PushSubscribeResult> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  let registration: ServiceWorkerRegistration;
  let serverKey: Uint8Array<ArrayBuffer>;
  try {
    registration = await withTimeout(navigator.serviceWorker.ready, SERVICE_WORKER_READY_TIMEOUT_MS);
  } catch {
    // No worker took control (Firefox's private windows have none, for one): push cannot work here.
    return 'unsupported';
  }
  if (!registration.pushManager) return 'unsupported';
  try {
    serverKey = base64UrlToBytes(await fetchVapidPublicKey());
  } catch {
    return 'failed';
  }
  let subscription: PushSubscription | null;
  const subscribe = () =>
    withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }),
      PUSH_SUBSCRIBE_TIMEOUT_MS,
    );
  try {
    subscription = await registration.pushManager.getSubscription();
    // Made for another key (the server's database was reset): the push service would refuse our pushes.
    if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await subscribe();
  } catch {
    return 'refused';
  }
  try {
    await savePushSubscription(subscription.toJSON());
  } catch (error) {
    // Still another account's here (it never signed out): a new subscription ends that one at
    // the push service, whose 410 then removes it from that account, and belongs to this one.
    if (!(error instanceof ApiRequestError && error.status === 409)) return 'failed';
    try {
      await subscription.unsubscribe();
      subscription = await subscribe();
    } catch {
      return 'refused';
    }
    try {
      await savePushSubscription(subscription.toJSON());
    } catch {
      return 'failed';
    }
  }
  return 'subscribed';
}

/**
 * On sign-out: the server forgets this browser's subscription (so the next
 * account on this device gets none of this user's reminders), and the browser
 * drops it. Best effort and bounded in time: signing out never fails or hangs on it.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await withTimeout(deletePushSubscription(subscription.endpoint), PUSH_FORGET_TIMEOUT_MS).catch((error: unknown) =>
      console.warn('push subscription not removed from the server', error),
    );
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('push subscription not removed', error);
  }
}

async function fetchVapidPublicKey(): Promise<string> {
  const { VapidPublicKeyResponseSchema } = await loadContract();
  return (await apiRequest('/api/push/vapid-public-key', { schema: VapidPublicKeyResponseSchema })).data.publicKey;
}

/** Sends what `PushSubscription.toJSON()` gives; the server validates it. */
async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  const { MessageResponseSchema } = await loadContract();
  await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription, schema: MessageResponseSchema });
}

/** Forgets this browser's subscription for the signed-in user (on sign-out). */
async function deletePushSubscription(endpoint: string): Promise<void> {
  const { MessageResponseSchema } = await loadContract();
  await apiRequest('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint } satisfies PushEndpointBody,
    schema: MessageResponseSchema,
  });
}
