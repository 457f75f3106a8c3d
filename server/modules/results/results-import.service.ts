import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  IMPORT_JOBS_LISTED,
  type ImportJob,
  type ImportResultsBody,
  resultsMessages,
  UPLOADED_FILE_SOURCE,
} from '#contract/index';
import { COMPETITION_BY_NAME, parseFixtures } from './openfootball.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { CompetitionFixtures, ImportProgress, ResultsImporter } from './results-importer.ts';
import { importWithChanges } from './import-changes.ts';
import { HEARTBEAT_MS, toImportJob, type ImportJobsRepository } from './import-jobs.repository.ts';
import { UnsafeUrlError, checkUrlAddress, readPublicUrl } from './public-url-source.ts';

/** Where a job reports how it ended: the app's logger. */
export type ImportJobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

interface Deps {
  importFixtures: ResultsImporter['importFixtures'];
  matches: MatchesRepository;
  jobs: ImportJobsRepository;
  clock: Clock;
  log: ImportJobLog;
  /** Reads a URL given by an admin; replaceable in tests. */
  readUrl?: (url: string) => Promise<unknown>;
  /** A running job writes its progress at most this often, unless this many more matches are done. */
  progressEvery?: { ms: number; matches: number };
}

/** "matches.3.date: …": the first thing wrong with a file, for the admin to fix. */
function describeFormatError(error: unknown): string {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    return issue ? `${issue.path.join('.') || 'archivo'}: ${issue.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Importar" in the admin area: an openfootball file sent in the body, or a public URL,
 * applied by the same importer as the CLI and "Actualizar Resultados" (so standings and
 * the audit trail follow). What can be checked at once is, before the request answers
 * (a bad file or a URL naming a private address is a 400); the import itself runs as a
 * job in the background, stored in `import_jobs` with its progress, and ends with what
 * changed match by match, or a Spanish error. The file is checked in full before anything is written.
 */
export function createResultsImportService({
  importFixtures,
  matches,
  jobs,
  clock,
  log,
  readUrl = readPublicUrl,
  progressEvery = { ms: 1000, matches: 50 },
}: Deps) {
  const load = async (url: string): Promise<unknown> => {
    try {
      return await readUrl(url);
    } catch (cause) {
      if (cause instanceof UnsafeUrlError) throw new BadRequestError(resultsMessages.importUrlPrivate);
      throw Object.assign(new AppError(502, resultsMessages.resultsSourceFailed), { cause });
    }
  };

  /** The checks an openfootball file passes before anything is written (400s): its one parse, every row of it. */
  const parseFile = (file: unknown): CompetitionFixtures => {
    const shape = z.object({ name: z.string(), matches: z.array(z.unknown()) }).safeParse(file);
    if (!shape.success) throw new BadRequestError(resultsMessages.importBodyInvalid);
    const { name, matches: rows } = shape.data;
    const competition = COMPETITION_BY_NAME[name];
    if (!competition) throw new BadRequestError(resultsMessages.importUnknownCompetition(name));
    // Every row parsed up front (teams are looked up later): a bad row stops the import before any write.
    const named = rows.flatMap((row) =>
      typeof row === 'object' && row !== null
        ? [(row as { team1?: unknown }).team1, (row as { team2?: unknown }).team2]
        : [],
    );
    try {
      const everyTeam = new Set(named.filter((team): team is string => typeof team === 'string'));
      return { competition, fixtures: parseFixtures(file, competition, everyTeam).fixtures };
    } catch (error) {
      throw new BadRequestError(resultsMessages.importMalformed(describeFormatError(error)));
    }
  };

  /** Imports a checked file and tells what changed. */
  const apply = (parsed: CompetitionFixtures, source: string, onProgress?: ImportProgress) =>
    importWithChanges(matches, parsed.competition, () =>
      importFixtures(parsed, source, { ...(onProgress ? { onProgress } : {}) }),
    );

  /** The jobs this process runs, until they settle. */
  const running = new Map<number, Promise<void>>();

  /** A file sent in the body comes parsed (by `start`); a URL is read and parsed here. */
  const run = async (id: number, file: CompetitionFixtures | { url: string }, source: string): Promise<void> => {
    // The heartbeat: the row says the job is alive even while progress does not move (a slow source).
    const heartbeat = setInterval(() => {
      jobs
        .progress(id, clock())
        .catch((err: unknown) => log.warn({ err, importJob: id }, 'import job heartbeat failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let written = { at: 0, done: -1 };
    const onProgress: ImportProgress = async (done, total) => {
      const at = performance.now();
      if (
        done !== 0 &&
        done !== total &&
        done - written.done < progressEvery.matches &&
        at - written.at < progressEvery.ms
      )
        return;
      written = { at, done };
      await jobs.progress(id, clock(), { done, total });
    };
    try {
      const parsed = 'url' in file ? parseFile(await load(file.url)) : file;
      const summary = await apply(parsed, source, onProgress);
      await jobs.finish(id, clock(), { status: 'succeeded', summary });
      log.info({ importJob: id, source, updated: summary.updated, created: summary.created }, 'results import done');
    } catch (err) {
      // 4xx and the source's 502 carry a message for the admin; anything else is logged, not shown.
      const known = err instanceof AppError && (err.statusCode < 500 || err.statusCode === 502);
      if (known) log.info({ importJob: id, source, reason: err.message }, 'results import refused');
      else log.error({ err, importJob: id, source }, 'results import failed');
      await jobs
        .finish(id, clock(), { status: 'failed', error: known ? err.message : resultsMessages.importFailed })
        .catch((error: unknown) => log.error({ err: error, importJob: id }, 'import job outcome not saved'));
    } finally {
      clearInterval(heartbeat);
    }
  };

  return {
    /** Checks what can be checked at once (400s), then starts the import in the background. */
    async start(body: ImportResultsBody, startedBy: number | null): Promise<ImportJob> {
      let file: CompetitionFixtures | { url: string };
      if (body.url === undefined) {
        file = parseFile(body);
      } else {
        file = { url: body.url };
        try {
          checkUrlAddress(body.url);
        } catch (error) {
          throw new BadRequestError(
            error instanceof UnsafeUrlError ? resultsMessages.importUrlPrivate : resultsMessages.importUrlInvalid,
          );
        }
      }
      const source = body.url ?? UPLOADED_FILE_SOURCE;
      const row = await jobs.create({ source, startedBy, now: clock() });
      const job = run(row.id, file, source).finally(() => running.delete(row.id));
      running.set(row.id, job);
      return toImportJob(row, clock());
    },
    async get(id: number): Promise<ImportJob> {
      const row = await jobs.find(id);
      if (!row) throw new NotFoundError(resultsMessages.importJobNotFound);
      return toImportJob(row, clock());
    },
    async latest(): Promise<ImportJob[]> {
      const now = clock();
      return (await jobs.latest(IMPORT_JOBS_LISTED)).map((row) => toImportJob(row, now));
    },
    /** Settles when this process's job `id` has (at once when it runs elsewhere or has ended). */
    settled: (id: number): Promise<void> => running.get(id) ?? Promise.resolve(),
    /** Settles when no job runs in this process (the app's close waits for it, before the database closes). */
    idle: async (): Promise<void> => {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}

export type ResultsImportService = ReturnType<typeof createResultsImportService>;
