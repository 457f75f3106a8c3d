import type { FastifyInstance } from 'fastify';
import {
  jornadaResultText,
  missingPicksText,
  poolSectionUrl,
  reminderId,
  reminderTag,
  reminderText,
  type PushPayload,
  type ReminderPushPayload,
} from '#contract/index';
import { UnsafeUrlError } from '../results/public-url-source.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SendPush } from './push-sender.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { PushSubscriptionsRepository, StoredPushSubscription } from './push-subscriptions.repository.ts';
import { formatMadridTime, kickoffNoticeId, kickoffNoticeTag, kickoffNoticeText } from './kickoff-notice.ts';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.ts';
import type { ClaimedJornadaResult, ClaimedMissingPicks, PoolPushesRepository } from './pool-pushes.repository.ts';
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
  /** Claimed but not sent: too late, the match is over, or the user turned favourite reminders off. */
  dropped: number;
  /**
   * "Hora confirmada" notices this tick claimed (each exactly once, like the reminders), and of those the ones not
   * sent because the match had kicked off or finished by then.
   */
  notices: { claimed: number; dropped: number };
  /**
   * Pool pushes this tick claimed, each exactly once per user, pool, jornada and kind: missing-picks reminders and
   * jornada results (docs/decisions/047-pool-pushes-claimed-by-their-key.md).
   */
  pools: { missingPicks: number; jornadaResults: number };
  /** The same reminders queued by e-mail (sent by the mail worker), each once per player, pool and jornada. */
  mails: { missingPicks: number; jornadaSummaries: number };
  /** Pushes the push services accepted (reminders, notices and pool pushes). */
  delivered: number;
  /** Pushes refused or not answered (other than gone subscriptions). */
  failed: number;
  /** Subscriptions removed because their push service answered 404 or 410. */
  removedSubscriptions: number;
}

/** Pushes sent per round of a claim, so that a large claim is not one burst of requests. */
const PUSH_BATCH = 200;
/** A missing-picks reminder is true until the jornada's first kick-off; a jornada result for a day. */
const missingPicksTtlSeconds = (claim: ClaimedMissingPicks, now: Date) =>
  Math.max(60, Math.floor((claim.firstKickoff.getTime() - now.getTime()) / 1000));
const JORNADA_RESULT_TTL_SECONDS = 24 * 60 * 60;

/** Players per missing-picks claim: each statement claims the pools of at most this many (a pool is never split). */
const CLAIM_PLAYERS = 5_000;

