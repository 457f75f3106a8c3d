import { keepPreviousData, queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '#contract/common';
import {
  PickDistributionSchema,
  PoolResultsResponseSchema,
  PredictionListResponseSchema,
  PredictionResponseSchema,
  type CreatePredictionBody,
  type JokerBody,
  type Prediction,
} from '#contract/predictions';
import { apiRequest } from '../../lib/api-client.ts';

const PickDistributionResponseSchema = dataEnvelope(PickDistributionSchema);

/** The predictions' query keys; other features go through `invalidatePoolPicks`, never the keys. */
export const predictionKeys = {
  all: ['predictions'] as const,
  mine: (userId: number) => [...predictionKeys.all, 'user', userId] as const,
  poolPicks: () => [...predictionKeys.all, 'pool-picks'] as const,
  poolPicksOf: (poolId: number, matchId: number) => [...predictionKeys.poolPicks(), poolId, matchId] as const,
  /** Under `poolPicks`: results and kick-offs move them as they move the distributions. Null: the newest jornada. */
  poolResults: (poolId: number, weekNumber: number | null) =>
    [...predictionKeys.poolPicks(), poolId, 'results', weekNumber ?? 'newest'] as const,
};

export const predictionQueries = {
  /** The user's picks in every pool; screens keep the ones of their pool (as the spec's calls do). */
  mine: (userId: number) =>
    queryOptions({
      queryKey: predictionKeys.mine(userId),
      queryFn: async () =>
        (await apiRequest(`/api/predictions/user/${userId}`, { schema: PredictionListResponseSchema })).data,
    }),
  /** How the pool picked a match; the server answers only once it has kicked off. */
  distribution: (poolId: number, matchId: number) =>
    queryOptions({
      queryKey: predictionKeys.poolPicksOf(poolId, matchId),
      queryFn: async () =>
        (
          await apiRequest(`/api/predictions/pool/${poolId}/match/${matchId}`, {
            schema: PickDistributionResponseSchema,
          })
        ).data,
    }),
  /** The "Resultados" segment: one jornada of the pool (the newest with a finished or live match when null). */
  results: (poolId: number, weekNumber: number | null) =>
    queryOptions({
      queryKey: predictionKeys.poolResults(poolId, weekNumber),
      queryFn: async () =>
        (
          await apiRequest(
            `/api/predictions/pool/${poolId}/results${weekNumber === null ? '' : `?weekNumber=${weekNumber}`}`,
            { schema: PoolResultsResponseSchema },
          )
        ).data,
      // Another jornada keeps the one on screen (and its selector) until it arrives.
      placeholderData: keepPreviousData,
    }),
};

/** Results or kick-offs changed: how each pool picked its matches is asked for again. */
export const invalidatePoolPicks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: predictionKeys.poolPicks() });

const createPredictionKey = [...predictionKeys.all, 'create'];

export function useCreatePrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createPredictionKey,
    mutationFn: async (body: CreatePredictionBody) =>
      (await apiRequest('/api/predictions', { method: 'POST', body, schema: PredictionResponseSchema })).data,
    // The pick shows as made at once; the refetch confirms it.
    onSuccess: (prediction) => {
      // A changed pick (a pool that allows it) keeps its id: it replaces the one shown.
      queryClient.setQueryData(predictionQueries.mine(prediction.userId).queryKey, (picks: Prediction[] = []) => [
        ...picks.filter((p) => p.id !== prediction.id),
        prediction,
      ]);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: predictionQueries.mine(prediction.userId).queryKey }),
        // The pool's results show one's own picks.
        queryClient.invalidateQueries({ queryKey: [...predictionKeys.poolPicks(), prediction.poolId, 'results'] }),
      ]);
    },
  });
}

/** The comodín on (or off) one's pick of a match: it may leave another match of the jornada, so the picks are asked for again. */
export function useSetJoker(poolId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JokerBody) =>
      (await apiRequest(`/api/predictions/pool/${poolId}/joker`, { method: 'PUT', body, schema: PredictionResponseSchema })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: predictionQueries.mine(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...predictionKeys.poolPicks(), poolId, 'results'] }),
      ]),
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
