import type { Clock } from '#server/lib/clock';
import { createPoolPushesRepository } from '#server/modules/reminders/pool-pushes.repository';
import { readFileSync } from 'node:fs';
import { addressList, createPushEndpointGuard } from '#server/modules/reminders/push-endpoint';
import { createPushSender } from '#server/modules/reminders/push-sender';
import { createPushSubscriptionsRepository } from '#server/modules/reminders/push-subscriptions.repository';
import { createReminderScheduler } from '#server/modules/reminders/reminder-scheduler';
import { createRemindersRepository } from '#server/modules/reminders/reminders.repository';
import { createVapidKeyStore } from '#server/modules/reminders/vapid-keys';
import { e2ePushTls } from './push-service.ts';
import type { TestApp } from './test-app.ts';

/** The certificate of the API tests' https push services (`startPushService(e2ePushTls(API_PUSH_TLS))`). */
export const API_PUSH_TLS = 'api';

/**
 * One reminder scheduler on the test app's database, as one app instance would run it, sending with the app's own
 * guarded transport (server/modules/reminders/push-endpoint.ts) to tests/support/push-service.ts's https stand-in on
 * 127.0.0.1, which it trusts and may reach, as OUTBOUND_ALLOWED_ADDRESSES=127.0.0.1 would let an instance. Two of
 * them are two instances; a new one is a restarted instance.
 */
const localPushes = createPushEndpointGuard({
  hosts: null,
  allowedAddresses: addressList('127.0.0.1'),
  ca: readFileSync(e2ePushTls(API_PUSH_TLS).cert),
});

export function newScheduler(t: TestApp, clock: Clock, vapidSubject = 'mailto:test@example.com') {
  return createReminderScheduler({
    reminders: createRemindersRepository(t.db),
    poolPushes: createPoolPushesRepository(t.db),
    jornadaOutcomes: t.app.services.leaderboard.jornadaOutcomes,
    subscriptions: createPushSubscriptionsRepository(t.db),
    sendPush: createPushSender({ vapidKeys: createVapidKeyStore(t.db), subject: vapidSubject, transport: localPushes.transport }),
    clock,
  });
}
