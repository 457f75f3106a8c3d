import { z } from 'zod';
import { dataEnvelope, messageEnvelope } from './common.ts';
import { MatchStatusSchema } from './matches.ts';
import { FeedStatusSchema, OPENFOOTBALL_PRESET, PullScheduleSchema } from './results-feeds.ts';

export const resultsMessages = {
  // The product's texts, word for word
  resultsUpdateFailed: 'Error al actualizar los resultados.',
  // Server
  tooManyUpdates: 'Espera un momento antes de volver a actualizar los resultados.',
  resultsSourceMissing: 'No hay una fuente de resultados configurada.',
  resultsSourceFailed: 'No se pudo leer la fuente de resultados.',
  importBodyInvalid: 'Envía un archivo de openfootball (con «name» y «matches») o un objeto { "url": "https://…" }.',
  importUrlInvalid: 'La URL debe empezar por http:// o https://.',
  importUrlPrivate: 'Por seguridad solo se importan URL públicas (no direcciones locales ni privadas).',
  importUnknownCompetition: (name: string) =>
    `Competición desconocida: «${name}». Se admiten la Copa Mundial 2026 y LaLiga 2026/27.`,
  importMalformed: (detail: string) => `El archivo no tiene el formato de openfootball: ${detail}`,
  importDone: 'Importación completada.',
  importStarted: 'Importación en marcha.',
  importJobNotFound: 'Esa importación no existe.',
  importInterrupted: 'La importación se interrumpió (el servidor se detuvo).',
  importFailed: 'No se pudo completar la importación.',
  sourceSaved: 'Fuente de resultados guardada.',
  sourcePresetSaved: 'Se leerán los archivos públicos de openfootball: LaLiga 2026/27 y el Mundial 2026.',
  sourceCleared: 'Fuente de resultados quitada: no se leerá ninguna.',
  sourceFromEnv: 'Se usa de nuevo la fuente de la configuración del servidor (RESULTS_SOURCE).',
  sourceBodyInvalid:
    'Envía { "preset": "openfootball" }, { "url": "https://…" }, { "url": null } para no usar ninguna fuente, o { "useEnv": true }.',
  sourceHostUnknown: (host: string) => `No se encontró el servidor «${host}».`,
} as const;

/** What an import by an admin calls its source when the file travels in the request body. */
export const UPLOADED_FILE_SOURCE = 'archivo subido';

const ResultStateSchema = z.object({
  status: MatchStatusSchema,
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
});

const KickoffStateSchema = z.object({ matchDate: z.string(), kickoffConfirmed: z.boolean() });

/**
 * Why an import left a match's row as it was (docs/decisions/032, 063): `result`, a result an admin corrected by
 * hand; `kickoff`, a kick-off an admin corrected by hand; `notStarted`, the source's result for a match that, by its
 * kick-off, has not started (refused, as an admin's would be).
 */
export const ResultConflictKindSchema = z.enum(['result', 'kickoff', 'notStarted']);
export type ResultConflictKind = z.infer<typeof ResultConflictKindSchema>;

/**
 * A match the import did not change as the source says: it never reverts a manual correction, nor saves a result
 * before kick-off, silently; it reports it here. A match may be listed once per kind.
 */
export const ResultConflictSchema = z.object({
  matchId: z.number().int(),
  competition: z.string(),
  /** The round as the data names it ("Matchday 14"). */
  round: z.string(),
  /** Its Spanish name ("Jornada 14", `roundDisplayLabel`). */
  roundLabel: z.string(),
  homeTeamId: z.number().int(),
  awayTeamId: z.number().int(),
  /** The teams' names in the app. */
  home: z.string(),
  away: z.string(),
  kind: ResultConflictKindSchema,
  /**
   * The admin's correction, which stays, with when and by whom (their name): their result (`result`), or, for a
   * `kickoff` conflict, the match's result and when and by whom the kick-off was set. Null for `notStarted`.
   */
  admin: ResultStateSchema.extend({ changedAt: z.string(), changedBy: z.string() }).nullable(),
  /** The result the source says. */
  source: ResultStateSchema,
  /** The kick-off the match keeps and the one the source gives (`kickoff`, `notStarted`); null for `result`. */
  kickoff: z.object({ kept: KickoffStateSchema, source: KickoffStateSchema }).nullable(),
});
export type ResultConflict = z.infer<typeof ResultConflictSchema>;

