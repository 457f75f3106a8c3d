import { type ResultsSourceState, resultsMessages, type SaveResultsSourceBody } from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { toImportJob, type ImportJobsRepository } from './import-jobs.repository.ts';
import { checkPublicUrl, UnknownHostError, UnsafeUrlError } from './public-url-source.ts';
import type { ResultsSourceSetting } from './results-source-setting.ts';

interface Deps {
  setting: ResultsSourceSetting;
  jobs: Pick<ImportJobsRepository, 'latest' | 'latestOf'>;
  clock: Clock;
  /** The poller's interval (RESULTS_POLL_MINUTES). */
  pollMinutes: number;
}

/**
 * "Fuente de resultados" in the admin area: where results are read from, the last pull and import, and the
 * admin's choice of a URL (checked as the URL import checks one: http(s), public addresses only) or of none.
 */
export function createResultsSourceService({ setting, jobs, clock, pollMinutes }: Deps) {
  const state = async (): Promise<ResultsSourceState> => {
    const [source, lastPull, [lastImport]] = await Promise.all([
      setting.current(),
      jobs.latestOf(['poll', 'update-all']),
      jobs.latest(1),
    ]);
    const now = clock();
    return {
      source,
      lastPull: lastPull ? toImportJob(lastPull, now) : null,
      lastImport: lastImport ? toImportJob(lastImport, now) : null,
      pollMinutes,
    };
  };

  /** A URL an admin may save: its address (written, or looked up now) must be public; 400s in Spanish. */
  const checkUrl = async (url: string): Promise<void> => {
    try {
      await checkPublicUrl(url);
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw new BadRequestError(resultsMessages.importUrlPrivate);
      if (error instanceof UnknownHostError)
        throw new BadRequestError(resultsMessages.sourceHostUnknown(new URL(url).hostname));
      throw new BadRequestError(resultsMessages.importUrlInvalid);
    }
  };

  return {
    state,
    async save(body: SaveResultsSourceBody, userId: number): Promise<{ message: string; data: ResultsSourceState }> {
      let message: string;
      if (body.useEnv) {
        await setting.forget();
        message = resultsMessages.sourceFromEnv;
      } else {
        const url = body.url ?? null;
        if (url !== null) await checkUrl(url);
        await setting.save(url, userId, clock());
        message = url === null ? resultsMessages.sourceCleared : resultsMessages.sourceSaved;
      }
      return { message, data: await state() };
    },
  };
}

export type ResultsSourceService = ReturnType<typeof createResultsSourceService>;
