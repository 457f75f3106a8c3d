import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/** Local storage key named by the spec (§9): the saved match ids as a JSON array. */
const SAVED_MATCHES_KEY = 'savedMatches';

const SavedIdsSchema = z.array(z.number().int().positive());

/** What cannot be read back counts as nothing saved, rather than breaking both tabs. */
export function parseSavedMatchIds(raw: string | null): number[] {
  if (raw === null) return [];
  try {
    const parsed = SavedIdsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? [...new Set(parsed.data)] : [];
  } catch {
    return [];
  }
}

// useSyncExternalStore needs the same object back while nothing changed.
let cached: { raw: string | null; ids: ReadonlySet<number> } | null = null;
const listeners = new Set<() => void>();

export function readSavedMatchIds(): ReadonlySet<number> {
  const raw = localStorage.getItem(SAVED_MATCHES_KEY);
  if (cached?.raw !== raw) cached = { raw, ids: new Set(parseSavedMatchIds(raw)) };
  return cached.ids;
}

function write(ids: Iterable<number>): void {
  localStorage.setItem(SAVED_MATCHES_KEY, JSON.stringify([...ids]));
  for (const listener of listeners) listener();
}

export function saveMatchId(matchId: number): void {
  write(new Set([...readSavedMatchIds(), matchId]));
}

export function removeMatchId(matchId: number): void {
  write([...readSavedMatchIds()].filter((id) => id !== matchId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Saving in another browser tab shows up in this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSavedMatchIds(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, readSavedMatchIds);
}
