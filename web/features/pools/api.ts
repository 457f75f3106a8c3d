import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import { PoolNoticesResponseSchema } from '#contract/pool-options';
import {
  ParticipantsResponseSchema,
  PoolDetailResponseSchema,
  PoolInvitationResponseSchema,
  PoolListResponseSchema,
} from '#contract/pools';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateTopics, reads, topics } from '../../lib/topics.ts';

/** The pools' query keys; other features refresh them by topic, never by these. */
export const poolKeys = {
  all: ['pools'] as const,
  /** The pools the user joined, or the ones they created. */
  list: (kind: 'joined' | 'owned', userId: number) => [...poolKeys.all, kind, userId] as const,
  detail: (poolId: number) => [...poolKeys.all, 'detail', poolId] as const,
  participants: (poolId: number) => [...poolKeys.detail(poolId), 'participants'] as const,
  /** What an invitation code opens, as the signed-in user sees it before joining. */
  invitation: (invitationCode: number) => [...poolKeys.all, 'invitation', invitationCode] as const,
  /** Why the signed-in user is no longer in a pool ("Te han quitado de «X»"). */
  notices: () => [...poolKeys.all, 'notices'] as const,
};

/** A pool, its members or its rules changed (the server's `standings`): every pool list and pool screen follows. */
export const invalidatePools = (queryClient: QueryClient) => invalidateTopics(queryClient, [topics.standings]);

/** A pool's detail shows its first round (from the matches), and whether it started. */
const poolReads = (poolId: number) => reads(topics.pool(poolId), topics.standings, topics.matches);

/** The pools the user joined, or the ones they created; each shows its first round (from the matches). */
const poolList = (kind: 'joined' | 'owned', userId: number) =>
  queryOptions({
    queryKey: poolKeys.list(kind, userId),
    queryFn: async () =>
      (await apiRequest(`/api/pools/user/${userId}/${kind}`, { schema: PoolListResponseSchema })).data.pools,
    meta: reads(topics.standings, topics.matches),
  });

export const poolQueries = {
  joined: (userId: number) => poolList('joined', userId),
  owned: (userId: number) => poolList('owned', userId),
  detail: (poolId: number) =>
    queryOptions({
      queryKey: poolKeys.detail(poolId),
      queryFn: async () => (await apiRequest(`/api/pools/${poolId}`, { schema: PoolDetailResponseSchema })).data,
      meta: poolReads(poolId),
    }),
  participants: (poolId: number, userId: number) =>
    queryOptions({
      queryKey: poolKeys.participants(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/pools/${poolId}/participants/${userId}`, { schema: ParticipantsResponseSchema })).data
          .participants,
      meta: reads(topics.pool(poolId), topics.standings),
    }),
  notices: () =>
    queryOptions({
      queryKey: poolKeys.notices(),
      // Never answered from the offline cache: a dismissed notice would come back.
      queryFn: async () =>
        (await apiRequest('/api/pools/notices', { schema: PoolNoticesResponseSchema, offlineCache: false })).data.notices,
      meta: reads(topics.standings),
    }),
  /** Asked only for the code of an invitation link: a code that no pool has counts as a wrong one, as a join's does. */
  invitation: (invitationCode: number) =>
    queryOptions({
      queryKey: poolKeys.invitation(invitationCode),
      queryFn: async () =>
        (await apiRequest(`/api/pools/invitation/${invitationCode}`, { schema: PoolInvitationResponseSchema })).data,
      meta: reads(topics.standings),
    }),
};

/** The organiser's writes to a pool (state, rules, participants): every pool screen and ranking follows. */
export function usePoolWrite<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidatePools(queryClient) });
}

export const useDismissNotice = () =>
  usePoolWrite((id: number) => apiRequest(`/api/pools/notices/${id}`, { method: 'DELETE', schema: MessageResponseSchema }));
