import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { MessageResponseSchema, WallMessageResponseSchema, WallPageResponseSchema } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

/** The walls' query keys; other features go through `invalidateWall`, never the keys. */
const wallKeys = {
  all: ['wall'] as const,
  pool: (poolId: number) => [...wallKeys.all, poolId] as const,
};

export const wallQueries = {
  /** The pool's wall: its newest messages, the newest at the bottom. */
  pool: (poolId: number) =>
    queryOptions({
      queryKey: wallKeys.pool(poolId),
      queryFn: async () => (await apiRequest(`/api/pools/${poolId}/messages`, { schema: WallPageResponseSchema })).data,
    }),
};

/** The pool's wall changed (a message came or went): asked for again. */
export const invalidateWall = (queryClient: QueryClient, poolId: number) =>
  queryClient.invalidateQueries({ queryKey: wallKeys.pool(poolId) });

export function useSendWallMessage(poolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (await apiRequest(`/api/pools/${poolId}/messages`, { method: 'POST', body: { text }, schema: WallMessageResponseSchema }))
        .data,
    onSuccess: () => invalidateWall(queryClient, poolId),
  });
}

export function useDeleteWallMessage(poolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiRequest(`/api/pools/${poolId}/messages/${messageId}`, { method: 'DELETE', schema: MessageResponseSchema }),
    onSuccess: () => invalidateWall(queryClient, poolId),
  });
}
