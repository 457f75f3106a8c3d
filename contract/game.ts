import { z } from 'zod';
import { positiveId } from './common.ts';
import type { Match } from './football.ts';
import { PoolSchema } from './pools.ts';

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

export const gameMessages = {
  // The spec's error catalogue, word for word
  predictionFailed: 'Error al enviar la predicción.',
  resultsUpdateFailed: 'Error al actualizar los resultados.',
  rankingFailed: 'No se pudo cargar el ranking.',
  rankingEmpty: 'No hay datos de ranking aún.',
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
  tooManyUpdates: 'Espera un momento antes de volver a actualizar los resultados.',
  resultsSourceMissing: 'No hay una fuente de resultados configurada.',
  resultsSourceFailed: 'No se pudo leer la fuente de resultados.',
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

export const RankingPositionSchema = z.object({
  position: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  points: z.number().int(),
});
export type RankingPosition = z.infer<typeof RankingPositionSchema>;

export const RankingResponseSchema = z.object({
  pool: PoolSchema,
  leaderboard: z.object({
    lastUpdated: z.string().nullable(),
    positions: z.array(RankingPositionSchema),
  }),
});
export type RankingResponse = z.infer<typeof RankingResponseSchema>;

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

export const RoundParamsSchema = z.object({
  id: positiveId('La quiniela no es válida.', { coerce: true }),
  weekNumber: z.coerce
    .number({ error: 'La jornada no es válida.' })
    .int({ error: 'La jornada no es válida.' })
    .min(1, { error: 'La jornada no es válida.' })
    .max(99, { error: 'La jornada no es válida.' }),
});

export const RoundRankingResponseSchema = z.object({
  data: z.object({ weekNumber: z.number().int(), positions: z.array(RankingPositionSchema) }),
});

/** The caller's place in each of their pools. */
export const MyStandingsResponseSchema = z.object({
  data: z.array(
    z.object({ poolId: z.number().int(), poolName: z.string(), position: z.number().int(), points: z.number().int(), participants: z.number().int() }),
  ),
});

export const ResultsImportSummarySchema = z.object({
  source: z.string(),
  matchesSeen: z.number().int(),
  updated: z.number().int(),
  created: z.number().int(),
  unchanged: z.number().int(),
  unknownTeams: z.array(z.string()),
});
export type ResultsImportSummary = z.infer<typeof ResultsImportSummarySchema>;

export const UpdateAllResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    /** What the results source gave; null when none is configured (nothing was fetched). */
    import: ResultsImportSummarySchema.nullable(),
    poolsRecomputed: z.number().int(),
  }),
});
export type UpdateAllResult = z.infer<typeof UpdateAllResponseSchema>['data'];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What "Actualizar Resultados" really did, for its toast: never "updated" when nothing was fetched. */
export function updateAllMessage({ import: imported, poolsRecomputed }: UpdateAllResult): string {
  if (!imported) return `${gameMessages.resultsSourceMissing} Clasificaciones recalculadas con los resultados guardados.`;
  if (imported.updated === 0) return 'Sin resultados nuevos.';
  return `${count(imported.updated, 'resultado nuevo', 'resultados nuevos')}, ${count(poolsRecomputed, 'quiniela actualizada', 'quinielas actualizadas')}.`;
}

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
