import { z } from 'zod';
import { dataEnvelope } from './common.ts';

/*
 * The feeds results arrive by (docs/decisions/065-results-arrive-by-themselves-from-two-sources.md): what a change of
 * a match is saved by, what the poller reads, and what everyone is told of the last time results were brought.
 */

/**
 * Who saved a change of a match (its history's `source`): an admin by hand, or a feed. `openfootball` is the public
 * openfootball files of the competitions the app ships; `football-data` is football-data.org's API; `import` any other
 * openfootball file or URL (RESULTS_SOURCE, an admin's URL or upload, `npm run import`).
 */
export const ChangeSourceSchema = z.enum(['admin', 'import', 'openfootball', 'football-data']);
export type ChangeSource = z.infer<typeof ChangeSourceSchema>;
/** A feed: every source of a change but an admin. */
export type FeedSource = Exclude<ChangeSource, 'admin'>;

/** The results source's ready choice: the public openfootball files of the competitions the app ships. */
export const OPENFOOTBALL_PRESET = 'openfootball';
/** What the pulls of football-data.org are recorded as (`import_jobs.source`). */
export const FOOTBALL_DATA_SOURCE = 'football-data';

/** Who the history names for a feed's changes. */
export const CHANGE_SOURCE_AUTHORS: Record<FeedSource, string> = {
  import: 'importación',
  openfootball: 'openfootball',
  'football-data': 'football-data.org',
};

/**
 * A pull's source (`import_jobs.source`) as people read it: "openfootball", "football-data.org", a URL's host, a
 * file's name.
 */
export function feedLabel(source: string): string {
  if (source === OPENFOOTBALL_PRESET) return CHANGE_SOURCE_AUTHORS.openfootball;
  if (source === FOOTBALL_DATA_SOURCE) return CHANGE_SOURCE_AUTHORS['football-data'];
  if (/^https?:\/\//i.test(source)) {
    try {
      return new URL(source).hostname;
    } catch {
      return source;
    }
  }
  return source.split(/[\\/]/).at(-1) || source;
}

/** Why a pull brought nothing: the short reason stored with it and shown after the feed's name. */
export const feedFailures = {
  offline: 'sin conexión',
  timeout: 'la fuente no respondió a tiempo',
  rateLimited: 'límite de peticiones alcanzado',
  unauthorized: 'token rechazado',
  serverError: (status: number) => `la fuente respondió ${status}`,
  malformed: 'datos no válidos',
  notFound: 'no se encontró el archivo',
  unsafe: 'dirección no pública',
  importFailed: 'error al importar',
} as const;

/** "No se pudo leer la fuente de resultados (openfootball: sin conexión).": what "Actualizar Resultados" answers. */
export const feedFailedMessage = (label: string, reason: string) =>
  `No se pudo leer la fuente de resultados (${label}: ${reason}).`;

/**
 * How the poller reads now (docs/decisions/066-the-poller-follows-the-fixtures.md): `live`, every few minutes from
 * a match's kick-off until it has a result; `near`, hourly while a match is near; `idle`, nothing near; `off`, no feed
 * or no poller.
 */
export const PullModeSchema = z.enum(['off', 'idle', 'near', 'live']);
export type PullMode = z.infer<typeof PullModeSchema>;

export const PullScheduleSchema = z.object({
  mode: PullModeSchema,
  /** When the next pull is due (now or past: at the poller's next look); null: none planned. */
  nextPullAt: z.string().nullable(),
});
export type PullSchedule = z.infer<typeof PullScheduleSchema>;

/** One feed in use and its last pull. */
export const FeedStatusSchema = z.object({
  /** As recorded: "openfootball", "football-data", or the file or URL. */
  source: z.string(),
  /** As read: `feedLabel(source)`. */
  label: z.string(),
  /** When its last pull ended, and how: null when it was never read. */
  lastAttemptAt: z.string().nullable(),
  /** Why the last pull brought nothing (`feedFailures`); null when it brought the feed's data. */
  failure: z.string().nullable(),
  /** When a pull last brought its data (whether or not anything changed); null: never. */
  lastSuccessAt: z.string().nullable(),
});
export type FeedStatus = z.infer<typeof FeedStatusSchema>;

/** `GET /api/results/status`: the feeds in use (none: results come only from admins) and the poller's plan. */
export const ResultsStatusSchema = z.object({
  feeds: z.array(FeedStatusSchema),
  schedule: PullScheduleSchema,
});
export type ResultsStatus = z.infer<typeof ResultsStatusSchema>;
export const ResultsStatusResponseSchema = dataEnvelope(ResultsStatusSchema);
