import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.startsWith('scrypt$16384$8$5$')).toBe(true);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$a$b')).toBe(false);
  });

  it('queues a burst of hashes and answers every one', async () => {
    const passwords = Array.from({ length: 10 }, (_, i) => `burst-${i}`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(passwords[i]!, h)))).toEqual(passwords.map(() => true));
  });

  it('frees the slot of a hash that fails, so later ones still run', async () => {
    // N must be a power of two: scrypt refuses these.
    const broken = Array.from({ length: 9 }, () => verifyPassword('x', 'scrypt$3$8$5$c2FsdA==$a2V5'));
    for (const attempt of broken) await expect(attempt).rejects.toThrow();
    expect(await verifyPassword('after', await hashPassword('after'))).toBe(true);
  });
});
