import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import { WallMessageResponseSchema, WallPageResponseSchema } from '#contract/wall';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { invalidateTopics, topics } from '../../lib/topics.ts';

export const wallQueries = {
  /** The pool's wall, or one match's comments on it (`matchId`): the newest messages, the newest at the bottom. */
  pool: (poolId: number, matchId: number | null = null) =>
    apiQuery(
      ['wall', poolId, matchId],
      `/api/pools/${poolId}/messages${matchId === null ? '' : `?matchId=${matchId}`}`,
      WallPageResponseSchema,
      [topics.wall(poolId)],
    ),
};

export function useSendWallMessage(poolId: number, matchId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (
        await apiRequest(`/api/pools/${poolId}/messages`, {
          method: 'POST',
          body: matchId === null ? { text } : { text, matchId },
          schema: WallMessageResponseSchema,
        })
      ).data,
    onSuccess: () => invalidateTopics(queryClient, [topics.wall(poolId)]),
  });
}

export function useDeleteWallMessage(poolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiRequest(`/api/pools/${poolId}/messages/${messageId}`, { method: 'DELETE', schema: MessageResponseSchema }),
    onSuccess: () => invalidateTopics(queryClient, [topics.wall(poolId)]),
  });
}
