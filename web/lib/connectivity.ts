import { useSyncExternalStore } from 'react';

/**
 * Whether the device is online and whether what the screens show came from the
 * offline cache (and from when), for the offline indicator and the "stale" mark.
 */
export interface Connectivity {
  online: boolean;
  /** When the oldest cached answer on screen was saved; null while answers are fresh. */
  staleSince: number | null;
}

let state: Connectivity = { online: typeof navigator === 'undefined' ? true : navigator.onLine, staleSince: null };
const listeners = new Set<() => void>();

function update(next: Partial<Connectivity>): void {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.staleSince === state.staleSince) return;
  state = merged;
  for (const listener of listeners) listener();
}

export function noteServedFromCache(savedAt: number): void {
  update({ staleSince: state.staleSince === null ? savedAt : Math.min(state.staleSince, savedAt) });
}

export function noteFreshAnswer(): void {
  update({ staleSince: null });
}

/** Signing out or losing the session: nothing on screen is that user's cached data any more. */
export function clearStaleMark(): void {
  update({ staleSince: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = () => update({ online: true });
  const onOffline = () => update({ online: false });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

function snapshot(): Connectivity {
  // Events may have fired while nobody listened: the browser's own flag is the truth.
  if (state.online !== navigator.onLine) state = { ...state, online: navigator.onLine };
  return state;
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, snapshot);
}
