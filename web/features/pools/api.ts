import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import { PoolNoticesResponseSchema } from '#contract/pool-options';
import {
  ParticipantsResponseSchema,
  PoolDetailResponseSchema,
  PoolInvitationResponseSchema,
  PoolListResponseSchema,
} from '#contract/pools';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { invalidateTopics, topics } from '../../lib/topics.ts';

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

/** The pools the user joined, or the ones they created; each shows its first round (from the matches). */
const poolList = (kind: 'joined' | 'owned', userId: number) =>
  apiQuery(
    poolKeys.list(kind, userId),
    `/api/pools/user/${userId}/${kind}`,
    PoolListResponseSchema,
    [topics.standings, topics.matches],
    {
      keep: (answer) => answer.data.pools,
    },
  );

export const poolQueries = {
  joined: (userId: number) => poolList('joined', userId),
  owned: (userId: number) => poolList('owned', userId),
  detail: (poolId: number) =>
    // It shows its first round (from the matches), and whether it started.
    apiQuery(poolKeys.detail(poolId), `/api/pools/${poolId}`, PoolDetailResponseSchema, [
      topics.pool(poolId),
      topics.standings,
      topics.matches,
    ]),
  participants: (poolId: number, userId: number) =>
    apiQuery(
      poolKeys.participants(poolId),
      `/api/pools/${poolId}/participants/${userId}`,
      ParticipantsResponseSchema,
      [topics.pool(poolId), topics.standings],
      { keep: (answer) => answer.data.participants },
    ),
  notices: () =>
    // Never answered from the offline cache: a dismissed notice would come back.
    apiQuery(poolKeys.notices(), '/api/pools/notices', PoolNoticesResponseSchema, [topics.standings], {
      keep: (answer) => answer.data.notices,
      offlineCache: false,
    }),
  /** Asked only for the code of an invitation link: a code that no pool has counts as a wrong one, as a join's does. */
  invitation: (invitationCode: number) =>
    apiQuery(
      poolKeys.invitation(invitationCode),
      `/api/pools/invitation/${invitationCode}`,
      PoolInvitationResponseSchema,
      [topics.standings],
    ),
};

/** The organiser's writes to a pool (state, rules, participants): every pool screen and ranking follows. */
export function usePoolWrite<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidatePools(queryClient) });
}

export const useDismissNotice = () =>
  usePoolWrite((id: number) =>
    apiRequest(`/api/pools/notices/${id}`, { method: 'DELETE', schema: MessageResponseSchema }),
  );
