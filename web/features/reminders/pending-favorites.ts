import { z } from 'zod';

/**
 * This device's changes the server has not confirmed yet, per user (`savedMatchesPending_<userId>`: match id → saved
 * or removed). A write cut short (the page left before its answer, no connection) must not be undone by the server's
 * older list at the next start: the list keeps it, and it is sent again (`useFavorites`).
 */
const pendingKey = (userId: number) => `savedMatchesPending_${userId}`;
const PendingSchema = z.record(z.string().regex(/^\d+$/), z.boolean());

/** `userId`'s unconfirmed changes, match id → saved; what cannot be read back counts as none. */
export function pendingChanges(userId: number): Map<number, boolean> {
  try {
    const parsed = PendingSchema.safeParse(JSON.parse(localStorage.getItem(pendingKey(userId)) ?? '{}'));
    if (parsed.success) return new Map(Object.entries(parsed.data).map(([id, saved]) => [Number(id), saved]));
  } catch {
    // Unreadable: none.
  }
  return new Map();
}

function writePending(userId: number, pending: Map<number, boolean>): void {
  if (pending.size === 0) localStorage.removeItem(pendingKey(userId));
  else localStorage.setItem(pendingKey(userId), JSON.stringify(Object.fromEntries(pending)));
}

/** `userId` saved (or removed) `matchId` on this device: pending until the server confirms it. */
export function markPending(userId: number, matchId: number, saved: boolean): void {
  writePending(userId, pendingChanges(userId).set(matchId, saved));
}

/** The server has `matchId` `saved` (or removed) for `userId`: no longer pending, unless a later change is. */
export function settleMatchId(userId: number, matchId: number, saved: boolean): void {
  const pending = pendingChanges(userId);
  if (pending.get(matchId) !== saved) return;
  pending.delete(matchId);
  writePending(userId, pending);
}
