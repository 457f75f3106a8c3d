/**
 * The service worker (served at /sw.js, see vite.config.ts): shows the
 * reminders the server pushes while the app is closed, and opens the app when
 * one is tapped. It imports nothing at run time, so it builds into one file.
 */
import type { ReminderPushPayload } from '#contract/index';

const sw = self as unknown as ServiceWorkerGlobalScope;

const FALLBACK: ReminderPushPayload = {
  id: 0,
  matchId: 0,
  tag: 'reminder',
  title: 'Quiniela',
  body: 'Tienes un partido guardado a punto de empezar.',
  url: '/tabs/favorites',
};

function readPayload(data: PushMessageData | null): ReminderPushPayload {
  try {
    const payload = data?.json() as Partial<ReminderPushPayload> | undefined;
    return { ...FALLBACK, ...payload };
  } catch {
    return FALLBACK;
  }
}

// A new version takes over at once: it only shows notifications, there is nothing to migrate.
sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('push', (event) => {
  const { title, body, tag, url } = readPayload(event.data);
  event.waitUntil(sw.registration.showNotification(title, { body, tag, icon: '/favicon.svg', data: { url } }));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  event.waitUntil(openApp(new URL(url ?? FALLBACK.url, sw.location.origin).href));
});

/** Brings an open window of the app forward on the reminder's screen, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (!open) {
    await sw.clients.openWindow(url);
    return;
  }
  await open.focus();
  // Only a window this worker controls can be navigated; the others are just brought forward.
  await open.navigate(url).catch(() => undefined);
}
