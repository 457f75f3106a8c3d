import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribe } from '../mail/unsubscribe-tokens.ts';
import { signCalendar, verifyCalendar } from './calendar-tokens.ts';

describe('calendar tokens', () => {
  const key = randomBytes(32);
  const target = { userId: 12, poolId: 7 };

  it('name one pool for one account, and are read back only with the key that signed them', () => {
    const token = signCalendar(key, target);
    expect(token).toMatch(/^12\.7\.[A-Za-z0-9_-]{22}$/);
    expect(verifyCalendar(key, token)).toEqual(target);
    expect(verifyCalendar(randomBytes(32), token)).toBeNull();
  });

  it('refuse any change to what they name, and an unsubscribe link signed with the same key', () => {
    const token = signCalendar(key, target);
    const unsubscribe = signUnsubscribe(key, { ...target, kind: 'missing-picks' });
    const shaped = unsubscribe.replace('.m.', '.');
    for (const forged of [token.replace(/^12\./, '13.'), token.replace('.7.', '.8.'), `${token}x`, token.slice(0, -1), '', unsubscribe, shaped]) {
      expect(verifyCalendar(key, forged), forged).toBeNull();
    }
  });
});
