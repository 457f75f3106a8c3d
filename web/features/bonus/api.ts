import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import {
  BonusBoardResponseSchema,
  BonusQuestionResponseSchema,
  type BonusAnswer,
  type BonusQuestionBody,
} from '#contract/bonus';
import { apiRequest } from '../../lib/api-client.ts';
import { reads, topics } from '../../lib/topics.ts';

export const bonusKeys = { board: (poolId: number) => ['bonus', poolId] as const };

/** The pool's bonus questions as the caller sees them; settled points follow the results, so it reads the standings. */
export const bonusQuery = (poolId: number) =>
  queryOptions({
    queryKey: bonusKeys.board(poolId),
    queryFn: async () => (await apiRequest(`/api/pools/${poolId}/bonus`, { schema: BonusBoardResponseSchema })).data,
    meta: reads(topics.pool(poolId), topics.standings),
  });

/** Every write reads the board again (a question's answer counts, others' answers after the close). */
function useBonusWrite<Input>(poolId: number, write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.board(poolId) }),
  });
}

const base = (poolId: number) => `/api/pools/${poolId}/bonus`;

export const useAddQuestion = (poolId: number) =>
  useBonusWrite(poolId, (body: BonusQuestionBody) =>
    apiRequest(base(poolId), { method: 'POST', body, schema: BonusQuestionResponseSchema }),
  );

export const useRemoveQuestion = (poolId: number) =>
  useBonusWrite(poolId, (questionId: number) =>
    apiRequest(`${base(poolId)}/${questionId}`, { method: 'DELETE', schema: MessageResponseSchema }),
  );

export const useAnswerQuestion = (poolId: number) =>
  useBonusWrite(poolId, ({ questionId, answer }: { questionId: number; answer: BonusAnswer }) =>
    apiRequest(`${base(poolId)}/${questionId}/answer`, { method: 'PUT', body: answer, schema: BonusQuestionResponseSchema }),
  );

export const useSettleQuestion = (poolId: number) =>
  useBonusWrite(poolId, ({ questionId, texts }: { questionId: number; texts: string[] }) =>
    apiRequest(`${base(poolId)}/${questionId}/settle`, {
      method: 'PUT',
      body: { texts },
      schema: BonusQuestionResponseSchema,
    }),
  );
