/**
 * The shipped team data (server/db/seed/data/teams-es.json, clubs-es-*.json) as rows for the confederations and
 * teams tables: Spanish names, flags and generated club badges. Used by the seed and the badge generator only.
 */
import { z } from 'zod';

export const CONFEDERATION_NAMES = {
  UEFA: 'UEFA (Europa)',
  CONMEBOL: 'CONMEBOL (Sudamérica)',
  CONCACAF: 'CONCACAF (Norteamérica, Centroamérica y Caribe)',
  CAF: 'CAF (África)',
  AFC: 'AFC (Asia)',
  OFC: 'OFC (Oceanía)',
} as const;
export type ConfederationCode = keyof typeof CONFEDERATION_NAMES;

const confederationCodes = Object.keys(CONFEDERATION_NAMES) as [ConfederationCode, ...ConfederationCode[]];
const ConfederationCodeSchema = z.enum(confederationCodes);

const TeamsEsSchema = z.record(
  z.string(),
  z.object({
    nameEs: z.string().min(1),
    iso: z.string().regex(/^[a-z]{2}(-[a-z]{3})?$/),
    confederation: ConfederationCodeSchema,
  }),
);

const ClubsEsSchema = z.record(
  z.string(),
  z.object({ shortNameEs: z.string().min(1), confederation: ConfederationCodeSchema }),
);

export interface TeamRow {
  /** The name as written in the source files: the key the importer matches on. */
  sourceName: string;
  name: string;
  logoUrl: string;
  confederationCode: ConfederationCode;
}

/** World Cup teams from teams-es.json, shown with their Spanish name and flag. */
export function worldCupTeamRows(teamsEs: unknown): TeamRow[] {
  return Object.entries(TeamsEsSchema.parse(teamsEs)).map(([sourceName, team]) => ({
    sourceName,
    name: team.nameEs,
    logoUrl: `/logos/flags/${team.iso}.svg`,
    confederationCode: team.confederation,
  }));
}

/** LaLiga clubs from clubs-es-*.json, shown with their short name and generated badge. */
export function clubTeamRows(clubsEs: unknown): TeamRow[] {
  return Object.entries(ClubsEsSchema.parse(clubsEs)).map(([sourceName, club]) => ({
    sourceName,
    name: club.shortNameEs,
    logoUrl: `/logos/clubs/${clubSlug(club.shortNameEs)}.svg`,
    confederationCode: club.confederation,
  }));
}

/** "Atlético de Madrid" → "atletico-de-madrid": the badge's file name. */
export function clubSlug(shortName: string): string {
  return shortName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
