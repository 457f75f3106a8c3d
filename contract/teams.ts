import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';

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

/** A team missing from the teams list is shown like this (the spec's Team entity, the brief's missing-team rule). */
export const UNKNOWN_TEAM_NAME = 'Unknown Team';
export const DEFAULT_TEAM_LOGO = '/favicon.svg';

export const teamMessages = {
  teamNotFound: 'Equipo no encontrado.',
  confederationNotFound: 'Confederación no encontrada.',
  confederationUnknown: 'La confederación no existe.',
  confederationCodeTaken: 'Ya existe una confederación con ese código.',
  teamHasMatches: 'El equipo tiene partidos: desactívalo en lugar de eliminarlo.',
  confederationHasTeams: 'La confederación tiene equipos asignados.',
} as const;

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
