import { z } from 'zod';
import { IsoDateTimeSchema, dataEnvelope, positiveId } from './common.ts';

export const MatchStatusSchema = z.enum(['scheduled', 'live', 'finished'], {
  error: 'El estado debe ser scheduled, live o finished.',
});
export type MatchStatus = z.infer<typeof MatchStatusSchema>;

export const MatchSchema = z.object({
  id: z.number().int(),
  competition: z.string(),
  round: z.string(),
  weekNumber: z.number().int(),
  /** Kick-off instant, UTC ISO. When `kickoffConfirmed` is false only the day is known. */
  matchDate: z.string(),
  kickoffConfirmed: z.boolean(),
  homeTeamId: z.number().int(),
  awayTeamId: z.number().int(),
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
  status: MatchStatusSchema,
});
export type Match = z.infer<typeof MatchSchema>;
export const MatchListResponseSchema = dataEnvelope(z.array(MatchSchema));

export const matchMessages = {
  sameTeam: 'Un equipo no puede jugar contra sí mismo.',
  homeTeamUnknown: 'El equipo local no existe.',
  awayTeamUnknown: 'El equipo visitante no existe.',
  finishedNeedsScore: 'Un partido finalizado necesita el resultado (scoreHome y scoreAway).',
  matchNotFound: 'Partido no encontrado.',
  matchHasPredictions: 'El partido tiene pronósticos: no se puede eliminar.',
  fixtureExists: 'Ese partido ya existe en esa jornada.',
  // Inicio's list, grouped by day and filtered by competition (beyond the spec: its texts stay as they are).
  pendingResultsHeading: 'Pendientes de resultado',
  competitionFilterLabel: 'Competición',
  allCompetitions: 'Todas',
  noMatchesInCompetition: (competition: string) =>
    `No hay partidos de ${competition} disponibles. Elige «Todas» para ver los demás.`,
} as const;

const ScoreSchema = z
  .number({ error: 'El marcador debe ser un número.' })
  .int({ error: 'El marcador debe ser un número entero.' })
  .min(0, { error: 'El marcador no puede ser negativo.' })
  .max(99, { error: 'El marcador admite como máximo 99.' });

const TeamIdSchema = positiveId('El equipo no es válido.');

/**
 * `GET /api/matches` grows by a season a year: without a query it answers the current competitions (any match
 * still to come or played in the last `CURRENT_COMPETITION_DAYS` days), which is all the app's screens use;
 * `?competition=` answers one competition whole, current or past.
 */
export const CURRENT_COMPETITION_DAYS = 180;
export const MatchListQuerySchema = z.object({
  competition: z
    .string({ error: 'La competición debe ser texto.' })
    .trim()
    .min(1, { error: 'La competición es obligatoria.' })
    .max(60, { error: 'La competición admite como máximo 60 caracteres.' })
    .optional(),
});
export type MatchListQuery = z.infer<typeof MatchListQuerySchema>;

const MatchFieldsSchema = z.object({
  competition: z.string().trim().min(1, { error: 'La competición es obligatoria.' }).max(60).default('manual'),
  round: z.string().trim().min(1, { error: 'La jornada es obligatoria.' }).max(60).optional(),
  weekNumber: z
    .number({ error: 'La jornada (weekNumber) debe ser un número.' })
    .int({ error: 'La jornada (weekNumber) debe ser un número entero.' })
    .min(1, { error: 'La jornada (weekNumber) debe estar entre 1 y 99.' })
    .max(99, { error: 'La jornada (weekNumber) debe estar entre 1 y 99.' }),
  matchDate: IsoDateTimeSchema,
  kickoffConfirmed: z.boolean({ error: 'kickoffConfirmed debe ser verdadero o falso.' }).default(true),
  homeTeamId: TeamIdSchema,
  awayTeamId: TeamIdSchema,
  scoreHome: ScoreSchema.nullable().default(null),
  scoreAway: ScoreSchema.nullable().default(null),
  status: MatchStatusSchema.default('scheduled'),
});

/** Rules that need several fields; the server applies them again after merging a PATCH. */
export function matchConsistencyIssue(m: {
  homeTeamId: number;
  awayTeamId: number;
  status: MatchStatus;
  scoreHome: number | null;
  scoreAway: number | null;
}): string | null {
  if (m.homeTeamId === m.awayTeamId) return matchMessages.sameTeam;
  if (m.status === 'finished' && (m.scoreHome === null || m.scoreAway === null))
    return matchMessages.finishedNeedsScore;
  return null;
}

export const CreateMatchBodySchema = MatchFieldsSchema.superRefine((m, ctx) => {
  const issue = matchConsistencyIssue(m);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
});
export type CreateMatchBody = z.infer<typeof CreateMatchBodySchema>;

export const UpdateMatchBodySchema = z
  .object({
    competition: z.string().trim().min(1).max(60),
    round: z.string().trim().min(1).max(60),
    weekNumber: MatchFieldsSchema.shape.weekNumber,
    matchDate: IsoDateTimeSchema,
    kickoffConfirmed: z.boolean({ error: 'kickoffConfirmed debe ser verdadero o falso.' }),
    homeTeamId: TeamIdSchema,
    awayTeamId: TeamIdSchema,
    scoreHome: ScoreSchema.nullable(),
    scoreAway: ScoreSchema.nullable(),
    status: MatchStatusSchema,
  })
  .partial();
export type UpdateMatchBody = z.infer<typeof UpdateMatchBodySchema>;

/** Who the audit trail names when no admin made the change. */
export const IMPORT_AUTHOR = 'importación';

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
