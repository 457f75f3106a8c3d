import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';
import { MatchSchema, MatchStatusSchema } from './matches.ts';
import { NamedPickSchema, PredictionChoiceSchema } from './predictions.ts';

// Apart from predictions.ts, which a pool's first screen (Predecir) loads: Resultados' schemas and texts load with
// Resultados (docs/decisions/059).

/**
 * The "Resultados" segment of a pool (`GET /api/predictions/pool/{poolId}/results?weekNumber=N`), one jornada per
 * answer. A match's picks by name are in it only from kick-off (`picksClosed` on the server's clock): before, the
 * caller sees their own pick and nobody else's.
 */
export const RESULT_PICKS_SHOWN = 50;

export const poolResultsMessages = {
  title: 'Resultados',
  loading: 'Cargando resultados...',
  loadFailed: 'No se pudieron cargar los resultados.',
  empty: 'Todavía no hay partidos terminados ni en juego en esta quiniela.',
  emptyJornada: 'Esta jornada no tiene partidos en esta quiniela.',
  live: 'En juego',
  finished: 'Finalizado',
  noPick: 'Sin pronóstico',
  ownPick: 'Tu pronóstico',
  picksHidden: 'Los pronósticos de los demás se ven cuando empieza el partido.',
  noPicks: 'Nadie pronosticó este partido.',
  picksLoadFailed: 'No se pudieron cargar todos los pronósticos.',
  loadingPicks: 'Cargando pronósticos...',
  hidePicks: 'Ocultar pronósticos',
  showPicks: (total: number) => `Ver los ${total} pronósticos`,
  you: '(tú)',
} as const;

/** "+3", "+0": what a pick earned on a finished match. */
export const pointsBadge = (points: number): string => `+${points}`;

export const PoolResultsParamsSchema = z.object({ poolId: positiveId('La quiniela no es válida.', { coerce: true }) });
/** A jornada in a query string (`?weekNumber=14`). */
export const WeekNumberQuerySchema = z.coerce
  .number({ error: 'La jornada no es válida.' })
  .int({ error: 'La jornada no es válida.' })
  .min(1, { error: 'La jornada no es válida.' })
  .max(99, { error: 'La jornada no es válida.' });
export const PoolResultsQuerySchema = z.object({ weekNumber: WeekNumberQuerySchema.optional() });
export type PoolResultsQuery = z.infer<typeof PoolResultsQuerySchema>;

const ChoiceCountsSchema = z.object({ home: z.number().int(), draw: z.number().int(), away: z.number().int() });

/** A participant's pick of a match that has kicked off, with what it earned (null until the match is finished). */
export const ResultPickSchema = NamedPickSchema.extend({ points: z.number().int().nullable() });
export type ResultPick = z.infer<typeof ResultPickSchema>;

/** A match (its status and score taken out and put back, so the answer keeps its order of fields), with the pool's picks. */
export const PoolResultMatchSchema = MatchSchema.omit({ status: true, scoreHome: true, scoreAway: true }).extend({
  status: MatchStatusSchema,
  /** As the data has it, for a finished or live match only; never made up (null when the data has none). */
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
  /** Kicked off by the server's clock (`picksClosed`): from then on everyone's picks are in `picks`. */
  kickedOff: z.boolean(),
  /** The caller's own pick, or null. */
  ownPick: PredictionChoiceSchema.nullable(),
  /** The caller's predicted score in an exact-score pool, else null. */
  ownScoreHome: z.number().int().nullable(),
  ownScoreAway: z.number().int().nullable(),
  /** The caller's comodín is on this match. */
  ownJoker: z.boolean(),
  /**
   * What the caller's pick earned (the scoring rule); null without a pick or while the match is not finished. In a La
   * Quiniela pool, the line's acierto (1 or 0) by the boleto's rule: the Pleno counts only with the 14 right.
   */
  ownPoints: z.number().int().nullable(),
  /** Only in a La Quiniela pool: the match's line on the boleto (1–15; the 15th is the Pleno al 15). */
  line: z.number().int().optional(),
  /** What each choice earns on this match (the scoring rule); null while it is not finished, and in exact-score pools. */
  pointsByPick: ChoiceCountsSchema.nullable(),
  /**
   * Everyone's picks, null before kick-off. `shown` holds at most `RESULT_PICKS_SHOWN` of them by name (in name
   * order); `total` is how many there are (the full list: `GET /api/predictions/pool/{poolId}/match/{matchId}`).
   */
  picks: z
    .object({ total: z.number().int(), counts: ChoiceCountsSchema, shown: z.array(ResultPickSchema) })
    .nullable(),
});
export type PoolResultMatch = z.infer<typeof PoolResultMatchSchema>;

export const PoolJornadaSchema = z.object({
  weekNumber: z.number().int(),
  /** Its Spanish name from its matches' data labels ("Jornada 14", "Octavos de final": `roundDisplayLabel`). */
  label: z.string(),
  finished: z.number().int(),
  live: z.number().int(),
  /** Matches past their kick-off by the server's clock whose status is still `scheduled` (no result yet). */
  started: z.number().int(),
});
export type PoolJornada = z.infer<typeof PoolJornadaSchema>;

export const PoolResultsSchema = z.object({
  poolId: z.number().int(),
  /** Whether the caller takes part (has picks of their own); the creator and admins only watch. */
  participant: z.boolean(),
  /** The jornadas with a match that has started (finished, live, or past its kick-off), newest (highest number) first. */
  jornadas: z.array(PoolJornadaSchema),
  /** The jornada answered: the one asked for, else the newest in `jornadas`; null when there is none. */
  weekNumber: z.number().int().nullable(),
  /** Its matches in kick-off order. */
  matches: z.array(PoolResultMatchSchema),
});
export type PoolResults = z.infer<typeof PoolResultsSchema>;
export const PoolResultsResponseSchema = dataEnvelope(PoolResultsSchema);
