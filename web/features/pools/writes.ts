import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameRulesInput } from '#contract/game-rules';
import { MessageResponseSchema } from '#contract/accounts';
import type { PoolOptions } from '#contract/pool-options';
import {
  JoinPoolResponseSchema,
  PoolResponseSchema,
  type CreatePoolBody,
  type JoinPoolBody,
  type UpdatePoolBody,
} from '#contract/pools';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidatePools, usePoolWrite } from './api.ts';
import { withFreshInvitationCode } from './invitation-code.ts';

// The pools' writes made from the lazy dialogs and the organiser's tools (create, join, state, rules, participants,
// invitations), apart from the reads (api.ts) a pool's first load carries.

/** A create body as sent: the game as the creator describes it (`GameRulesInput`), the server completes it. */
export type NewPool = Omit<CreatePoolBody, 'invitationCode' | 'game'> & { game?: GameRulesInput };

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
    onSuccess: () => invalidatePools(queryClient),
  });
}

export function useJoinPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinPoolBody) =>
      apiRequest('/api/pools/join', { method: 'POST', body, schema: JoinPoolResponseSchema }),
    onSuccess: () => invalidatePools(queryClient),
  });
}

/** Closes or reopens the pool to new members, or marks it active or inactive (the spec's PATCH). */
export const useUpdatePool = (poolId: number) =>
  usePoolWrite((changes: Pick<UpdatePoolBody, 'isActive' | 'isClose'>) =>
    apiRequest(`/api/pools/${poolId}`, { method: 'PATCH', body: changes, schema: PoolResponseSchema }),
  );

/** The organiser's options, until the pool's first kick-off. */
export const useUpdatePoolRules = (poolId: number) =>
  usePoolWrite((options: PoolOptions) =>
    apiRequest(`/api/pools/${poolId}/rules`, { method: 'PUT', body: { options }, schema: PoolResponseSchema }),
  );

export const useRemoveParticipant = (poolId: number) =>
  usePoolWrite((userId: number) =>
    apiRequest(`/api/pools/${poolId}/participants/${userId}`, { method: 'DELETE', schema: MessageResponseSchema }),
  );

/** "Invitar por correo": the invitation link to each address; the answer says to how many. */
export const useInviteByEmail = (poolId: number) =>
  useMutation({
    mutationFn: (emails: string[]) =>
      apiRequest(`/api/pools/${poolId}/invitations`, { method: 'POST', body: { emails }, schema: MessageResponseSchema }),
  });