export const ResultsImportSummarySchema = z.object({
  source: z.string(),
  matchesSeen: z.number().int(),
  /** Matches changed in any way (kick-off, jornada, result). */
  updated: z.number().int(),
  created: z.number().int(),
  unchanged: z.number().int(),
  /** Of those created or changed, the matches whose result changed; null in a summary saved before it was counted. */
  results: z.number().int().nullable(),
  /** Of those changed, the matches whose kick-off (day, time or its confirmation) changed; null likewise. */
  kickoffs: z.number().int().nullable(),
  unknownTeams: z.array(z.string()),
  /** Matches the import left otherwise than the source says, and why (their other changes, if any, applied). */
  conflicts: z.array(ResultConflictSchema),
});
export type ResultsImportSummary = z.infer<typeof ResultsImportSummarySchema>;

export const UpdateAllResponseSchema = messageEnvelope(
  z.object({
    /** What the results source gave; null when none is configured (nothing was fetched). */
    import: ResultsImportSummarySchema.nullable(),
    /** The caller's pools recomputed (the creator's own, every pool for an admin). */
    poolsRecomputed: z.number().int(),
    /** Of those, the pools whose standings changed (a player's points or correct picks, in all or in a jornada). */
    poolsUpdated: z.number().int(),
  }),
);
export type UpdateAllResult = z.infer<typeof UpdateAllResponseSchema>['data'];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The admin's corrections an import kept, and the results it refused, in a sentence each (empty without them). */
function conflictsText(conflicts: readonly Pick<ResultConflict, 'kind' | 'matchId'>[]): string {
  const corrected = new Set(conflicts.filter((c) => c.kind !== 'notStarted').map((c) => c.matchId)).size;
  const early = conflicts.filter((c) => c.kind === 'notStarted').length;
  const kept =
    corrected === 0
      ? ''
      : ` ${count(corrected, 'partido conserva', 'partidos conservan')} la corrección de un administrador.`;
  const refused =
    early === 0
      ? ''
      : early === 1
        ? ' 1 resultado no se guarda: su partido aún no ha empezado.'
        : ` ${early} resultados no se guardan: sus partidos aún no han empezado.`;
  return `${kept}${refused}`;
}

/**
 * What "Actualizar Resultados" really did, for its toast: results counted as results, kick-off changes as times,
 * and the pools whose standings changed (a result no pick is on moves none); never "updated" when nothing was fetched.
 */
export function updateAllMessage({ import: imported, poolsUpdated }: UpdateAllResult): string {
  if (!imported)
    return `${resultsMessages.resultsSourceMissing} Clasificaciones recalculadas con los resultados guardados.`;
  const results = imported.results ?? 0;
  const kickoffs = imported.kickoffs ?? 0;
  const pools =
    poolsUpdated > 0
      ? count(poolsUpdated, 'quiniela actualizada', 'quinielas actualizadas')
      : results > 0
        ? 'ninguna clasificación cambia'
        : null;
  const found = [
    results > 0 && count(results, 'resultado nuevo', 'resultados nuevos'),
    kickoffs > 0 && count(kickoffs, 'hora de inicio cambiada', 'horas de inicio cambiadas'),
  ].filter((text): text is string => typeof text === 'string');
  const head =
    found.length > 0
      ? `${[...found, ...(pools === null ? [] : [pools])].join(', ')}.`
      : `Sin resultados nuevos.${pools === null ? '' : ` ${pools.charAt(0).toUpperCase()}${pools.slice(1)}.`}`;
  return `${head}${conflictsText(imported.conflicts)}`;
}

