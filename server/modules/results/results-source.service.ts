import {
  feedLabel,
  type FeedStatus,
  type PullSchedule,
  type ResultsSourceState,
  type ResultsStatus,
  resultsMessages,
  type SaveResultsSourceBody,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { toImportJob, type ImportJobsRepository } from './import-jobs.repository.ts';
import type { PullPlanner } from './pull-schedule.ts';
import { checkPublicUrl, UnknownHostError, UnsafeUrlError } from './public-url-source.ts';
import type { ResultsFeeds } from './results-feeds.ts';
import type { ResultsSourceSetting } from './results-source-setting.ts';

interface Deps {
  setting: ResultsSourceSetting;
  feeds: Pick<ResultsFeeds, 'current'>;
  planner: Pick<PullPlanner, 'plan'>;
  jobs: Pick<ImportJobsRepository, 'latest' | 'latestOf' | 'pullHistory'>;
  clock: Clock;
  /** The poller's intervals (RESULTS_POLL_MINUTES, RESULTS_LIVE_POLL_SECONDS). */
  pollMinutes: number;
  livePollSeconds: number;
  /** football-data.org's competitions' codes, or null without FOOTBALL_DATA_TOKEN. */
  footballDataCodes: readonly string[] | null;
  /** Told when an admin changed the source: the poller looks at its plan at once (a new feed is read now). */
  onChange?: () => void;
}

/**
 * "Fuente de resultados" in the admin area: where results are read from, the last pull and import, and the admin's
 * choice of openfootball's public files, a public URL (checked as the URL import checks one: http(s), public
 * addresses only) or none. And what everyone is told of it (`status`): each feed's last pull and the poller's plan.
 */
export function createResultsSourceService({
  setting,
  feeds,
  planner,
  jobs,
  clock,
  pollMinutes,
  livePollSeconds,
  footballDataCodes,
  onChange = () => {},
}: Deps) {
  const status = async (): Promise<ResultsStatus> => {
    const [current, plan] = await Promise.all([feeds.current(), planner.plan()]);
    const history = await jobs.pullHistory(current.map((feed) => feed.source));
    const feedStatuses = current.map(({ source, label }): FeedStatus => {
      const pulled = history.get(source);
      const last = pulled?.last;
      return {
        source,
        label: label ?? feedLabel(source),
        lastAttemptAt: (last?.finishedAt ?? last?.startedAt)?.toISOString() ?? null,
        failure: last?.status === 'failed' ? (last.error ?? null) : null,
        lastSuccessAt: pulled?.lastSuccessAt?.toISOString() ?? null,
      };
    });
    const schedule: PullSchedule = { mode: plan.mode, nextPullAt: plan.dueAt?.toISOString() ?? null };
    return { feeds: feedStatuses, schedule };
  };

  const state = async (): Promise<ResultsSourceState> => {
    const [source, lastPull, [lastImport], { feeds: feedStatuses, schedule }] = await Promise.all([
      setting.current(),
      jobs.latestOf(['poll', 'update-all']),
      jobs.latest(1),
      status(),
    ]);
    const now = clock();
    return {
      source,
      lastPull: lastPull ? toImportJob(lastPull, now) : null,
      lastImport: lastImport ? toImportJob(lastImport, now) : null,
      pollMinutes,
      livePollSeconds,
      footballData: { configured: footballDataCodes !== null, competitions: [...(footballDataCodes ?? [])] },
      feeds: feedStatuses,
      schedule,
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
    status,
    async save(body: SaveResultsSourceBody, userId: number): Promise<{ message: string; data: ResultsSourceState }> {
      let message: string;
      if (body.useEnv) {
        await setting.forget();
        message = resultsMessages.sourceFromEnv;
      } else if (body.preset) {
        await setting.save({ preset: body.preset }, userId, clock());
        message = resultsMessages.sourcePresetSaved;
      } else {
        const url = body.url ?? null;
        if (url !== null) await checkUrl(url);
        await setting.save({ url }, userId, clock());
        message = url === null ? resultsMessages.sourceCleared : resultsMessages.sourceSaved;
      }
      onChange();
      return { message, data: await state() };
    },
  };
}

export type ResultsSourceService = ReturnType<typeof createResultsSourceService>;
