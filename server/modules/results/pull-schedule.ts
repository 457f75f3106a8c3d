import type { PullMode } from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { ImportJobsRepository } from './import-jobs.repository.ts';
import type { ResultsFeeds } from './results-feeds.ts';

/*
 * The poller follows the fixtures (docs/decisions/066-the-poller-follows-the-fixtures.md): every few minutes from a
 * match's kick-off until it has a result, hourly while a match without a result is near, and not at all otherwise.
 */

/** A match is followed this long after its kick-off until it has a result. */
export const LIVE_WINDOW_MS = 3 * 60 * 60_000;
/** A match without a result is near from this long before its kick-off… */
export const NEAR_AHEAD_MS = 7 * 24 * 60 * 60_000;
/** …until this long after it (a result may come days late). */
export const NEAR_BEHIND_MS = 3 * 24 * 60 * 60_000;

/** What the fixtures of the feeds' competitions say now (matches without a result only). */
export interface FixtureWindow {
  /** One kicked off less than LIVE_WINDOW_MS ago. */
  live: boolean;
  /** One kicks off or kicked off within the near window. */
  near: boolean;
  /** When the next one further ahead comes near; null: none. */
  nextNearAt: Date | null;
  /** The next kick-off still to come; null: none. */
  nextKickoffAt: Date | null;
}

export interface PullPlan {
  mode: PullMode;
  /** When the next pull is due; null: none planned. */
  dueAt: Date | null;
}

/** When to pull next, from the last pull of the feeds (null: a feed was never read, which is read at once). */
export function planPull({
  lastPullAt,
  window,
  now,
  liveEveryMs,
  nearEveryMs,
}: {
  lastPullAt: Date | null;
  window: FixtureWindow;
  now: Date;
  liveEveryMs: number;
  nearEveryMs: number;
}): PullPlan {
  const mode: PullMode = window.live ? 'live' : window.near ? 'near' : 'idle';
  if (lastPullAt === null) return { mode, dueAt: now };
  if (mode === 'idle') return { mode, dueAt: window.nextNearAt };
  // A kick-off before the next pull brings it forward: following a match starts at its kick-off, not at the next
  // hourly pull (up to an hour late, or several match days of the demo's compressed replay).
  const next = lastPullAt.getTime() + (mode === 'live' ? liveEveryMs : nearEveryMs);
  return { mode, dueAt: new Date(Math.min(next, window.nextKickoffAt?.getTime() ?? Infinity)) };
}

interface Deps {
  feeds: Pick<ResultsFeeds, 'current'>;
  matches: Pick<MatchesRepository, 'fixtureWindow'>;
  jobs: Pick<ImportJobsRepository, 'lastPullStarts'>;
  clock: Clock;
  /** 0: no poller (only "Actualizar Resultados" pulls). */
  nearEveryMs: number;
  liveEveryMs: number;
}

/** The poller's plan, read from the database at each look: every instance plans alike. */
export function createPullPlanner({ feeds, matches, jobs, clock, nearEveryMs, liveEveryMs }: Deps) {
  const plan = async (): Promise<PullPlan> => {
    const current = await feeds.current();
    if (nearEveryMs === 0 || current.length === 0) return { mode: 'off', dueAt: null };
    const now = clock();
    const [last, window] = await Promise.all([
      jobs.lastPullStarts(current.map((feed) => feed.source)),
      matches.fixtureWindow([...new Set(current.flatMap((feed) => feed.competitions))], now, {
        liveMs: LIVE_WINDOW_MS,
        aheadMs: NEAR_AHEAD_MS,
        behindMs: NEAR_BEHIND_MS,
      }),
    ]);
    const starts = current.map((feed) => last.get(feed.source));
    const lastPullAt = starts.every((at) => at !== undefined)
      ? new Date(Math.min(...starts.map((at) => at.getTime())))
      : null;
    return planPull({ lastPullAt, window, now, liveEveryMs, nearEveryMs });
  };
  return {
    plan,
    /** Whether a pull is due now: asked again under the pull's lock, so instances never pull twice in a row. */
    async due(): Promise<boolean> {
      const { dueAt } = await plan();
      return dueAt !== null && dueAt.getTime() <= clock().getTime();
    },
  };
}

export type PullPlanner = ReturnType<typeof createPullPlanner>;
