import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ImportResultsSummary,
  type ResultsImportSummary,
  type ResultsSource,
  resultsMessages,
} from '#contract/index';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { outsideTransaction } from '../../db/transaction-guard.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { countsOf, importWithChanges } from './import-changes.ts';
import type { ImportJobsRepository, ImportOutcome } from './import-jobs.repository.ts';
import { competitionOf, UnknownCompetitionError } from './openfootball.ts';
import { readPublicUrl, UnsafeUrlError } from './public-url-source.ts';
import type { ResultsImporter } from './results-importer.ts';
import type { ResultsSourceSetting } from './results-source-setting.ts';
import { readResultsSource } from './results-source.ts';

// An arbitrary constant (the migrations hold 424_242): the instance pulling results holds it.
const RESULTS_PULL_LOCK_ID = 424_243;

/** What ran a pull: the poller, or "Actualizar Resultados" (by this user). */
export type PullTrigger = { kind: 'poll' } | { kind: 'update-all'; userId: number };

export interface ResultsPull {
  /**
   * On demand ("Actualizar Resultados"): waits for a pull running on another instance, then pulls.
   * Null when no results source is set (nothing is read).
   */
  pull: (userId: number) => Promise<ResultsImportSummary | null>;
  /** The poller's: undefined when another instance is pulling already (its import serves every instance). */
  poll: () => Promise<ResultsImportSummary | null | undefined>;
  /** Settles once no pull is running in this process. */
  idle: () => Promise<void>;
}

interface Deps {
  importFile: ResultsImporter['importFile'];
  /** Where to read, asked at every pull. */
  source: Pick<ResultsSourceSetting, 'current'>;
  matches: Pick<MatchesRepository, 'listByCompetition'>;
  /** Every pull that reads the source is recorded, with how it ended. */
  jobs: Pick<ImportJobsRepository, 'record'>;
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Reads the current source and imports it; an unreachable or broken source is a 502 with a Spanish message.
 * A URL an admin chose is read as their imports are (public addresses only, checked at every connection); what
 * RESULTS_SOURCE names, the operator's, is read as it is (a file, or any URL). Each pull is recorded in
 * `import_jobs` with its trigger and outcome, so any instance can tell when the last one ran and what it did.
 * One pull at a time: this process never runs two (a trigger while one runs shares it), and on PostgreSQL
 * one instance at a time holds an advisory lock for it.
 */
export function createResultsPull({ importFile, source, matches, jobs, database, clock, log }: Deps): ResultsPull {
  const read = async ({ location, setBy }: ResultsSource & { location: string }): Promise<unknown> => {
    try {
      return setBy === 'admin' ? await readPublicUrl(location) : await readResultsSource(location);
    } catch (cause) {
      const message =
        cause instanceof UnsafeUrlError ? resultsMessages.importUrlPrivate : resultsMessages.resultsSourceFailed;
      throw Object.assign(new AppError(502, message), { cause });
    }
  };
  const readAndImport = async (trigger: PullTrigger): Promise<ResultsImportSummary | null> => {
    const current = await source.current();
    if (current.location === null) return null;
    const { location } = current;
    const startedAt = clock();
    const record = (outcome: ImportOutcome) =>
      jobs.record({
        trigger: trigger.kind,
        source: location,
        startedBy: trigger.kind === 'update-all' ? trigger.userId : null,
        startedAt,
        finishedAt: clock(),
        outcome,
      });
    let summary: ImportResultsSummary;
    try {
      const file = await read({ ...current, location });
      summary = await importWithChanges(matches, competitionOf(file), () => importFile(file, location));
    } catch (error) {
      // A source that is not an openfootball file of a known competition is the source's fault, as an unreachable one.
      const unusable = error instanceof UnknownCompetitionError || error instanceof z.ZodError;
      if (!(error instanceof AppError)) log.error({ err: error, source: location }, 'results pull failed');
      const message =
        error instanceof AppError
          ? error.message
          : unusable
            ? resultsMessages.resultsSourceFailed
            : resultsMessages.importFailed;
      await record({ status: 'failed', error: message }).catch((err: unknown) =>
        log.error({ err }, 'results pull outcome not saved'),
      );
      throw error;
    }
    await record({ status: 'succeeded', summary });
    return countsOf(summary);
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
      // Waiting for the lock, it always pulls (or finds no source).
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

/**
 * Polls the results source on a schedule, whatever it is at each tick (none: nothing is read); an instance whose
 * poll finds another instance pulling skips it.
 */
export async function resultsPollerPlugin(
  app: FastifyInstance,
  { results, everyMinutes }: { results: ResultsPull; everyMinutes: number },
) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      results
        .poll()
        .then((summary) => {
          if (summary) app.log.info({ summary }, 'results polled');
          else if (summary === null) app.log.debug('results poll skipped: no results source');
          else app.log.debug('results poll skipped: another instance is pulling');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'results poll failed'));
    }, everyMinutes * 60_000);
    timer.unref();
  });
  // The database is closed after the app: a pull in flight finishes first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await results.idle();
  });
}
