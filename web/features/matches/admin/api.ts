import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '#contract/common';
import {
  MatchKickoffChangesResponseSchema,
  MatchResultChangesResponseSchema,
  MatchSchema,
  type UpdateMatchBody,
} from '#contract/matches';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateTopics, matchChange, reads, topics } from '../../../lib/topics.ts';
import { matchKeys } from '../api.ts';

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
      meta: reads(topics.matches),
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
      meta: reads(topics.matches),
    }),
};

export function useUpdateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateMatchBody }) =>
      (await apiRequest(`/api/matches/${id}`, { method: 'PATCH', body: changes, schema: dataEnvelope(MatchSchema) }))
        .data,
    onSuccess: () => invalidateTopics(queryClient, matchChange),
  });
}
