import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

const SETTING_KEY = 'vapid_keys';

const VapidKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });
export type VapidKeys = z.infer<typeof VapidKeysSchema>;

/**
 * The VAPID key pair every instance signs its pushes with, made on first start.
 * Instances starting together each offer a fresh pair; the first insert wins and
 * all of them read that one back, so browsers never see two public keys.
 */
export function createVapidKeyStore(db: Database) {
  let keys: Promise<VapidKeys> | undefined;

  const load = async (): Promise<VapidKeys> => {
    const offered = JSON.stringify(webpush.generateVAPIDKeys());
    await db.insert(appSettings).values({ key: SETTING_KEY, value: offered }).onConflictDoNothing();
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SETTING_KEY));
    if (!row) throw new Error('VAPID keys missing right after their insert');
    return VapidKeysSchema.parse(JSON.parse(row.value));
  };

  return {
    /** The pair never changes once stored, so each process reads it once (and again after a failed read). */
    get(): Promise<VapidKeys> {
      keys ??= load().catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      return keys;
    },
  };
}

export type VapidKeyStore = ReturnType<typeof createVapidKeyStore>;
