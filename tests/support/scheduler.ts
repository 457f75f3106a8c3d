import type { Clock } from '#server/lib/clock';
import { createPoolPushesRepository } from '#server/modules/reminders/pool-pushes.repository';
import { createPushSender, fetchPushTransport } from '#server/modules/reminders/push-sender';
import { createPushSubscriptionsRepository } from '#server/modules/reminders/push-subscriptions.repository';
import { createReminderScheduler } from '#server/modules/reminders/reminder-scheduler';
import { createRemindersRepository } from '#server/modules/reminders/reminders.repository';
import { createVapidKeyStore } from '#server/modules/reminders/vapid-keys';
import type { TestApp } from './test-app.ts';

/**
 * One reminder scheduler on the test app's database, as one app instance would run it, sending over HTTP with
 * `fetch` (to tests/support/push-service.ts). Two of them are two instances; a new one is a restarted instance.
 */
export function newScheduler(t: TestApp, clock: Clock, vapidSubject = 'mailto:test@example.com') {
  return createReminderScheduler({
    reminders: createRemindersRepository(t.db),
    poolPushes: createPoolPushesRepository(t.db),
    jornadaOutcomes: t.app.services.leaderboard.jornadaOutcomes,
    subscriptions: createPushSubscriptionsRepository(t.db),
    sendPush: createPushSender({ vapidKeys: createVapidKeyStore(t.db), subject: vapidSubject, transport: fetchPushTransport }),
    clock,
  });
}