const ImportUrlSchema = z
  .string({ error: resultsMessages.importUrlInvalid })
  .trim()
  .max(2000, { error: 'La URL admite como máximo 2000 caracteres.' })
  .regex(/^https?:\/\/[^\s/]+/i, { error: resultsMessages.importUrlInvalid });

/**
 * Either the openfootball file itself (as uploaded from a file picker) or `{ url }`.
 * A loose object: the importer reads the file's own fields, and rejects what it cannot use.
 */
export const ImportResultsBodySchema = z
  .looseObject({
    url: ImportUrlSchema.optional(),
    name: z.string({ error: resultsMessages.importBodyInvalid }).optional(),
    matches: z.array(z.unknown(), { error: resultsMessages.importBodyInvalid }).optional(),
  })
  .refine((body) => (body.url !== undefined) !== (body.name !== undefined && body.matches !== undefined), {
    error: resultsMessages.importBodyInvalid,
  });
export type ImportResultsBody = z.infer<typeof ImportResultsBodySchema>;

const ImportedMatchStateSchema = z.object({
  matchDate: z.string(),
  kickoffConfirmed: z.boolean(),
  weekNumber: z.number().int(),
  status: MatchStatusSchema,
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
});

/** A match the import created (`before` null) or changed. */
export const ImportedMatchChangeSchema = z.object({
  matchId: z.number().int(),
  competition: z.string(),
  round: z.string(),
  homeTeamId: z.number().int(),
  awayTeamId: z.number().int(),
  before: ImportedMatchStateSchema.nullable(),
  after: ImportedMatchStateSchema,
});
export type ImportedMatchChange = z.infer<typeof ImportedMatchChangeSchema>;

/** At most this many changed matches are listed; the counts always cover all of them. */
export const IMPORT_CHANGES_LISTED_MAX = 200;

/** What an import did: the counts, and the matches it created or changed. */
export const ImportResultsSummarySchema = ResultsImportSummarySchema.extend({
  changes: z.array(ImportedMatchChangeSchema),
  /** True when more matches changed than `changes` lists. */
  changesTruncated: z.boolean(),
});
export type ImportResultsSummary = z.infer<typeof ImportResultsSummarySchema>;

export const ImportJobStatusSchema = z.enum(['running', 'succeeded', 'failed']);
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>;

/** What ran an import: an admin's import, the poller, or "Actualizar Resultados". */
export const ImportTriggerSchema = z.enum(['admin', 'poll', 'update-all']);
export type ImportTrigger = z.infer<typeof ImportTriggerSchema>;
export const IMPORT_TRIGGER_LABELS: Record<ImportTrigger, string> = {
  admin: 'importación de un administrador',
  poll: 'lectura automática de la fuente',
  'update-all': 'Actualizar Resultados',
};

/**
 * An import by an admin runs in the background: its request answers this at once, and
 * `GET /api/admin/import-jobs/{id}` tells how it goes. `progress` counts the file's matches
 * applied (null until the file has been read); `summary` is set when it succeeded, `error`
 * (in Spanish) when it failed.
 */
