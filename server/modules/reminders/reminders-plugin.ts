import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { reminderSchedulerPlugin, type ReminderScheduler, type TickSummary } from './reminder-scheduler.ts';
import { remindersRoutes } from './reminders.routes.ts';
import type { RemindersService } from './reminders.service.ts';
import type { VapidKeyStore } from './vapid-keys.ts';

interface Options {
  reminders: RemindersService;
  vapidKeys: VapidKeyStore;
  scheduler: ReminderScheduler;
  config: Config['reminders'];
  /** Hears each scheduler run's summary (null: the run failed), for the metrics. */
  onTick?: (summary: TickSummary | null) => void;
}

/** Mounts the reminders module: its routes under /api and, unless turned off, this instance's scheduler. */
export async function remindersPlugin(
  app: FastifyInstance,
  { reminders, vapidKeys, scheduler, config, onTick }: Options,
) {
  let sweep: Promise<void> | undefined;
  // First start makes the VAPID keys. With the database down the app still starts (health answers 503)
  // and the first use makes them instead.
  app.addHook('onReady', async () => {
    await vapidKeys
      .get()
      .catch((err: unknown) => app.log.warn({ err }, 'VAPID keys not ready: they are made on first use'));
    // Subscriptions the server may not push to (saved before the endpoint rule or PUSH_ENDPOINT_HOSTS, or a name
    // that now resolves to a private address) are dropped, and said so. Not awaited: a resolver that does not
    // answer must not hold the start; the app's closing waits for it instead.
    sweep = reminders
      .dropUnpushable()
      .then((hosts) => {
        if (hosts.length > 0) app.log.warn({ hosts }, 'push subscriptions dropped: the server may not push to their endpoints');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'push subscriptions not checked'));
  });
  app.addHook('onClose', async () => {
    await sweep;
  });

  await app.register(remindersRoutes, { prefix: '/api', reminders });
  if (config.pollSeconds > 0) {
    await app.register(reminderSchedulerPlugin, {
      scheduler,
      everySeconds: config.pollSeconds,
      ...(onTick ? { onTick } : {}),
    });
  }
}
