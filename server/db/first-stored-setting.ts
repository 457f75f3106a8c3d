import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { appSettings } from './schema.ts';

/**
 * An instance-wide setting made on first use (a key pair, a signing key) and never changed: instances starting
 * together each offer a fresh value (`offer`, JSON text); the first insert wins and all of them read that one back.
 * Each process reads it once, and again after a failed read.
 */
export function createFirstStoredSetting<T>(
  db: Database,
  key: string,
  setting: { offer: () => string; parse: (value: string) => T; missing: string },
) {
  let value: Promise<T> | undefined;
  const load = async (): Promise<T> => {
    await db.insert(appSettings).values({ key, value: setting.offer() }).onConflictDoNothing();
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
    if (!row) throw new Error(setting.missing);
    return setting.parse(row.value);
  };
  return {
    get(): Promise<T> {
      value ??= load().catch((error: unknown) => {
        value = undefined;
        throw error;
      });
      return value;
    },
  };
}

/**
 * A 256-bit key that signs one kind of link (server/lib/link-signature.ts), made on first use and stored like any
 * such setting, so that every instance signs and verifies alike and a link works after a restart.
 */
export function createLinkKeyStore(db: Database, key: string) {
  return createFirstStoredSetting(db, key, {
    offer: () => JSON.stringify(randomBytes(32).toString('base64url')),
    parse: (value) => Buffer.from(JSON.parse(value) as string, 'base64url'),
    missing: `${key} missing right after its insert`,
  });
}
