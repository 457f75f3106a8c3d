import type { FastifyInstance } from 'fastify';
import { reminderId, reminderTag, reminderText, type ReminderPushPayload } from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import type { SendPush } from './push-sender.ts';
import type { PushSubscriptionsRepository, StoredPushSubscription } from './push-subscriptions.repository.ts';
import type { ClaimedReminder, RemindersRepository } from './reminders.repository.ts';

const CLAIM_BATCH = 100;
/** Claimed this late (an instance was down, a kick-off moved earlier), a reminder would mislead: it is dropped. */
const LATE_LIMIT_MS = 30 * 60_000;
/** How long the push service keeps an undelivered reminder: not past the moment it announces. */
const ttlSeconds = (reminder: ClaimedReminder) => (reminder.slot === 1 ? 60 * 60 : 30 * 60);

export interface TickSummary {
  /** Reminders this tick claimed (no other tick, here or in another instance, claims them again). */
  claimed: number;
  /** Claimed but not sent: too late, or the match is over. */
  dropped: number;
  /** Pushes the push services accepted. */
  delivered: number;
  /** Pushes refused or not answered (other than gone subscriptions). */
  failed: number;
  /** Subscriptions removed because their push service answered 404 or 410. */
  removedSubscriptions: number;
}

interface Deps {
  reminders: RemindersRepository;
  subscriptions: PushSubscriptionsRepository;
  sendPush: SendPush;
  clock: Clock;
}

export function createReminderScheduler({ reminders, subscriptions, sendPush, clock }: Deps) {
  const pushTo = async (
    target: StoredPushSubscription,
    reminder: ClaimedReminder,
    summary: TickSummary,
    gone: Set<number>,
  ) => {
    const id = reminderId(reminder.matchId, reminder.slot);
    const payload: ReminderPushPayload = {
      id,
      matchId: reminder.matchId,
      tag: reminderTag(id),
      ...reminderText(reminder.slot, reminder.homeTeam, reminder.awayTeam),
      url: '/tabs/favorites',
    };
    try {
      const status = await sendPush(target, payload, { ttlSeconds: ttlSeconds(reminder), topic: payload.tag });
      if (status >= 200 && status < 300) summary.delivered += 1;
      else if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it will never accept a push again.
        await subscriptions.delete(target.id);
        gone.add(target.id);
      } else summary.failed += 1;
    } catch {
      summary.failed += 1;
    }
  };

  return {
    /** Claims every due reminder (each exactly once, whatever the number of instances) and pushes it to its user's browsers. */
    async tick(): Promise<TickSummary> {
      const summary: TickSummary = { claimed: 0, dropped: 0, delivered: 0, failed: 0, removedSubscriptions: 0 };
      const gone = new Set<number>();
      for (;;) {
        const now = clock();
        const claimed = await reminders.claimDue(now, CLAIM_BATCH);
        summary.claimed += claimed.length;
        const timely = claimed.filter(
          (r) => r.status !== 'finished' && now.getTime() - r.dueAt.getTime() <= LATE_LIMIT_MS,
        );
        summary.dropped += claimed.length - timely.length;
        const targets = await subscriptions.listForUsers([...new Set(timely.map((r) => r.userId))]);
        await Promise.all(
          timely.flatMap((reminder) =>
            targets
              .filter((t) => t.userId === reminder.userId)
              .map((target) => pushTo(target, reminder, summary, gone)),
          ),
        );
        if (claimed.length < CLAIM_BATCH) return { ...summary, removedSubscriptions: gone.size };
      }
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;

/** Ticks the scheduler every `everySeconds` in this instance; a slow tick is never overlapped by the next. */
export async function reminderSchedulerPlugin(
  app: FastifyInstance,
  { scheduler, everySeconds, onTick }: { scheduler: ReminderScheduler; everySeconds: number; onTick?: (summary: TickSummary | null) => void },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = scheduler
        .tick()
        .then((summary) => {
          onTick?.(summary);
          if (summary.claimed > 0) app.log.info({ summary }, 'reminders sent');
          if (summary.failed > 0) app.log.warn({ summary }, 'some reminders could not be pushed');
        })
        .catch((err: unknown) => {
          onTick?.(null);
          app.log.warn({ err }, 'reminder tick failed');
        })
        .finally(() => {
          running = undefined;
        });
    }, everySeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
