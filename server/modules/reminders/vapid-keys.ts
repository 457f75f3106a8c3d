import webpush from 'web-push';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createFirstStoredSetting } from '../../db/first-stored-setting.ts';

const SETTING_KEY = 'vapid_keys';

const VapidKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });
export type VapidKeys = z.infer<typeof VapidKeysSchema>;

/**
 * The VAPID key pair every instance signs its pushes with, made on first start: one pair for all of them
 * (`createFirstStoredSetting`), so browsers never see two public keys.
 */
export function createVapidKeyStore(db: Database) {
  return createFirstStoredSetting(db, SETTING_KEY, {
    offer: () => JSON.stringify(webpush.generateVAPIDKeys()),
    parse: (value): VapidKeys => VapidKeysSchema.parse(JSON.parse(value)),
    missing: 'VAPID keys missing right after their insert',
  });
}

export type VapidKeyStore = ReturnType<typeof createVapidKeyStore>;
