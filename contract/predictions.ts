import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';
import { PREDICTED_GOALS_MAX, type GameMode } from './game-rules.ts';
import { MatchSchema, MatchStatusSchema, type Match } from './matches.ts';

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
  // Exact-score pools and the comodín (contract/game-rules.ts)
  pickShape: 'Envía prediction (home, draw o away) o, en una quiniela de resultado exacto, scoreHome y scoreAway (0–20).',
  /** A pick of the other mode's shape, by the pool's mode: which fields that pool expects. */
  wrongShape: {
    outcome: 'Esta quiniela es 1X2: envía prediction (home, draw o away), sin scoreHome ni scoreAway.',
    exactScore: 'Esta quiniela es de resultado exacto: envía scoreHome y scoreAway (0–20), sin prediction.',
  } satisfies Record<Exclude<GameMode, 'laQuiniela'>, string>,
  jokerOff: 'Esta quiniela no juega con comodín.',
  jokerNeedsPick: 'Guarda primero tu pronóstico de este partido.',
  jokerLocked: 'Tu comodín de esta jornada está en un partido que ya empezó.',
  /** Its match has not kicked off, but its picks have closed ("Cierre antes del partido"). */
  jokerClosed: 'Tu comodín de esta jornada está en un partido cuyos pronósticos ya cerraron.',
  /** A comodín copied by "Mi jugada" does not move one the target already has in that jornada. */
  jokerHeld: 'Ya tienes el comodín en otro partido de esta jornada.',
  jokerSet: 'Comodín puesto en este partido.',
  jokerRemoved: 'Comodín quitado.',
  jokerLabel: 'Comodín ×2',
  jokerFailed: 'No se pudo cambiar el comodín.',
  scoreSave: 'Guardar resultado',
  scoreLabel: (team: string) => `Goles de ${team}`,
  more: (team: string) => `Un gol más para ${team}`,
  less: (team: string) => `Un gol menos para ${team}`,
} as const;

const PredictedGoalsSchema = z
  .number({ error: `El marcador pronosticado debe ser un número entre 0 y ${PREDICTED_GOALS_MAX}.` })
  .int({ error: `El marcador pronosticado debe ser un número entre 0 y ${PREDICTED_GOALS_MAX}.` })
  .min(0, { error: `El marcador pronosticado debe ser un número entre 0 y ${PREDICTED_GOALS_MAX}.` })
  .max(PREDICTED_GOALS_MAX, { error: `El marcador pronosticado debe ser un número entre 0 y ${PREDICTED_GOALS_MAX}.` });

/**
 * A pick: `prediction` in a 1X2 pool (the specification's body, unchanged), `scoreHome` and `scoreAway` in an
 * exact-score pool, whose outcome is derived from them (`outcomeOfScore`). Which one a pool takes is checked by the
 * server, which knows the pool's mode.
 */
export const CreatePredictionBodySchema = z
  .object({
    prediction: PredictionChoiceSchema.optional(),
    scoreHome: PredictedGoalsSchema.optional(),
    scoreAway: PredictedGoalsSchema.optional(),
    userId: positiveId('El usuario no es válido.'),
    matchId: positiveId('El partido no es válido.'),
    poolId: positiveId('La quiniela no es válida.'),
  })
  .superRefine((body, ctx) => {
    const scores = [body.scoreHome, body.scoreAway].filter((s) => s !== undefined).length;
    const shaped = body.prediction === undefined ? scores === 2 : scores === 0;
    if (!shaped) ctx.addIssue({ code: 'custom', message: predictionMessages.pickShape, path: ['prediction'] });
  });
export type CreatePredictionBody = z.infer<typeof CreatePredictionBodySchema>;

/** The outcome a score means (a predicted score's, or a match's). */
export function outcomeOfScore(home: number, away: number): PredictionChoice {
  if (home > away) return 'home';
  return home < away ? 'away' : 'draw';
}

/** The mode a pick's shape belongs to. */
export const pickMode = (body: Pick<CreatePredictionBody, 'prediction'>): GameMode => (body.prediction === undefined ? 'exactScore' : 'outcome');

/** Setting or removing the comodín on one's pick of a match (`PUT /api/predictions/pool/{poolId}/joker`). */
export const JokerBodySchema = z.object({
  matchId: positiveId('El partido no es válido.'),
  joker: z.boolean({ error: 'joker debe ser verdadero o falso.' }),
});
export type JokerBody = z.infer<typeof JokerBodySchema>;

/** A pick as the screens write it: its score in an exact-score pool ("2-1"), else "Local", "Empate" or "Visitante". */
export function pickText(pick: { prediction: PredictionChoice; scoreHome: number | null; scoreAway: number | null }): string {
  return pick.scoreHome === null || pick.scoreAway === null ? predictionLabels[pick.prediction] : `${pick.scoreHome}-${pick.scoreAway}`;
}

export const PredictionSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  poolId: z.number().int(),
  userId: z.number().int(),
  /** In an exact-score pool, the outcome its score means. */
  prediction: PredictionChoiceSchema,
  /** The predicted score in an exact-score pool; null in a 1X2 pool. */
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
  /** The comodín is on this pick (its points count double). */
  joker: z.boolean(),
  createdAt: z.string(),
  /** Only on a pick "Mi jugada" copied from another pool (contract/jugada.ts), until the player saves it here. */
  copiedFrom: z.object({ poolId: z.number().int(), poolName: z.string() }).optional(),
});
export type Prediction = z.infer<typeof PredictionSchema>;
export const PredictionResponseSchema = dataEnvelope(PredictionSchema);

export const PredictionListResponseSchema = dataEnvelope(z.array(PredictionSchema));

/** A member's pick by name, as the pool sees it once the match has kicked off (scores in an exact-score pool). */
const NamedPickSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  prediction: PredictionChoiceSchema,
  /** The predicted score in an exact-score pool; null in a 1X2 pool. */
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
  joker: z.boolean(),
});

/** How a pool picked a match, visible to its members once the match has kicked off. */
export const PickDistributionSchema = z.object({
  matchId: z.number().int(),
  counts: z.object({ home: z.number().int(), draw: z.number().int(), away: z.number().int() }),
  picks: z.array(NamedPickSchema),
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
  /** What the caller's pick earned (the scoring rule); null without a pick or while the match is not finished. */
  ownPoints: z.number().int().nullable(),
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
