import type { Database } from '../../db/client.ts';
import { createLinkKeyStore } from '../../db/first-stored-setting.ts';
import { linkSignature, signatureHolds } from '../../lib/link-signature.ts';

const SETTING_KEY = 'calendar_feed_key';

/** Whose calendar of which pool an address opens. */
export interface CalendarTarget {
  userId: number;
  poolId: number;
}

/**
 * The signed text, bound to its purpose as well as signed with a key of its own, so that no other signed link
 * (an unsubscribe link names a user and a pool too) is ever a calendar's address.
 */
const payloadOf = (user: number | string, pool: number | string) => `calendar.${user}.${pool}`;

/** `userId.poolId.signature`, the signature an HMAC-SHA256 (128 bits of it) under the calendars' own key. */
export function signCalendar(key: Buffer, { userId, poolId }: CalendarTarget): string {
  return `${userId}.${poolId}.${linkSignature(key, payloadOf(userId, poolId))}`;
}

/** The target of a token this server signed for a calendar; null for anything else. */
export function verifyCalendar(key: Buffer, token: string): CalendarTarget | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, user, pool, given] = match as unknown as [string, string, string, string];
  if (!signatureHolds(key, payloadOf(user, pool), given)) return null;
  return { userId: Number(user), poolId: Number(pool) };
}

/** The calendars' signing key, made on first use and shared by every instance (`createLinkKeyStore`). */
export const createCalendarKeyStore = (db: Database) => createLinkKeyStore(db, SETTING_KEY);

export type CalendarKeyStore = ReturnType<typeof createCalendarKeyStore>;
