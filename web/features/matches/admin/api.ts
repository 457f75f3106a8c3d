import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '#contract/common';
import {
  MatchKickoffChangesResponseSchema,
  MatchResultChangesResponseSchema,
  MatchSchema,
  type UpdateMatchBody,
} from '#contract/matches';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateRankings } from '../../leaderboard/keys.ts';
import { invalidatePools } from '../../pools/api.ts';
import { invalidatePoolPicks } from '../../predictions/api.ts';
import { invalidateMatchList, matchKeys } from '../api.ts';

export const matchAdminQueries = {
  /** A match's result history: the admin area's reads are never kept in the offline cache. */
  resultChanges: (matchId: number) =>
    queryOptions({
      queryKey: matchKeys.resultChangesOf(matchId),
      queryFn: async () =>
        (
          await apiRequest(`/api/matches/${matchId}/result-changes`, {
            schema: MatchResultChangesResponseSchema,
            offlineCache: false,
          })
        ).data,
    }),
  /** A match's kick-off history: who confirmed or moved it, and when. */
  kickoffChanges: (matchId: number) =>
    queryOptions({
      queryKey: matchKeys.kickoffChangesOf(matchId),
      queryFn: async () =>
        (
          await apiRequest(`/api/matches/${matchId}/kickoff-changes`, {
            schema: MatchKickoffChangesResponseSchema,
            offlineCache: false,
          })
        ).data,
    }),
};

/** A result or a date changed (by hand or by an import): every list, ranking and history that shows matches is stale. */
export const invalidateAfterMatchChange = (queryClient: QueryClient) =>
  Promise.all([
    invalidateMatchList(queryClient),
    invalidateRankings(queryClient),
    invalidatePoolPicks(queryClient),
    invalidatePools(queryClient),
    queryClient.invalidateQueries({ queryKey: matchKeys.resultChanges() }),
    queryClient.invalidateQueries({ queryKey: matchKeys.kickoffChanges() }),
  ]);

export function useUpdateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateMatchBody }) =>
      (await apiRequest(`/api/matches/${id}`, { method: 'PATCH', body: changes, schema: dataEnvelope(MatchSchema) }))
        .data,
    onSuccess: () => invalidateAfterMatchChange(queryClient),
  });
}
