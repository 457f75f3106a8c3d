import { z } from 'zod';
import { positiveId } from './common.ts';
import { MatchStatusSchema, type Match } from './matches.ts';

export const PredictionChoiceSchema = z.enum(['home', 'draw', 'away'], {
  error: 'La predicción debe ser home, draw o away.',
});
export type PredictionChoice = z.infer<typeof PredictionChoiceSchema>;

/** Local / Empate / Visitante on screen (the spec's Pool detail screen). */
export const predictionLabels: Record<PredictionChoice, string> = {
  home: 'Local',
  draw: 'Empate',
  away: 'Visitante',
};

export const predictionMessages = {
  // The product's texts, word for word
  predictionFailed: 'Error al enviar la predicción.',
  // Server
  matchStarted: 'El partido ya comenzó.',
  alreadyPredicted: 'Ya enviaste una predicción para este partido en esta quiniela.',
  creatorCannotPredict: 'El creador de la quiniela no participa en los pronósticos.',
  notParticipant: 'Solo los participantes de la quiniela pueden pronosticar.',
  matchUnknown: 'El partido no existe.',
  poolUnknown: 'La quiniela no existe.',
  predictionNotFound: 'Predicción no encontrada.',
  picksHidden: 'Los pronósticos de los demás se ven cuando empieza el partido.',
  predictionLocked: 'Una predicción enviada no se puede cambiar ni borrar.',
  matchNotInPool: 'Ese partido no cuenta en esta quiniela.',
} as const;

export const CreatePredictionBodySchema = z.object({
  prediction: PredictionChoiceSchema,
  userId: positiveId('El usuario no es válido.'),
  matchId: positiveId('El partido no es válido.'),
  poolId: positiveId('La quiniela no es válida.'),
});
export type CreatePredictionBody = z.infer<typeof CreatePredictionBodySchema>;

export const PredictionSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  poolId: z.number().int(),
  userId: z.number().int(),
  prediction: PredictionChoiceSchema,
  createdAt: z.string(),
});
export type Prediction = z.infer<typeof PredictionSchema>;
export const PredictionResponseSchema = z.object({ data: PredictionSchema });
export const PredictionListResponseSchema = z.object({ data: z.array(PredictionSchema) });

/** How a pool picked a match, visible to its members once the match has kicked off. */
export const PickDistributionSchema = z.object({
  matchId: z.number().int(),
  counts: z.object({ home: z.number().int(), draw: z.number().int(), away: z.number().int() }),
  picks: z.array(z.object({ userId: z.number().int(), username: z.string(), prediction: PredictionChoiceSchema })),
});
export type PickDistribution = z.infer<typeof PickDistributionSchema>;

export const PoolMatchParamsSchema = z.object({
  poolId: positiveId('La quiniela no es válida.', { coerce: true }),
  matchId: positiveId('El partido no es válido.', { coerce: true }),
});

/**
 * On a prediction card whose kick-off time is not confirmed: when picks close, which is
 * the stored (provisional) kick-off, the deadline `picksClosed` applies. `when` is that
 * time written out in the device's time zone ("domingo 29 nov., 12:00").
 */
export const picksCloseProvisionalNote = (when: string): string => `Cierra: ${when} (hora provisional)`;

/**
 * Picks close at kick-off (the brief's prediction rules), the server's rule: a live or finished match
 * is closed whatever its date says (an admin may have moved the date). `now` in
 * epoch milliseconds.
 */
export function picksClosed(match: Pick<Match, 'matchDate' | 'status'>, now: number): boolean {
  return match.status !== 'scheduled' || Date.parse(match.matchDate) <= now;
}

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
  awaitingResult: 'Resultado pendiente',
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
export const PoolResultsQuerySchema = z.object({
  weekNumber: z.coerce
    .number({ error: 'La jornada no es válida.' })
    .int({ error: 'La jornada no es válida.' })
    .min(1, { error: 'La jornada no es válida.' })
    .max(99, { error: 'La jornada no es válida.' })
    .optional(),
});
export type PoolResultsQuery = z.infer<typeof PoolResultsQuerySchema>;

const ChoiceCountsSchema = z.object({ home: z.number().int(), draw: z.number().int(), away: z.number().int() });

/** A participant's pick of a match that has kicked off, with what it earned (null until the match is finished). */
export const ResultPickSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  prediction: PredictionChoiceSchema,
  points: z.number().int().nullable(),
});
export type ResultPick = z.infer<typeof ResultPickSchema>;

export const PoolResultMatchSchema = z.object({
  id: z.number().int(),
  competition: z.string(),
  round: z.string(),
  weekNumber: z.number().int(),
  matchDate: z.string(),
  kickoffConfirmed: z.boolean(),
  homeTeamId: z.number().int(),
  awayTeamId: z.number().int(),
  status: MatchStatusSchema,
  /** As the data has it, for a finished or live match only; never made up (null when the data has none). */
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
  /** Kicked off by the server's clock (`picksClosed`): from then on everyone's picks are in `picks`. */
  kickedOff: z.boolean(),
  /** The caller's own pick, or null. */
  ownPick: PredictionChoiceSchema.nullable(),
  /** What the caller's pick earned (the scoring rule); null without a pick or while the match is not finished. */
  ownPoints: z.number().int().nullable(),
  /** What each choice earns on this match (the scoring rule); null while it is not finished. */
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
  /** The round's name as the data gives it when the jornada's matches share one, otherwise "Jornada N". */
  label: z.string(),
  finished: z.number().int(),
  live: z.number().int(),
});
export type PoolJornada = z.infer<typeof PoolJornadaSchema>;

export const PoolResultsSchema = z.object({
  poolId: z.number().int(),
  /** Whether the caller takes part (has picks of their own); the creator and admins only watch. */
  participant: z.boolean(),
  /** The jornadas with a finished or live match, newest (highest number) first. */
  jornadas: z.array(PoolJornadaSchema),
  /** The jornada answered: the one asked for, else the newest in `jornadas`; null when there is none. */
  weekNumber: z.number().int().nullable(),
  /** Its matches in kick-off order. */
  matches: z.array(PoolResultMatchSchema),
});
export type PoolResults = z.infer<typeof PoolResultsSchema>;
export const PoolResultsResponseSchema = z.object({ data: PoolResultsSchema });
