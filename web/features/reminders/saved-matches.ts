import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { createLocalStore } from '../../lib/local-store.ts';
import { readStoredAccount, SAVED_MATCHES_KEY, subscribeToStoredAccount } from '../../lib/session.ts';
import { markPending, pendingChanges } from './pending-favorites.ts';

/**
 * The spec's local key `savedMatches`: the signed-in user's saved match ids, a list (`[3,7]`). The server keeps
 * each user's favourites (`GET /api/favorites`): they replace this list once they arrive after a sign-in, and
 * signing in or out empties it first (lib/session.ts), so the next person on a shared phone never sees the
 * last one's hearts.
 *
 * A version of the app kept every account's ids in this key, keyed by user id (`{"12":[3,7]}`); such a value is read
 * as the signed-in user's entry and written back as a list at the next change (the server's list replaces it anyway).
 */
const SavedIdsSchema = z.array(z.number().int().positive());
const SavedByUserSchema = z.record(z.string().regex(/^\d+$/), SavedIdsSchema);

/** The signed-in user's saved ids as stored; what cannot be read back counts as nothing saved. */
export function parseSavedMatchIds(raw: string | null, userId: number): number[] {
  if (raw === null) return [];
  try {
    const json: unknown = JSON.parse(raw);
    const list = SavedIdsSchema.safeParse(json);
    if (list.success) return [...new Set(list.data)];
    const byUser = SavedByUserSchema.safeParse(json);
    if (byUser.success) return [...new Set(byUser.data[String(userId)] ?? [])];
  } catch {
    // Unreadable: nothing saved.
  }
  return [];
}

const signedInUserId = (): number | null => {
  const account = readStoredAccount();
  return account.status === 'signed-in' ? account.userProfile.id : null;
};

const EMPTY: ReadonlySet<number> = new Set();
// Saving in another browser tab shows up in this one too.
const store = createLocalStore(
  () => [localStorage.getItem(SAVED_MATCHES_KEY), signedInUserId()],
  (raw, userId): ReadonlySet<number> => (userId === null ? EMPTY : new Set(parseSavedMatchIds(raw, userId))),
);

/** Hears this key's writes and the account's sign-in and sign-out, which empty it. */
const subscribe = (listener: () => void) => {
  const fromStore = store.subscribe(listener);
  const fromAccount = subscribeToStoredAccount(listener);
  return () => {
    fromStore();
    fromAccount();
  };
};

/** The signed-in user's saved match ids; nobody signed in, none. */
export const readSavedMatchIds = (): ReadonlySet<number> => store.read();

function write(ids: Iterable<number>): void {
  localStorage.setItem(SAVED_MATCHES_KEY, JSON.stringify([...new Set(ids)]));
  store.changed();
}

/** Saves or removes `matchId` on this device for the signed-in user, pending until the server confirms it. */
function change(matchId: number, saved: boolean): void {
  const userId = signedInUserId();
  if (userId === null) return;
  markPending(userId, matchId, saved);
  const ids = readSavedMatchIds();
  write(saved ? [...ids, matchId] : [...ids].filter((id) => id !== matchId));
}

export const saveMatchId = (matchId: number): void => change(matchId, true);
export const removeMatchId = (matchId: number): void => change(matchId, false);

/**
 * The server's favourites of `userId` become this device's list (the server is the truth once it answers), but for
 * this device's changes it has not confirmed yet.
 */
export function replaceSavedMatchIds(userId: number, ids: readonly number[]): void {
  if (signedInUserId() !== userId) return;
  const pending = pendingChanges(userId);
  const added = [...pending].filter(([, saved]) => saved).map(([id]) => id);
  const list = [...new Set([...ids.filter((id) => pending.get(id) !== false), ...added])];
  if (localStorage.getItem(SAVED_MATCHES_KEY) !== JSON.stringify(list)) write(list);
}

export function useSavedMatchIds(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, store.read);
}