export const ImportJobSchema = z.object({
  id: z.number().int(),
  status: ImportJobStatusSchema,
  trigger: ImportTriggerSchema,
  /** The URL, «archivo subido», or the results source's file. */
  source: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  summary: ImportResultsSummarySchema.nullable(),
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobResponseSchema = dataEnvelope(z.object({ job: ImportJobSchema }));
export type ImportJobResponse = z.infer<typeof ImportJobResponseSchema>;
/** The answer of `POST /api/admin/import-results`: 202 and the job just started. */
export const ImportResultsResponseSchema = messageEnvelope(z.object({ job: ImportJobSchema }));
export type ImportResultsResponse = z.infer<typeof ImportResultsResponseSchema>;
/** The latest imports, newest first. */
export const ImportJobListResponseSchema = dataEnvelope(z.array(ImportJobSchema));
/** How many imports `GET /api/admin/import-jobs` lists. */
export const IMPORT_JOBS_LISTED = 10;

/**
 * Where the poller and "Actualizar Resultados" read results: `none`, `openfootball` (the ready choice: the public
 * openfootball files of the competitions the app ships), a `file` (only from RESULTS_SOURCE, the server's operator) or
 * a `url`. `setBy`: `env` (RESULTS_SOURCE, while no admin has chosen), `admin` (stored in the database, read at every
 * pull), null for none without either. football-data.org, when FOOTBALL_DATA_TOKEN is set, is read beside it.
 */
export const ResultsSourceSchema = z.object({
  kind: z.enum(['none', 'file', 'url', 'openfootball']),
  /** What its pulls are recorded as: the file or URL, or "openfootball"; null for none. */
  location: z.string().nullable(),
  /** The files or URLs it reads (openfootball: one per competition). */
  files: z.array(z.string()),
  setBy: z.enum(['env', 'admin']).nullable(),
  /** When an admin chose it (null otherwise). */
  setAt: z.string().nullable(),
  /** RESULTS_SOURCE's value, which applies again when an admin's choice is removed: null without it. */
  envLocation: z.string().nullable(),
});
export type ResultsSource = z.infer<typeof ResultsSourceSchema>;

export const ResultsSourceStateSchema = z.object({
  source: ResultsSourceSchema,
  /** The latest pull of the source (by the poller or "Actualizar Resultados"), or null: never. */
  lastPull: ImportJobSchema.nullable(),
  /** The latest import of any kind (an admin's included), or null: never. */
  lastImport: ImportJobSchema.nullable(),
  /** While a match is near the poller reads every N minutes; 0: no poller, only "Actualizar Resultados". */
  pollMinutes: z.number().int(),
  /** From a match's kick-off until it has a result (3 hours at most), every N seconds. */
  livePollSeconds: z.number().int(),
  /** football-data.org: read beside the source when FOOTBALL_DATA_TOKEN is set, for these competitions' codes. */
  footballData: z.object({ configured: z.boolean(), competitions: z.array(z.string()) }),
  /** Every feed in use (the source and football-data.org) with its last pull. */
  feeds: z.array(FeedStatusSchema),
  /** The poller's plan. */
  schedule: PullScheduleSchema,
});
export type ResultsSourceState = z.infer<typeof ResultsSourceStateSchema>;
export const ResultsSourceResponseSchema = dataEnvelope(ResultsSourceStateSchema);
export const SaveResultsSourceResponseSchema = messageEnvelope(ResultsSourceStateSchema);

/**
 * `PUT /api/admin/results-source`: `{ preset: "openfootball" }` the ready choice, `{ url }` a public http(s) URL, or
 * `{ url: null }` for none. A file path is never taken from an admin (only RESULTS_SOURCE names one);
 * `{ useEnv: true }` forgets the admin's choice, so RESULTS_SOURCE applies again.
 */
export const SaveResultsSourceBodySchema = z
  .strictObject(
    {
      preset: z.literal(OPENFOOTBALL_PRESET, { error: resultsMessages.sourceBodyInvalid }).optional(),
      url: ImportUrlSchema.nullable().optional(),
      useEnv: z.literal(true, { error: resultsMessages.sourceBodyInvalid }).optional(),
    },
    { error: resultsMessages.sourceBodyInvalid },
  )
  .refine((body) => [body.preset, body.url, body.useEnv].filter((field) => field !== undefined).length === 1, {
    error: resultsMessages.sourceBodyInvalid,
  });
export type SaveResultsSourceBody = z.infer<typeof SaveResultsSourceBodySchema>;
