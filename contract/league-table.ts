import { z } from 'zod';
import { dataEnvelope } from './common.ts';
import { CompetitionKeySchema } from './matches.ts';

/*
 * A league's table ("Clasificación de LaLiga"), computed from the stored results of a competition that is played as
 * one league (`hasLeagueTable` in contract/matches.ts): docs/decisions/076-the-league-table-from-the-stored-results.md.
 */

export const LeagueTableParamsSchema = z.object({ key: CompetitionKeySchema });

/** `?untilWeek=N`: the table as it stood after round N (its matches and the earlier rounds' only). */
export const LeagueTableQuerySchema = z.object({
  untilWeek: z.coerce
    .number({ error: 'La jornada (untilWeek) debe ser un número.' })
    .int({ error: 'La jornada (untilWeek) debe ser un número entero.' })
    .min(1, { error: 'La jornada (untilWeek) debe estar entre 1 y 99.' })
    .max(99, { error: 'La jornada (untilWeek) debe estar entre 1 y 99.' })
    .optional(),
});
export type LeagueTableQuery = z.infer<typeof LeagueTableQuerySchema>;

const count = z.number().int();

export const LeagueTableRowSchema = z.object({
  /** 1, 2, 3…: every row its own place (the last tie-break, the name, always separates two teams). */
  position: count,
  teamId: count,
  teamName: z.string(),
  played: count,
  won: count,
  drawn: count,
  lost: count,
  goalsFor: count,
  goalsAgainst: count,
  goalDifference: count,
  /** 3 a win, 1 a draw, 0 a defeat. */
  points: count,
});
export type LeagueTableRow = z.infer<typeof LeagueTableRowSchema>;

export const LeagueTableSchema = z.object({
  competition: z.string(),
  /** "LaLiga 2026/27". */
  displayName: z.string(),
  /** The `untilWeek` asked for, or null for the table with every stored result. */
  untilWeek: z.number().int().nullable(),
  /** How many finished matches the table counts. */
  matchesCounted: z.number().int(),
  /** The last round (`weekNumber`) with a counted match; null before the first result. */
  lastWeekCounted: z.number().int().nullable(),
  /** Every team with a match in the competition, in table order (a team yet to play has its zeros). */
  rows: z.array(LeagueTableRowSchema),
});
export type LeagueTable = z.infer<typeof LeagueTableSchema>;
export const LeagueTableResponseSchema = dataEnvelope(LeagueTableSchema);

export const leagueTableMessages = {
  competitionNotFound: 'Competición no encontrada.',
  noLeagueTable: (displayName: string) =>
    `${displayName} no tiene clasificación de liga: sus partidos no se juegan como una sola liga.`,
  regionLabel: 'Clasificación',
  loading: 'Cargando clasificación...',
  loadFailed: 'No se pudo cargar la clasificación.',
  /** The caption: what the table is computed from. */
  countedFrom: (matches: number, lastRound: string | null) =>
    matches === 0
      ? 'Aún no hay resultados guardados: todos los equipos empiezan a cero.'
      : `Con ${matches === 1 ? 'el partido terminado' : `los ${matches} partidos terminados`} guardados` +
        `${lastRound === null ? '' : `, hasta la ${lastRound}`}.`,
  tieBreaks:
    'Empates a puntos: primero el enfrentamiento directo (puntos y diferencia de goles) cuando ya se han jugado ' +
    'todos sus partidos entre ellos; después la diferencia de goles, los goles a favor y el nombre.',
} as const;
