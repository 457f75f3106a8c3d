import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dataEnvelope } from '#contract/common';
import {
  MatchKickoffChangesResponseSchema,
  MatchResultChangesResponseSchema,
  MatchSchema,
  type UpdateMatchBody,
} from '#contract/matches';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiQuery } from '../../../lib/api-query.ts';
import { invalidateTopics, matchChange, topics } from '../../../lib/topics.ts';
import { matchKeys, type MatchHistory } from '../api.ts';

/** A match's history: the admin area's reads are never kept in the offline cache. */
const historyQuery = <Change>(history: MatchHistory, matchId: number, schema: z.ZodType<{ data: Change[] }>) =>
  apiQuery(matchKeys.history(history, matchId), `/api/matches/${matchId}/${history}`, schema, [topics.matches], {
    offlineCache: false,
  });

export const matchAdminQueries = {
  /** A match's result history. */
  resultChanges: (matchId: number) => historyQuery('result-changes', matchId, MatchResultChangesResponseSchema),
  /** A match's kick-off history: who confirmed or moved it, and when. */
  kickoffChanges: (matchId: number) => historyQuery('kickoff-changes', matchId, MatchKickoffChangesResponseSchema),
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
