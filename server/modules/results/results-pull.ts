import type { FastifyInstance } from 'fastify';
import { gameMessages, type ResultsImportSummary } from '#contract/index';
import { AppError } from '../../lib/errors.ts';
import type { ResultsImporter } from './results-importer.ts';
import { readResultsSource } from './results-source.ts';

export type ResultsPull = () => Promise<ResultsImportSummary>;

/** Reads the configured source and imports it; an unreachable or broken source is a 502 with a Spanish message. */
export function createResultsPull(importResults: ResultsImporter, source: string): ResultsPull {
  return async () => {
    let file: unknown;
    try {
      file = await readResultsSource(source);
    } catch (cause) {
      throw Object.assign(new AppError(502, gameMessages.resultsSourceFailed), { cause });
    }
    return importResults(file, source);
  };
}

/**
 * Polls the results source on a schedule. Several instances may poll the same
 * database: the import is idempotent and result saves lock their match row.
 */
export async function resultsPollerPlugin(app: FastifyInstance, { pull, everyMinutes }: { pull: ResultsPull; everyMinutes: number }) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      pull()
        .then((summary) => app.log.info({ summary }, 'results polled'))
        .catch((err: unknown) => app.log.warn({ err }, 'results poll failed'));
    }, everyMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
