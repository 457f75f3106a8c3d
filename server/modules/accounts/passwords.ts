import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * scrypt with OWASP's N=2^14, r=8, p=5 profile: 16 MiB per hash, so many
 * concurrent sign-ins do not exhaust memory on a small server.
 */
const params = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;

/**
 * Hashes computed at once: one per core. libuv would run four, but on fewer cores
 * the extra ones only wait inside its pool holding their 16 MiB (a sign-up burst
 * pushed the embedded server past its memory budget) and keep file work queued.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism()));
let hashing = 0;
const waitingForSlot: (() => void)[] = [];

/** How many hashes run now and how many wait for a slot (for tests and metrics). */
export function hashQueue(): { running: number; waiting: number; limit: number } {
  return { running: hashing, waiting: waitingForSlot.length, limit: MAX_CONCURRENT_HASHES };
}

async function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  if (hashing < MAX_CONCURRENT_HASHES) hashing += 1;
  else await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  try {
    return await new Promise((resolve, reject) => {
      scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
        err ? reject(err) : resolve(key),
      );
    });
  } finally {
    // The slot passes straight to the next waiter, so the count never overshoots.
    const next = waitingForSlot.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/** Format: `scrypt$N$r$p$<salt b64>$<key b64>`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, key] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A real hash of a random password. Verifying against it when the e-mail is
 * unknown makes sign-in take the same time either way (no account enumeration).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
