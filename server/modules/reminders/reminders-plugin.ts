import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { createPushSender, fetchPushTransport } from './push-sender.ts';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import { createReminderScheduler, reminderSchedulerPlugin, type TickSummary } from './reminder-scheduler.ts';
import { createRemindersRepository } from './reminders.repository.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { createRemindersService } from './reminders.service.ts';
import { createVapidKeyStore } from './vapid-keys.ts';

interface Options {
  db: Database;
  matches: MatchesRepository;
  clock: Clock;
  config: Config['reminders'];
  /** Hears each scheduler run's summary (null: the run failed), for the metrics. */
  onTick?: (summary: TickSummary | null) => void;
}

/** Wires the reminders module: its routes under /api and, unless turned off, this instance's scheduler. */
export async function remindersPlugin(app: FastifyInstance, { db, matches, clock, config, onTick }: Options) {
  const vapidKeys = createVapidKeyStore(db);
  const reminders = createRemindersRepository(db);
  const subscriptions = createPushSubscriptionsRepository(db);
  // First start makes the VAPID keys. With the database down the app still starts (health answers 503)
  // and the first use makes them instead.
  app.addHook('onReady', async () => {
    await vapidKeys
      .get()
      .catch((err: unknown) => app.log.warn({ err }, 'VAPID keys not ready: they are made on first use'));
  });

  await app.register(remindersRoutes, {
    prefix: '/api',
    reminders: createRemindersService({ reminders, subscriptions, matches, vapidKeys, clock }),
  });
  if (config.pollSeconds > 0) {
    const sendPush = createPushSender({ vapidKeys, subject: config.vapidSubject, transport: fetchPushTransport });
    await app.register(reminderSchedulerPlugin, {
      scheduler: createReminderScheduler({ reminders, subscriptions, sendPush, clock }),
      everySeconds: config.pollSeconds,
      ...(onTick ? { onTick } : {}),
    });
  }
}
