import { z } from 'zod';
import { dataEnvelope } from './common.ts';
import { MatchStatusSchema } from './matches.ts';

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
} as const;

/** What an import by an admin calls its source when the file travels in the request body. */
export const UPLOADED_FILE_SOURCE = 'archivo subido';

export const ResultsImportSummarySchema = z.object({
  source: z.string(),
  matchesSeen: z.number().int(),
  updated: z.number().int(),
  created: z.number().int(),
  unchanged: z.number().int(),
  unknownTeams: z.array(z.string()),
});
export type ResultsImportSummary = z.infer<typeof ResultsImportSummarySchema>;

export const UpdateAllResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    /** What the results source gave; null when none is configured (nothing was fetched). */
    import: ResultsImportSummarySchema.nullable(),
    poolsRecomputed: z.number().int(),
  }),
});
export type UpdateAllResult = z.infer<typeof UpdateAllResponseSchema>['data'];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What "Actualizar Resultados" really did, for its toast: never "updated" when nothing was fetched. */
export function updateAllMessage({ import: imported, poolsRecomputed }: UpdateAllResult): string {
  if (!imported)
    return `${resultsMessages.resultsSourceMissing} Clasificaciones recalculadas con los resultados guardados.`;
  if (imported.updated === 0) return 'Sin resultados nuevos.';
  return `${count(imported.updated, 'resultado nuevo', 'resultados nuevos')}, ${count(poolsRecomputed, 'quiniela actualizada', 'quinielas actualizadas')}.`;
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

/**
 * An import by an admin runs in the background: its request answers this at once, and
 * `GET /api/admin/import-jobs/{id}` tells how it goes. `progress` counts the file's matches
 * applied (null until the file has been read); `summary` is set when it succeeded, `error`
 * (in Spanish) when it failed.
 */
export const ImportJobSchema = z.object({
  id: z.number().int(),
  status: ImportJobStatusSchema,
  /** The URL, or «archivo subido». */
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
export const ImportResultsResponseSchema = z.object({ message: z.string(), data: z.object({ job: ImportJobSchema }) });
export type ImportResultsResponse = z.infer<typeof ImportResultsResponseSchema>;
/** The latest imports, newest first. */
export const ImportJobListResponseSchema = dataEnvelope(z.array(ImportJobSchema));
/** How many imports `GET /api/admin/import-jobs` lists. */
export const IMPORT_JOBS_LISTED = 10;
