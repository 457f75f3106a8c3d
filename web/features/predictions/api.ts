import { queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import {
  PickDistributionSchema,
  PredictionListResponseSchema,
  PredictionResponseSchema,
  RankingResponseSchema,
  RoundRankingResponseSchema,
  UpdateAllResponseSchema,
  dataEnvelope,
} from '#contract/index';
import type { CreatePredictionBody, Prediction } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

const PickDistributionResponseSchema = dataEnvelope(PickDistributionSchema);

export const predictionQueries = {
  /** The user's picks in every pool; screens keep the ones of their pool (as the spec's calls do). */
  mine: (userId: number) =>
    queryOptions({
      queryKey: ['predictions', userId],
      queryFn: async () =>
        (await apiRequest(`/api/predictions/user/${userId}`, { schema: PredictionListResponseSchema })).data,
    }),
  /** How the pool picked a match; the server answers only once it has kicked off. */
  distribution: (poolId: number, matchId: number) =>
    queryOptions({
      queryKey: ['ranking', poolId, 'picks', matchId],
      queryFn: async () =>
        (
          await apiRequest(`/api/predictions/pool/${poolId}/match/${matchId}`, {
            schema: PickDistributionResponseSchema,
          })
        ).data,
    }),
};

export const rankingQueries = {
  overall: (poolId: number) =>
    queryOptions({
      queryKey: ['ranking', poolId, 'overall'],
      queryFn: async () =>
        (await apiRequest(`/api/leaderboard/pool/${poolId}/ranking`, { schema: RankingResponseSchema })).leaderboard,
    }),
  round: (poolId: number, weekNumber: number) =>
    queryOptions({
      queryKey: ['ranking', poolId, 'round', weekNumber],
      queryFn: async () =>
        (
          await apiRequest(`/api/leaderboard/pool/${poolId}/round/${weekNumber}`, {
            schema: RoundRankingResponseSchema,
          })
        ).data.positions,
    }),
};

const createPredictionKey = ['predictions', 'create'];

export function useCreatePrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createPredictionKey,
    mutationFn: async (body: CreatePredictionBody) =>
      (await apiRequest('/api/predictions', { method: 'POST', body, schema: PredictionResponseSchema })).data,
    // The pick shows as made at once; the refetch confirms it.
    onSuccess: (prediction) => {
      queryClient.setQueryData(predictionQueries.mine(prediction.userId).queryKey, (picks: Prediction[] = []) => [
        ...picks,
        prediction,
      ]);
      return queryClient.invalidateQueries({ queryKey: predictionQueries.mine(prediction.userId).queryKey });
    },
  });
}

/** Matches whose pick is on its way: each card locks on its own, however fast the taps. */
export function useSendingPredictions(): ReadonlySet<number> {
  const matchIds = useMutationState({
    filters: { mutationKey: createPredictionKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as CreatePredictionBody).matchId,
  });
  return new Set(matchIds);
}

/** "Actualizar Resultados": new results may move every standing and finish matches. */
export function useUpdateResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/leaderboard/update-all', { method: 'POST', schema: UpdateAllResponseSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ranking'] }),
        queryClient.invalidateQueries({ queryKey: ['matches'] }),
      ]),
  });
}
