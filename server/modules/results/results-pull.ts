import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { type ResultsImportSummary, resultsMessages } from '#contract/index';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ResultsImporter } from './results-importer.ts';
import { readResultsSource } from './results-source.ts';

// An arbitrary constant (the migrations hold 424_242): the instance pulling results holds it.
const RESULTS_PULL_LOCK_ID = 424_243;

export interface ResultsPull {
  /** On demand ("Actualizar Resultados"): waits for a pull running on another instance, then pulls. */
  pull: () => Promise<ResultsImportSummary>;
  /** The poller's: undefined when another instance is pulling already (its import serves every instance). */
  poll: () => Promise<ResultsImportSummary | undefined>;
  /** Settles once no pull is running in this process. */
  idle: () => Promise<void>;
}

/**
 * Reads the configured source and imports it; an unreachable or broken source is a 502 with a Spanish message.
 * One pull at a time: this process never runs two (a trigger while one runs shares it), and on PostgreSQL
 * one instance at a time holds an advisory lock for it.
 */
export function createResultsPull(
  importFile: ResultsImporter['importFile'],
  source: string,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
): ResultsPull {
  const readAndImport = async () => {
    let file: unknown;
    try {
      file = await readResultsSource(source);
    } catch (cause) {
      throw Object.assign(new AppError(502, resultsMessages.resultsSourceFailed), { cause });
    }
    return importFile(file, source);
  };
  // Transaction-scoped, so the lock goes with the transaction whatever happens and no pooled connection keeps it.
  // The transaction holds one connection for the whole pull; the import writes through others. PGlite has a
  // single process, whose guard below is enough (and its single connection would wait for the transaction).
  const underLock = (wait: boolean): Promise<ResultsImportSummary | undefined> =>
    database.kind === 'pglite'
      ? readAndImport()
      : database.db.transaction(async (tx) => {
          if (wait) {
            await tx.execute(sql`select pg_advisory_xact_lock(${RESULTS_PULL_LOCK_ID})`);
            return readAndImport();
          }
          const [row] = await queryRows<{ locked: boolean }>(
            tx,
            sql`select pg_try_advisory_xact_lock(${RESULTS_PULL_LOCK_ID}) as locked`,
          );
          return row?.locked ? readAndImport() : undefined;
        });

  let inFlight: Promise<ResultsImportSummary | undefined> | undefined;
  const start = (wait: boolean) => {
    const run = underLock(wait).finally(() => {
      if (inFlight === run) inFlight = undefined;
    });
    inFlight = run;
    return run;
  };
  return {
    async pull() {
      // A poll in flight may end skipped (another instance was pulling): then this pulls after it.
      while (inFlight) {
        const summary = await inFlight;
        if (summary) return summary;
      }
      // Waiting for the lock, it always pulls.
      return (await start(true))!;
    },
    poll: () => inFlight ?? start(false),
    idle: () =>
      (inFlight ?? Promise.resolve()).then(
        () => {},
        () => {},
      ),
  };
}

/** Polls the results source on a schedule; an instance whose poll finds another instance pulling skips it. */
export async function resultsPollerPlugin(
  app: FastifyInstance,
  { results, everyMinutes }: { results: ResultsPull; everyMinutes: number },
) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      results
        .poll()
        .then((summary) =>
          summary
            ? app.log.info({ summary }, 'results polled')
            : app.log.debug('results poll skipped: another instance is pulling'),
        )
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
