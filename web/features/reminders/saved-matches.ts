import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { createLocalStore } from '../../lib/local-store.ts';
import { readStoredAccount } from '../accounts/session.ts';

/**
 * Local storage key named by the spec (`savedMatches`). It holds each account's saved match ids,
 * keyed by user id (`{"12":[3,7],"15":[9]}`), so the next player on a shared phone
 * never sees the last one's hearts. The server keeps the same favourites
 * (`GET /api/favorites`), which replace this device's copy once they arrive.
 *
 * Older versions kept one plain array for the whole device. It is given to the
 * account signed in when it is first read (the one most likely to have saved it:
 * sign-out did not clear it, so it may also hold an earlier account's hearts, which is
 * what this key used to show anyway), and uploaded to that account's favourites
 * (`takeLegacySavedMatchIds`), so nothing saved before the upgrade is lost.
 */
const SAVED_MATCHES_KEY = 'savedMatches';

const SavedIdsSchema = z.array(z.number().int().positive());
const SavedByUserSchema = z.record(z.string().regex(/^\d+$/), SavedIdsSchema);

type SavedByUser = Record<string, number[]>;
/** What the key holds: ids per user, the old device-wide array, or nothing readable. */
type Stored = { kind: 'per-user'; byUser: SavedByUser } | { kind: 'legacy'; ids: number[] };

/** What cannot be read back counts as nothing saved, rather than breaking both tabs. */
export function parseStoredSavedMatches(raw: string | null): Stored {
  if (raw === null) return { kind: 'per-user', byUser: {} };
  try {
    const json: unknown = JSON.parse(raw);
    const legacy = SavedIdsSchema.safeParse(json);
    if (legacy.success) return { kind: 'legacy', ids: [...new Set(legacy.data)] };
    const perUser = SavedByUserSchema.safeParse(json);
    if (perUser.success) return { kind: 'per-user', byUser: perUser.data };
  } catch {
    // Unreadable: nothing saved.
  }
  return { kind: 'per-user', byUser: {} };
}

/** The signed-in user's saved ids as stored (an old device-wide array counts as theirs). */
export function parseSavedMatchIds(raw: string | null, userId: number): number[] {
  const stored = parseStoredSavedMatches(raw);
  return stored.kind === 'legacy' ? stored.ids : [...new Set(stored.byUser[String(userId)] ?? [])];
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

/** The signed-in user's saved match ids; nobody signed in, none. */
export const readSavedMatchIds = (): ReadonlySet<number> => store.read();

function writeFor(userId: number, ids: Iterable<number>): void {
  const stored = parseStoredSavedMatches(localStorage.getItem(SAVED_MATCHES_KEY));
  const byUser = stored.kind === 'per-user' ? stored.byUser : {};
  const list = [...new Set(ids)];
  if (list.length > 0) byUser[String(userId)] = list;
  else delete byUser[String(userId)];
  localStorage.setItem(SAVED_MATCHES_KEY, JSON.stringify(byUser));
  store.changed();
}

export function saveMatchId(matchId: number): void {
  const userId = signedInUserId();
  if (userId !== null) writeFor(userId, [...readSavedMatchIds(), matchId]);
}

export function removeMatchId(matchId: number): void {
  const userId = signedInUserId();
  if (userId !== null)
    writeFor(
      userId,
      [...readSavedMatchIds()].filter((id) => id !== matchId),
    );
}

/** The server's favourites of `userId` become this device's (the server is the truth once it answers). */
export function replaceSavedMatchIds(userId: number, ids: readonly number[]): void {
  if (signedInUserId() !== userId) return;
  const current = readSavedMatchIds();
  if (current.size === ids.length && ids.every((id) => current.has(id))) return;
  writeFor(userId, ids);
}

/**
 * Moves an old device-wide array to `userId` and returns its ids, which the caller
 * uploads to that account's favourites; [] when there is none (the usual case).
 */
export function takeLegacySavedMatchIds(userId: number): number[] {
  const stored = parseStoredSavedMatches(localStorage.getItem(SAVED_MATCHES_KEY));
  if (stored.kind !== 'legacy') return [];
  writeFor(userId, stored.ids);
  return stored.ids;
}

export function useSavedMatchIds(): ReadonlySet<number> {
  return useSyncExternalStore(store.subscribe, store.read);
}
