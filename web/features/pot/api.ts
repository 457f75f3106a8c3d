import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import { PotResponseSchema, type PotSettings } from '#contract/pot';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { topics } from '../../lib/topics.ts';

export const potKeys = { pot: (poolId: number) => ['pot', poolId] as const };

/** The pool's bote (null: none); what each would take follows the ranking, so it reads the standings too. */
export const potQuery = (poolId: number) =>
  apiQuery(potKeys.pot(poolId), `/api/pools/${poolId}/pot`, PotResponseSchema, [topics.pool(poolId), topics.standings]);

/** The creator's writes answer with the bote as it is now, which replaces the one on screen. */
function usePotWrite<Input>(poolId: number, write: (input: Input) => Promise<{ data: unknown } | { message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) =>
      queryClient.setQueryData(potKeys.pot(poolId), 'data' in answer ? PotResponseSchema.parse(answer).data : null),
  });
}

export const useSavePot = (poolId: number) =>
  usePotWrite(poolId, (settings: PotSettings) =>
    apiRequest(`/api/pools/${poolId}/pot`, { method: 'PUT', body: settings, schema: PotResponseSchema }),
  );

export const useClearPot = (poolId: number) =>
  usePotWrite(poolId, () =>
    apiRequest(`/api/pools/${poolId}/pot`, { method: 'DELETE', schema: MessageResponseSchema }),
  );

export const useMarkPaid = (poolId: number) =>
  usePotWrite(poolId, ({ userId, paid }: { userId: number; paid: boolean }) =>
    apiRequest(`/api/pools/${poolId}/pot/payments/${userId}`, {
      method: paid ? 'PUT' : 'DELETE',
      schema: PotResponseSchema,
    }),
  );