/** Pool ids in consecutive batches of at most `players` players, a pool larger than that alone in its batch. */
export function poolBatches(pools: readonly { poolId: number; players: number }[], players: number): number[][] {
  const batches: number[][] = [];
  let batch: number[] = [];
  let size = 0;
  for (const pool of pools) {
    if (batch.length > 0 && size + pool.players > players) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(pool.poolId);
    size += pool.players;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** `Map.groupBy`, which Node 20 lacks. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

interface Deps {
  reminders: RemindersRepository;
  poolPushes: PoolPushesRepository;
  /** The stored jornada standings and general table a jornada-result push reads (never a recompute). */
  jornadaOutcomes: LeaderboardService['jornadaOutcomes'];
  subscriptions: PushSubscriptionsRepository;
  sendPush: SendPush;
  /** Where the pools' reminders by e-mail are queued; none on a server without mail. */
  mail?: MailQueue | null;
  clock: Clock;
}

export function createReminderScheduler({ reminders, poolPushes, jornadaOutcomes, subscriptions, sendPush, mail = null, clock }: Deps) {
  const pushTo = async (
    target: StoredPushSubscription,
    payload: PushPayload,
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
    } catch (error) {
      // An endpoint the server may not push to (its host now resolves to a private address): it never will again.
      if (error instanceof UnsafeUrlError) {
        await subscriptions.delete(target.id);
        gone.add(target.id);
      } else summary.failed += 1;
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

  /** Each claimed payload pushed to every browser of its user, a batch of claims at a time. */
  const pushAll = async (
    claims: readonly { userId: number; payload: PushPayload; ttl: number }[],
    summary: TickSummary,
    gone: Set<number>,
  ) => {
    for (let start = 0; start < claims.length; start += PUSH_BATCH) {
      const batch = claims.slice(start, start + PUSH_BATCH);
      const targets = await subscriptions.listForUsers([...new Set(batch.map((c) => c.userId))]);
      const byUser = groupBy(targets, (target) => target.userId);
      await Promise.all(
        batch.flatMap(({ userId, payload, ttl }) =>
          (byUser.get(userId) ?? []).map((target) => pushTo(target, payload, ttl, summary, gone)),
        ),
      );
    }
  };

  /** "Te faltan 3 pronósticos en «…» · La jornada 14 empieza a las 21:00", opening the pool's Predecir. */
  const sendMissingPicks = async (summary: TickSummary, gone: Set<number>) => {
    for (const poolIds of poolBatches(await poolPushes.poolsWithJornadaAhead(clock()), CLAIM_PLAYERS)) {
      await sendMissingPicksOf(poolIds, summary, gone);
      if (mail) summary.mails.missingPicks += await poolPushes.queueMissingPicksMail(clock(), poolIds);
    }
  };

  const sendMissingPicksOf = async (poolIds: number[], summary: TickSummary, gone: Set<number>) => {
    const now = clock();
    const claimed = await poolPushes.claimMissingPicks(now, poolIds);
    summary.pools.missingPicks += claimed.length;
    await pushAll(
      claimed.map((claim) => ({
        userId: claim.userId,
        payload: {
          ...missingPicksText(claim.missing, claim.poolName, claim.weekNumber, formatMadridTime(claim.firstKickoff), claim.boleto),
          // One notification per pool and jornada on the device: the 1-hour reminder replaces the 24-hour one.
          tag: `picks-${claim.poolId}-${claim.weekNumber}`,
          url: poolSectionUrl(claim.poolId, 'predict'),
        },
        ttl: missingPicksTtlSeconds(claim, now),
      })),
      summary,
      gone,
    );
  };

  /** "Jornada 14: +6 puntos · ahora eres 2.º (▲1)", opening the pool's Ranking. */
  const sendJornadaResults = async (summary: TickSummary, gone: Set<number>) => {
    const claimed = await poolPushes.claimJornadaResults(clock());
    summary.pools.jornadaResults = claimed.length;
    const byJornada = groupBy(claimed, (claim) => `${claim.poolId}:${claim.weekNumber}`);
    const sendable: { userId: number; payload: PushPayload; ttl: number }[] = [];
    for (const claims of byJornada.values()) {
      const { poolId, poolName, weekNumber } = claims[0] as ClaimedJornadaResult;
      const outcomes = await jornadaOutcomes(poolId, weekNumber);
      for (const { userId } of claims) {
        const mine = outcomes?.players.get(userId);
        if (!outcomes || !mine) continue;
        sendable.push({
          userId,
          payload: {
            ...jornadaResultText(poolName, outcomes.label, mine.points, mine.position, mine.movement),
            tag: `jornada-${poolId}-${weekNumber}`,
            url: poolSectionUrl(poolId, 'ranking'),
          },
          ttl: JORNADA_RESULT_TTL_SECONDS,
        });
      }
    }
    await pushAll(sendable, summary, gone);
  };

  /** "Hora confirmada": the notices the confirmation of a favourite's kick-off time made, each claimed once. */
  const sendKickoffNotices = async (summary: TickSummary, gone: Set<number>) => {
    for (;;) {
      const now = clock();
      const claimed = await reminders.claimKickoffNotices(now, CLAIM_BATCH);
      summary.notices.claimed += claimed.length;
      const sendable = claimed.flatMap((notice) => {
        const text = notice.status === 'finished' || notice.muted ? null : kickoffNoticeText(notice, now);
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
     * Claims every "Hora confirmada" notice, every due pool push and every due reminder (each exactly once,
     * whatever the number of instances) and pushes them to their users' browsers.
     */
    async tick(): Promise<TickSummary> {
      const summary: TickSummary = {
        claimed: 0,
        dropped: 0,
        notices: { claimed: 0, dropped: 0 },
        pools: { missingPicks: 0, jornadaResults: 0 },
        mails: { missingPicks: 0, jornadaSummaries: 0 },
        delivered: 0,
        failed: 0,
        removedSubscriptions: 0,
      };
      const gone = new Set<number>();
      // Before the reminders: a time confirmed within the hour is announced before its late hour-before reminder.
      await sendKickoffNotices(summary, gone);
      await sendMissingPicks(summary, gone);
      await sendJornadaResults(summary, gone);
      if (mail) {
        summary.mails.jornadaSummaries = await poolPushes.queueJornadaSummaryMail(clock());
        if (summary.mails.missingPicks + summary.mails.jornadaSummaries > 0) mail.wake();
      }
      for (;;) {
        const now = clock();
        const claimed = await reminders.claimDue(now, CLAIM_BATCH);
        summary.claimed += claimed.length;
        const timely = claimed.filter(
          (r) => r.status !== 'finished' && !r.muted && now.getTime() - r.dueAt.getTime() <= LATE_LIMIT_MS,
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
          const pools =
            summary.pools.missingPicks + summary.pools.jornadaResults + summary.mails.missingPicks + summary.mails.jornadaSummaries;
          if (summary.claimed > 0 || summary.notices.claimed > 0 || pools > 0) app.log.info({ summary }, 'reminders sent');
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
