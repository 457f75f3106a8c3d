import type { PoolNotificationKind } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { createLinkKeyStore } from '../../db/first-stored-setting.ts';
import { linkSignature, signatureHolds } from '../../lib/link-signature.ts';

const SETTING_KEY = 'mail_unsubscribe_key';

/** What one unsubscribe link turns off: one kind of e-mail reminder of one pool, for one account. */
export interface UnsubscribeTarget {
  userId: number;
  poolId: number;
  kind: PoolNotificationKind;
}

const KIND_CODES: Record<PoolNotificationKind, string> = { 'missing-picks': 'm', 'jornada-results': 'j' };

/** `userId.poolId.kind.signature`: the signature is an HMAC-SHA256 (128 bits of it) under a key every instance shares. */
export function signUnsubscribe(key: Buffer, { userId, poolId, kind }: UnsubscribeTarget): string {
  const payload = `${userId}.${poolId}.${KIND_CODES[kind]}`;
  return `${payload}.${linkSignature(key, payload)}`;
}

/** The target of a token this server signed; null for anything else. */
export function verifyUnsubscribe(key: Buffer, token: string): UnsubscribeTarget | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([mj])\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, user, pool, code, given] = match as unknown as [string, string, string, string, string];
  if (!signatureHolds(key, `${user}.${pool}.${code}`, given)) return null;
  return { userId: Number(user), poolId: Number(pool), kind: code === 'm' ? 'missing-picks' : 'jornada-results' };
}

/** The signing key of unsubscribe links, and of nothing else (`createLinkKeyStore`). */
export const createUnsubscribeKeyStore = (db: Database) => createLinkKeyStore(db, SETTING_KEY);

export type UnsubscribeKeyStore = ReturnType<typeof createUnsubscribeKeyStore>;
