import type { FastifyInstance } from 'fastify';
import { reminderId, reminderTag, reminderText, type ReminderPushPayload } from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import type { SendPush } from './push-sender.ts';
import type { PushSubscriptionsRepository, StoredPushSubscription } from './push-subscriptions.repository.ts';
import { kickoffNoticeId, kickoffNoticeTag, kickoffNoticeText } from './kickoff-notice.ts';
import type { ClaimedKickoffNotice, ClaimedReminder, RemindersRepository } from './reminders.repository.ts';

const CLAIM_BATCH = 100;
/** Claimed this late (an instance was down, a kick-off moved earlier), a reminder would mislead: it is dropped. */
const LATE_LIMIT_MS = 30 * 60_000;
/** How long the push service keeps an undelivered reminder: not past the moment it announces. */
const ttlSeconds = (reminder: ClaimedReminder) => (reminder.slot === 1 ? 60 * 60 : 30 * 60);
/** A "Hora confirmada" notice is true until kick-off (push services keep a message four weeks at most). */
const noticeTtlSeconds = (notice: ClaimedKickoffNotice, now: Date) =>
  Math.min(28 * 24 * 60 * 60, Math.max(60, Math.floor((notice.kickoff.getTime() - now.getTime()) / 1000)));

export interface TickSummary {
  /** Reminders this tick claimed (no other tick, here or in another instance, claims them again). */
  claimed: number;
  /** Claimed but not sent: too late, or the match is over. */
  dropped: number;
  /**
   * "Hora confirmada" notices this tick claimed (each exactly once, like the reminders), and of those the ones not
   * sent because the match had kicked off or finished by then.
   */
  notices: { claimed: number; dropped: number };
  /** Pushes the push services accepted (reminders and notices). */
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
    payload: ReminderPushPayload,
    ttl: number,
    summary: TickSummary,
    gone: Set<number>,
  ) => {
    try {
      const status = await sendPush(target, payload, { ttlSeconds: ttl, topic: payload.tag });
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

  const reminderPayload = (reminder: ClaimedReminder): ReminderPushPayload => {
    const id = reminderId(reminder.matchId, reminder.slot);
    return {
      id,
      matchId: reminder.matchId,
      tag: reminderTag(id),
      ...reminderText(reminder.slot, reminder.homeTeam, reminder.awayTeam),
      url: '/tabs/favorites',
    };
  };

  /** Each claimed payload pushed to every browser of its user. */
  const pushAll = async (
    claims: readonly { userId: number; payload: ReminderPushPayload; ttl: number }[],
    summary: TickSummary,
    gone: Set<number>,
  ) => {
    const targets = await subscriptions.listForUsers([...new Set(claims.map((c) => c.userId))]);
    await Promise.all(
      claims.flatMap(({ userId, payload, ttl }) =>
        targets.filter((t) => t.userId === userId).map((target) => pushTo(target, payload, ttl, summary, gone)),
      ),
    );
  };

  /** "Hora confirmada": the notices the confirmation of a favourite's kick-off time made, each claimed once. */
  const sendKickoffNotices = async (summary: TickSummary, gone: Set<number>) => {
    for (;;) {
      const now = clock();
      const claimed = await reminders.claimKickoffNotices(now, CLAIM_BATCH);
      summary.notices.claimed += claimed.length;
      const sendable = claimed.flatMap((notice) => {
        const text = notice.status === 'finished' ? null : kickoffNoticeText(notice, now);
        if (!text) return [];
        const payload: ReminderPushPayload = {
          id: kickoffNoticeId(notice.matchId),
          matchId: notice.matchId,
          tag: kickoffNoticeTag(notice.matchId),
          ...text,
          url: '/tabs/favorites',
        };
        return [{ userId: notice.userId, payload, ttl: noticeTtlSeconds(notice, now) }];
      });
      summary.notices.dropped += claimed.length - sendable.length;
      await pushAll(sendable, summary, gone);
      if (claimed.length < CLAIM_BATCH) return;
    }
  };

  return {
    /**
     * Claims every "Hora confirmada" notice and every due reminder (each exactly once, whatever the number of
     * instances) and pushes them to their users' browsers.
     */
    async tick(): Promise<TickSummary> {
      const summary: TickSummary = {
        claimed: 0,
        dropped: 0,
        notices: { claimed: 0, dropped: 0 },
        delivered: 0,
        failed: 0,
        removedSubscriptions: 0,
      };
      const gone = new Set<number>();
      // Before the reminders: a time confirmed within the hour is announced before its late hour-before reminder.
      await sendKickoffNotices(summary, gone);
      for (;;) {
        const now = clock();
        const claimed = await reminders.claimDue(now, CLAIM_BATCH);
        summary.claimed += claimed.length;
        const timely = claimed.filter(
          (r) => r.status !== 'finished' && now.getTime() - r.dueAt.getTime() <= LATE_LIMIT_MS,
        );
        summary.dropped += claimed.length - timely.length;
        await pushAll(
          timely.map((reminder) => ({
            userId: reminder.userId,
            payload: reminderPayload(reminder),
            ttl: ttlSeconds(reminder),
          })),
          summary,
          gone,
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
          if (summary.claimed > 0 || summary.notices.claimed > 0) app.log.info({ summary }, 'reminders sent');
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
