import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  feedFailedMessage,
  feedFailures,
  feedLabel,
  type ImportResultsSummary,
  type ResultsImportSummary,
} from '#contract/index';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { outsideTransaction } from '../../db/transaction-guard.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { readFailure } from './feed-error.ts';
import { countsOf, mergeSummaries } from './import-changes.ts';
import type { ImportJobsRepository, ImportOutcome } from './import-jobs.repository.ts';
import type { PullPlanner } from './pull-schedule.ts';
import type { Feed, ResultsFeeds } from './results-feeds.ts';

// An arbitrary constant (the migrations hold 424_242): the instance pulling results holds it.
const RESULTS_PULL_LOCK_ID = 424_243;

/** What ran a pull: the poller, or "Actualizar Resultados" (by this user). */
export type PullTrigger = { kind: 'poll' } | { kind: 'update-all'; userId: number };

export interface ResultsPull {
  /**
   * On demand ("Actualizar Resultados"): waits for a pull running on another instance, then pulls every feed.
   * Null when there is none (nothing is read); a 502 naming why when no feed could be read.
   */
  pull: (userId: number) => Promise<ResultsImportSummary | null>;
  /** The poller's: undefined when another instance is pulling already or has just pulled (no pull due). */
  poll: () => Promise<ResultsImportSummary | null | undefined>;
  /** Settles once no pull is running in this process. */
  idle: () => Promise<void>;
}

interface Deps {
  /** Where to read, asked at every pull. */
  feeds: Pick<ResultsFeeds, 'current'>;
  /** Whether a poll is due: asked once the lock is held. */
  planner: Pick<PullPlanner, 'due'>;
  /** Every pull of a feed is recorded, with how it ended. */
  jobs: Pick<ImportJobsRepository, 'record'>;
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Wraps each feed's pull (the metrics count them). */
  counted?: (pull: Feed['pull']) => Feed['pull'];
}

/**
 * Reads every feed and imports what it brings. Each feed's pull is recorded in `import_jobs` with its trigger and
 * outcome (the reason in words when it brought nothing, `feedFailures`), so any instance can tell when each feed last
 * brought results and why not; a feed that fails does not keep the others from being read. One pull at a time: this
 * process never runs two (a trigger while one runs shares it), and on PostgreSQL one instance at a time holds an
 * advisory lock for it; a poll that gets the lock pulls only if it is still due (another instance may just have).
 */
