import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  JoinPoolResponseSchema,
  ParticipantsResponseSchema,
  PoolListResponseSchema,
  PoolResponseSchema,
} from '#contract/index';
import type { CreatePoolBody, JoinPoolBody } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';
import { withFreshInvitationCode } from './invitation-code.ts';

export const poolQueries = {
  joined: (userId: number) =>
    queryOptions({
      queryKey: ['pools', 'joined', userId],
      queryFn: async () =>
        (await apiRequest(`/api/pools/user/${userId}/joined`, { schema: PoolListResponseSchema })).data.pools,
    }),
  owned: (userId: number) =>
    queryOptions({
      queryKey: ['pools', 'owned', userId],
      queryFn: async () =>
        (await apiRequest(`/api/pools/user/${userId}/owned`, { schema: PoolListResponseSchema })).data.pools,
    }),
  detail: (poolId: number) =>
    queryOptions({
      queryKey: ['pools', 'detail', poolId],
      queryFn: async () => (await apiRequest(`/api/pools/${poolId}`, { schema: PoolResponseSchema })).data,
    }),
  participants: (poolId: number, userId: number) =>
    queryOptions({
      queryKey: ['pools', 'detail', poolId, 'participants'],
      queryFn: async () =>
        (await apiRequest(`/api/pools/${poolId}/participants/${userId}`, { schema: ParticipantsResponseSchema })).data
          .participants,
    }),
};

export type NewPool = Omit<CreatePoolBody, 'invitationCode'>;

/** The client picks the invitation code (as the spec requires); a taken one is retried with a new code. */
export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pool: NewPool) =>
      (
        await withFreshInvitationCode((invitationCode) =>
          apiRequest('/api/pools', { method: 'POST', body: { ...pool, invitationCode }, schema: PoolResponseSchema }),
        )
      ).data,
    // Returned, so the mutation settles once the lists show the new pool.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pools'] }),
  });
}

export function useJoinPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinPoolBody) =>
      apiRequest('/api/pools/join', { method: 'POST', body, schema: JoinPoolResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pools'] }),
  });
}
