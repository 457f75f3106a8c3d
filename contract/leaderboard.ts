import { z } from 'zod';
import { positiveId } from './common.ts';
import { PoolSchema } from './pools.ts';

export const leaderboardMessages = {
  // The product's texts, word for word
  rankingFailed: 'No se pudo cargar el ranking.',
  rankingEmpty: 'No hay datos de ranking aún.',
} as const;

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
    z.object({
      poolId: z.number().int(),
      poolName: z.string(),
      position: z.number().int(),
      points: z.number().int(),
      participants: z.number().int(),
    }),
  ),
});