export function createResultsPull({ feeds, planner, jobs, database, clock, log, counted = (pull) => pull }: Deps): ResultsPull {
  const readAndImport = async (trigger: PullTrigger): Promise<ResultsImportSummary | null | undefined> => {
    const current = await feeds.current();
    if (current.length === 0) return null;
    if (trigger.kind === 'poll' && !(await planner.due())) return undefined;
    const summaries: ImportResultsSummary[] = [];
    const failures: { label: string; reason: string }[] = [];
    for (const feed of current) {
      const startedAt = clock();
      const record = (outcome: ImportOutcome) =>
        jobs.record({
          trigger: trigger.kind,
          source: feed.source,
          startedBy: trigger.kind === 'update-all' ? trigger.userId : null,
          startedAt,
          finishedAt: clock(),
          outcome,
        });
      try {
        const summary = await counted(() => feed.pull())();
        await record({ status: 'succeeded', summary });
        summaries.push(summary);
      } catch (error) {
        const known = readFailure(error);
        if (known === null) log.error({ err: error, source: feed.source }, 'results pull failed');
        const reason = known ?? feedFailures.importFailed;
        failures.push({ label: feed.label ?? feedLabel(feed.source), reason });
        await record({ status: 'failed', error: reason }).catch((err: unknown) =>
          log.error({ err }, 'results pull outcome not saved'),
        );
      }
    }
    const [failure] = failures;
    if (summaries.length === 0 && failure) throw new AppError(502, feedFailedMessage(failure.label, failure.reason));
    return countsOf(mergeSummaries(current.map((feed) => feed.source).join(' + '), summaries));
  };
  // Transaction-scoped, so the lock goes with the transaction whatever happens and no pooled connection keeps it.
  // The transaction holds one connection for the whole pull; the import writes through others, on purpose outside
  // it (`outsideTransaction`: the root handle refuses queries inside a transaction otherwise). PGlite has a
  // single process, whose guard below is enough (and its single connection would wait for the transaction).
  const underLock = (trigger: PullTrigger, wait: boolean): Promise<ResultsImportSummary | null | undefined> =>
    database.kind === 'pglite'
      ? readAndImport(trigger)
      : database.db.transaction(async (tx) => {
          if (wait) {
            await tx.execute(sql`select pg_advisory_xact_lock(${RESULTS_PULL_LOCK_ID})`);
            return outsideTransaction(() => readAndImport(trigger));
          }
          const [row] = await queryRows<{ locked: boolean }>(
            tx,
            sql`select pg_try_advisory_xact_lock(${RESULTS_PULL_LOCK_ID}) as locked`,
          );
          return row?.locked ? outsideTransaction(() => readAndImport(trigger)) : undefined;
        });

  let inFlight: Promise<ResultsImportSummary | null | undefined> | undefined;
  const start = (trigger: PullTrigger, wait: boolean) => {
    const run = underLock(trigger, wait).finally(() => {
      if (inFlight === run) inFlight = undefined;
    });
    inFlight = run;
    return run;
  };
  return {
    async pull(userId) {
      // A poll in flight may end skipped (another instance was pulling): then this pulls after it.
      while (inFlight) {
        const summary = await inFlight;
        if (summary !== undefined) return summary;
      }
      // Waiting for the lock, it always pulls (or finds no feed).
      return (await start({ kind: 'update-all', userId }, true))!;
    },
    poll: () => inFlight ?? start({ kind: 'poll' }, false),
    idle: () =>
      (inFlight ?? Promise.resolve()).then(
        () => {},
        () => {},
      ),
  };
}

/** How long the poller waits at most before it looks at its plan again (a match moved, a source was chosen). */
const LOOK_EVERY_MS = 60_000;
/** How soon it looks again after finding another instance's pull under way. */
const SKIPPED_LOOK_MS = 5_000;

/**
 * The poller: looks at its plan (pull-schedule.ts), pulls when a pull is due, and sleeps until the next is due, a
 * minute at most; `wake` makes it look now (an admin chose a source). An instance whose poll finds another instance
 * pulling, or a pull just made, skips it.
 */
export function createResultsPoller({
  results,
  planner,
  clock,
  log,
}: {
  results: Pick<ResultsPull, 'poll'>;
  planner: Pick<PullPlanner, 'plan'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void look(), ms);
    timer.unref();
  };
  const look = async (): Promise<void> => {
    if (running || stopped) return;
    running = true;
    let next = LOOK_EVERY_MS;
    try {
      const { dueAt } = await planner.plan();
      const wait = dueAt === null ? LOOK_EVERY_MS : dueAt.getTime() - clock().getTime();
      if (wait <= 0) {
        const summary = await results.poll();
        if (summary) log.info({ summary }, 'results polled');
        // After a pull the plan says when the next is due; another instance's pull is looked at once it has ended.
        next = summary === undefined ? SKIPPED_LOOK_MS : 0;
      } else {
        next = Math.min(wait, LOOK_EVERY_MS);
      }
    } catch (err) {
      log.warn({ err }, 'results poll failed');
    } finally {
      running = false;
    }
    schedule(next);
  };
  return {
    start() {
      stopped = false;
      schedule(0);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    /** Look at the plan now. */
    wake() {
      schedule(0);
    },
  };
}

export type ResultsPoller = ReturnType<typeof createResultsPoller>;

/**
 * Starts the poller once the app listens (a feed may be the app itself: the demo's); on close it stops, and a pull in
 * flight finishes before the database closes. An app that never listens (the API tests inject) starts it itself.
 */
export async function resultsPollerPlugin(
  app: FastifyInstance,
  { poller, results }: { poller: ResultsPoller; results: Pick<ResultsPull, 'idle'> },
) {
  app.addHook('onListen', async () => poller.start());
  app.addHook('onClose', async () => {
    poller.stop();
    await results.idle();
  });
}
