import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PoolNotificationKind } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { createFirstStoredSetting } from '../../db/first-stored-setting.ts';

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
  return `${payload}.${signature(key, payload)}`;
}

/** The target of a token this server signed; null for anything else. */
export function verifyUnsubscribe(key: Buffer, token: string): UnsubscribeTarget | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([mj])\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, user, pool, code, given] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(signature(key, `${user}.${pool}.${code}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return { userId: Number(user), poolId: Number(pool), kind: code === 'm' ? 'missing-picks' : 'jornada-results' };
}

const signature = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');

/**
 * The signing key, made on first use and stored with the instance-wide settings (`createFirstStoredSetting`), so that
 * every instance signs and verifies alike and a link works after a restart.
 */
export function createUnsubscribeKeyStore(db: Database) {
  return createFirstStoredSetting(db, SETTING_KEY, {
    offer: () => JSON.stringify(randomBytes(32).toString('base64url')),
    parse: (value) => Buffer.from(JSON.parse(value) as string, 'base64url'),
    missing: 'unsubscribe key missing right after its insert',
  });
}

export type UnsubscribeKeyStore = ReturnType<typeof createUnsubscribeKeyStore>;
