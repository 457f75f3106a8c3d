import { describe, expect, it } from 'vitest';
import { hashPassword, hashQueue, verifyPassword } from './passwords.ts';

// Each scrypt hash is 16 MiB of memory-hard work: a loaded 2-core machine can take seconds for a few.
describe('password hashing', { timeout: 30_000 }, () => {
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

  // Asserts the queueing, not the time: on a loaded 2-core CI machine a burst of 20 hashes
  // outlived Vitest's 5 s default. Two over the limit is the smallest burst that must queue.
  it('queues a burst of hashes beyond the limit and answers every one', async () => {
    const { limit } = hashQueue();
    const passwords = Array.from({ length: limit + 2 }, (_, i) => `burst-${i}`);
    const pending = passwords.map((p) => hashPassword(p));
    expect(hashQueue()).toEqual({ running: limit, waiting: 2, limit });
    const hashes = await Promise.all(pending);
    expect(hashQueue()).toEqual({ running: 0, waiting: 0, limit });
    expect(await verifyPassword(passwords[0]!, hashes[0]!)).toBe(true);
    expect(await verifyPassword(passwords.at(-1)!, hashes.at(-1)!)).toBe(true);
  });

  it('frees the slot of a hash that fails, so later ones still run', async () => {
    // N must be a power of two: scrypt refuses these.
    const broken = Array.from({ length: 9 }, () => verifyPassword('x', 'scrypt$3$8$5$c2FsdA==$a2V5'));
    for (const attempt of broken) await expect(attempt).rejects.toThrow();
    expect(await verifyPassword('after', await hashPassword('after'))).toBe(true);
  });
});
