import { z } from 'zod';
import { IsoDateTimeSchema, dataEnvelope, positiveId } from './common.ts';

export const ConfederationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export type Confederation = z.infer<typeof ConfederationSchema>;

export const TeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  isActive: z.boolean(),
  confederationId: z.number().int().nullable(),
});
export type Team = z.infer<typeof TeamSchema>;
export const TeamListResponseSchema = dataEnvelope(z.array(TeamSchema));

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

/** A team missing from the teams list is shown like this (the spec's Team entity, the brief's missing-team rule). */
export const UNKNOWN_TEAM_NAME = 'Unknown Team';
export const DEFAULT_TEAM_LOGO = '/favicon.svg';

export const footballMessages = {
  sameTeam: 'Un equipo no puede jugar contra sí mismo.',
  homeTeamUnknown: 'El equipo local no existe.',
  awayTeamUnknown: 'El equipo visitante no existe.',
  finishedNeedsScore: 'Un partido finalizado necesita el resultado (scoreHome y scoreAway).',
  matchNotFound: 'Partido no encontrado.',
  teamNotFound: 'Equipo no encontrado.',
  confederationNotFound: 'Confederación no encontrada.',
  confederationUnknown: 'La confederación no existe.',
  confederationCodeTaken: 'Ya existe una confederación con ese código.',
  teamHasMatches: 'El equipo tiene partidos: desactívalo en lugar de eliminarlo.',
  confederationHasTeams: 'La confederación tiene equipos asignados.',
  matchHasPredictions: 'El partido tiene pronósticos: no se puede eliminar.',
  fixtureExists: 'Ese partido ya existe en esa jornada.',
  deleted: 'Eliminado.',
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
  if (m.homeTeamId === m.awayTeamId) return footballMessages.sameTeam;
  if (m.status === 'finished' && (m.scoreHome === null || m.scoreAway === null)) return footballMessages.finishedNeedsScore;
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

const TeamNameSchema = z
  .string({ error: 'El nombre del equipo es obligatorio.' })
  .trim()
  .min(1, { error: 'El nombre del equipo es obligatorio.' })
  .max(80, { error: 'El nombre del equipo admite como máximo 80 caracteres.' });

/** A logo is a path served by the app itself (no remote images, as the brief's data rules say). */
const LogoUrlSchema = z
  .string({ error: 'El logo debe ser una ruta.' })
  // The app's own files only (its CSP loads no remote image): no `//host/…`, no `..`.
  .regex(/^\/(?![/])(?!.*\.\.)[A-Za-z0-9/_.-]{1,200}$/, {
    error: 'El logo debe ser una ruta local, por ejemplo /logos/clubs/betis.svg.',
  });

export const CreateTeamBodySchema = z.object({
  name: TeamNameSchema,
  logoUrl: LogoUrlSchema.nullable().default(null),
  isActive: z.boolean({ error: 'isActive debe ser verdadero o falso.' }).default(true),
  confederationId: positiveId('La confederación no es válida.').nullable().default(null),
});
export type CreateTeamBody = z.infer<typeof CreateTeamBodySchema>;

export const UpdateTeamBodySchema = z
  .object({
    name: TeamNameSchema,
    logoUrl: LogoUrlSchema.nullable(),
    isActive: z.boolean({ error: 'isActive debe ser verdadero o falso.' }),
    confederationId: positiveId('La confederación no es válida.').nullable(),
  })
  .partial();
export type UpdateTeamBody = z.infer<typeof UpdateTeamBodySchema>;

export const ConfederationBodySchema = z.object({
  code: z
    .string({ error: 'El código es obligatorio.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,10}$/, { error: 'El código debe tener entre 2 y 10 letras.' }),
  name: z
    .string({ error: 'El nombre es obligatorio.' })
    .trim()
    .min(1, { error: 'El nombre es obligatorio.' })
    .max(80, { error: 'El nombre admite como máximo 80 caracteres.' }),
});
export type ConfederationBody = z.infer<typeof ConfederationBodySchema>;
export const UpdateConfederationBodySchema = ConfederationBodySchema.partial();
