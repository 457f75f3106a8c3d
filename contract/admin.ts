import { z } from 'zod';
import { dataEnvelope } from './common.ts';
import { MatchStatusSchema } from './football.ts';
import { ResultsImportSummarySchema } from './game.ts';

/** What an import by an admin calls its source when the file travels in the request body. */
export const UPLOADED_FILE_SOURCE = 'archivo subido';

/** Who the audit trail names when no admin made the change. */
export const IMPORT_AUTHOR = 'importación';

export const adminMessages = {
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
  // Web, admin area
  notAuthorizedTitle: 'No autorizado',
  notAuthorizedText: 'Esta sección es solo para administradores.',
} as const;

const ScoreStateSchema = z.object({
  status: MatchStatusSchema,
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
});
export type ScoreState = z.infer<typeof ScoreStateSchema>;

/** One saved change of a match's result: why a pool's ranking moved. */
export const MatchResultChangeSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  changedAt: z.string(),
  /** 'admin' (a correction by hand) or 'import' (the results importer). */
  source: z.string(),
  /** The admin's name, or «importación». */
  changedBy: z.string(),
  before: ScoreStateSchema,
  after: ScoreStateSchema,
});
export type MatchResultChange = z.infer<typeof MatchResultChangeSchema>;
export const MatchResultChangesResponseSchema = dataEnvelope(z.array(MatchResultChangeSchema));

const ImportUrlSchema = z
  .string({ error: adminMessages.importUrlInvalid })
  .trim()
  .max(2000, { error: 'La URL admite como máximo 2000 caracteres.' })
  .regex(/^https?:\/\/[^\s/]+/i, { error: adminMessages.importUrlInvalid });

/**
 * Either the openfootball file itself (as uploaded from a file picker) or `{ url }`.
 * A loose object: the importer reads the file's own fields, and rejects what it cannot use.
 */
export const ImportResultsBodySchema = z
  .looseObject({
    url: ImportUrlSchema.optional(),
    name: z.string({ error: adminMessages.importBodyInvalid }).optional(),
    matches: z.array(z.unknown(), { error: adminMessages.importBodyInvalid }).optional(),
  })
  .refine((body) => (body.url !== undefined) !== (body.name !== undefined && body.matches !== undefined), {
    error: adminMessages.importBodyInvalid,
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
