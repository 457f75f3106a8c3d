import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-tokens.ts';

describe('unsubscribe tokens', () => {
  const key = randomBytes(32);
  const target = { userId: 12, poolId: 7, kind: 'jornada-results' } as const;

  it('name one kind of one pool for one account, and are read back only with the key that signed them', () => {
    const token = signUnsubscribe(key, target);
    expect(token).toMatch(/^12\.7\.j\.[A-Za-z0-9_-]{22}$/);
    expect(verifyUnsubscribe(key, token)).toEqual(target);
    expect(verifyUnsubscribe(randomBytes(32), token)).toBeNull();
  });

  it('refuse any change to what they name', () => {
    const token = signUnsubscribe(key, target);
    for (const forged of [token.replace(/^12\./, '13.'), token.replace('.7.', '.8.'), token.replace('.j.', '.m.'), `${token}x`, token.slice(0, -1), '']) {
      expect(verifyUnsubscribe(key, forged), forged).toBeNull();
    }
  });
});
