import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';
import { PREDICTED_GOALS_MAX, type GameMode } from './game-rules.ts';
import type { Match } from './matches.ts';

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
/**
 * A stored pick's shape, as `pickMode` says a body's: its pool's mode, or in a La Quiniela pool its line's (a sign on
 * 1–14, the buckets on the Pleno: docs/decisions/082-modo-la-quiniela.md). What "Mi jugada" copies it as.
 */
export const storedPickMode = (poolMode: GameMode, pick: { scoreHome: number | null }): GameMode =>
  poolMode !== 'laQuiniela' ? poolMode : pick.scoreHome === null ? 'outcome' : 'exactScore';

/** Setting or removing the comodín on one's pick of a match (`PUT /api/predictions/pool/{poolId}/joker`). */
export const JokerBodySchema = z.object({
  matchId: positiveId('El partido no es válido.'),
  joker: z.boolean({ error: 'joker debe ser verdadero o falso.' }),
});
export type JokerBody = z.infer<typeof JokerBodySchema>;

/** A pick as the screens write it: its score in an exact-score pool ("2-1"), else "Local", "Empate" or "Visitante". */
export function pickText(
  pick: { prediction: PredictionChoice; scoreHome: number | null; scoreAway: number | null },
  /** How a score's goals are written: as numbers, or La Quiniela's Pleno buckets (`plenoBucketLabel`: "M-1"). */
  goals: (goals: number) => string = String,
): string {
  return pick.scoreHome === null || pick.scoreAway === null ? predictionLabels[pick.prediction] : `${goals(pick.scoreHome)}-${goals(pick.scoreAway)}`;
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
export const NamedPickSchema = z.object({
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
