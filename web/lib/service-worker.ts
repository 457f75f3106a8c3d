import { useSyncExternalStore } from 'react';

/** The service worker built from web/sw.ts (vite.config.ts emits it unhashed at this path). */
export const SERVICE_WORKER_URL = '/sw.js';
/** The message web/sw.ts answers by activating at once. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
/** How often an open app asks whether a new version was deployed (also whenever it comes back into view). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A new version's worker that has installed (its app shell is cached) and waits
 * for the open pages to let it take over: the "Actualizar" prompt offers that.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/**
 * Reports a worker that waits to replace the one controlling this page. The very
 * first install is not an update (nothing controlled the page), so it is not reported.
 */
export function watchForWaitingWorker(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  onWaiting: (worker: ServiceWorker | null) => void,
): void {
  const report = (worker: ServiceWorker) => {
    if (!container.controller) return;
    onWaiting(worker);
    // Another tab may let it take over, or a newer one may replace it.
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') onWaiting(null);
    });
  };
  if (registration.waiting) report(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') report(installing);
    });
  });
}

/**
 * Registers the service worker (app shell offline, reminders by Web Push) and
 * keeps asking for a new version while the app stays open.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const container = navigator.serviceWorker;
  try {
    const registration = await container.register(SERVICE_WORKER_URL);
    watchForWaitingWorker(registration, container, setWaiting);
    const checkForUpdate = () => void registration.update().catch(() => undefined);
    setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') checkForUpdate();
    });
    return registration;
  } catch (error) {
    console.warn('service worker not registered: no offline app shell, reminders only while the app is open', error);
    return null;
  }
}

/**
 * Lets the waiting worker take over, then reloads once it controls the page, so
 * the page runs the code that worker cached. Only a page that asked reloads.
 */
export function applyUpdate(
  worker: ServiceWorker | null = waiting,
  container: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): void {
  if (!worker) return;
  container.addEventListener('controllerchange', () => reload(), { once: true });
  worker.postMessage(SKIP_WAITING_MESSAGE);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits to be applied (with `applyUpdate()`). */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}
