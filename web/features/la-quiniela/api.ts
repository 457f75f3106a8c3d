import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BoletoListResponseSchema, BoletoResponseSchema } from '#contract/la-quiniela';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { topics } from '../../lib/topics.ts';

export const boletoKeys = { list: (poolId: number) => ['boletos', poolId] as const };

/** A La Quiniela pool's boletos with the caller's picks and, once started, everyone's aciertos (decision 082). */
export const boletosQuery = (poolId: number, userId: number) =>
  apiQuery(boletoKeys.list(poolId), `/api/pools/${poolId}/boletos`, BoletoListResponseSchema, [
    topics.pool(poolId),
    topics.standings,
    topics.matches,
    topics.user(userId),
  ]);

/** The organiser composes boleto `number`; the list is read again. */
export function useComposeBoleto(poolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, matchIds }: { number: number; matchIds: number[] }) =>
      apiRequest(`/api/pools/${poolId}/boletos/${number}`, { method: 'PUT', body: { matchIds }, schema: BoletoResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boletoKeys.list(poolId) }),
  });
}
