import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '#contract/common';
import {
  PickDistributionSchema,
  PredictionListResponseSchema,
  PredictionResponseSchema,
  type CreatePredictionBody,
  type JokerBody,
  type Prediction,
} from '#contract/predictions';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { invalidateTopics, matchChange, topics } from '../../lib/topics.ts';

const PickDistributionResponseSchema = dataEnvelope(PickDistributionSchema);

/** The predictions' query keys; other features refresh them by topic, never by these. */
export const predictionKeys = {
  all: ['predictions'] as const,
  mine: (userId: number) => [...predictionKeys.all, 'user', userId] as const,
  poolPicks: (poolId: number, matchId: number) => [...predictionKeys.all, 'pool-picks', poolId, matchId] as const,
  closeCalendar: (poolId: number) => [...predictionKeys.all, 'close-calendar', poolId] as const,
  /** Null: the newest jornada. */
  poolResults: (poolId: number, weekNumber: number | null) =>
    [...predictionKeys.all, 'pool-results', poolId, weekNumber ?? 'newest'] as const,
  jornadaTable: (poolId: number, weekNumber: number) =>
    [...predictionKeys.all, 'jornada-table', poolId, weekNumber] as const,
};

export const predictionQueries = {
  /** The user's picks in every pool; screens keep the ones of their pool (as the spec's calls do). */
  mine: (userId: number) =>
    apiQuery(predictionKeys.mine(userId), `/api/predictions/user/${userId}`, PredictionListResponseSchema, [
      topics.user(userId),
    ]),
  /** How the pool picked a match; the server answers only once it has kicked off. */
  distribution: (poolId: number, matchId: number) =>
    // Results and kick-offs move it, and so do the pool's members.
    apiQuery(
      predictionKeys.poolPicks(poolId, matchId),
      `/api/predictions/pool/${poolId}/match/${matchId}`,
      PickDistributionResponseSchema,
      [topics.pool(poolId), ...matchChange],
    ),
};

// A pick's and a comodín's answers say what "Mi jugada" copied (`copies`): the jugada's control reads them by these
// keys' common start, `predictionKeys.all` (./jugada/).
const createPredictionKey = [...predictionKeys.all, 'create'];
const setJokerKey = [...predictionKeys.all, 'joker'];
/** A pick's answer as it came, `copies` and all: the jugada's control reads them (`PredictionSavedResponseSchema`). */
const SavedPickSchema = PredictionResponseSchema.loose();

export function useCreatePrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createPredictionKey,
    mutationFn: (body: CreatePredictionBody) =>
      apiRequest('/api/predictions', { method: 'POST', body, schema: SavedPickSchema }),
    // The pick shows as made at once; the refetch confirms it.
    onSuccess: ({ data: prediction }) => {
      // A changed pick (a pool that allows it) keeps its id: it replaces the one shown.
      queryClient.setQueryData(predictionQueries.mine(prediction.userId).queryKey, (picks: Prediction[] = []) => [
        ...picks.filter((p) => p.id !== prediction.id),
        prediction,
      ]);
      // One's picks, and the pools' results that show them.
      return invalidateTopics(queryClient, [topics.user(prediction.userId)]);
    },
  });
}

/** The comodín on (or off) one's pick of a match: it may leave another match of the jornada, so the picks are asked for again. */
export function useSetJoker(poolId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setJokerKey,
    mutationFn: (body: JokerBody) =>
      apiRequest(`/api/predictions/pool/${poolId}/joker`, { method: 'PUT', body, schema: SavedPickSchema }),
    onSuccess: () => invalidateTopics(queryClient, [topics.user(userId)]),
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
