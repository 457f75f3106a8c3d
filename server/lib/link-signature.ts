import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a link the server hands out to be used without a session (an unsubscribe link, a calendar's
 * address): an HMAC-SHA256 of what it names, 128 bits of it in base64url (22 characters), under a key of that
 * kind of link alone.
 */
export const linkSignature = (key: Buffer, payload: string): string =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');

/** Whether `given` is `payload`'s signature under `key`, compared in constant time. */
export function signatureHolds(key: Buffer, payload: string, given: string): boolean {
  const expected = Buffer.from(linkSignature(key, payload));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
