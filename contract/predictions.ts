import { z } from 'zod';
import { positiveId } from './common.ts';
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
