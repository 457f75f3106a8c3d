import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import { JugadaResponseSchema, type JugadaBody } from '#contract/jugada-settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateTopics, topics } from '../../../lib/topics.ts';

/** Choosing the jugada copies picks, and ending it changes what each pool shows: the player's lists are asked for again. */
function useJugadaWrite<Input, Answer>(userId: number, write: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateTopics(queryClient, [topics.user(userId)]) });
}

export const useSaveJugada = (poolId: number, userId: number) =>
  useJugadaWrite(userId, (body: JugadaBody) =>
    apiRequest(`/api/pools/${poolId}/jugada`, { method: 'PUT', body, schema: JugadaResponseSchema }),
  );

export const useRemoveJugada = (poolId: number, userId: number) =>
  useJugadaWrite(userId, () =>
    apiRequest(`/api/pools/${poolId}/jugada`, { method: 'DELETE', schema: MessageResponseSchema }),
  );
