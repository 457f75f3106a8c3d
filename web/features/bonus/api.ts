import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '#contract/accounts';
import {
  BONUS_ANSWERS_PAGE,
  BonusAnswersPageResponseSchema,
  BonusBoardResponseSchema,
  BonusQuestionResponseSchema,
  type BonusAnswer,
  type BonusQuestionBody,
} from '#contract/bonus';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { nextOffset } from '../../lib/paging.ts';
import { reads, topics } from '../../lib/topics.ts';

export const bonusKeys = {
  board: (poolId: number) => ['bonus', poolId] as const,
  answers: (poolId: number, questionId: number) => ['bonus', poolId, 'answers', questionId] as const,
};

const base = (poolId: number) => `/api/pools/${poolId}/bonus`;

/** What the board reads: settled points follow the results, so it reads the standings. */
const boardTopics = (poolId: number) => [topics.pool(poolId), topics.standings];

/** The pool's bonus questions as the caller sees them; each closed one with its first page of answers by name. */
export const bonusQuery = (poolId: number) =>
  apiQuery(bonusKeys.board(poolId), base(poolId), BonusBoardResponseSchema, boardTopics(poolId));

/**
 * A closed question's answers by name after the board's first page ("Ver más"): `BONUS_ANSWERS_PAGE` at a time,
 * asked only once the reader wants them (`enabled`).
 */
export const bonusAnswersQuery = (poolId: number, questionId: number, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: bonusKeys.answers(poolId, questionId),
    queryFn: async ({ pageParam }) =>
      (
        await apiRequest(`${base(poolId)}/${questionId}/answers?offset=${pageParam}`, {
          schema: BonusAnswersPageResponseSchema,
        })
      ).data,
    initialPageParam: BONUS_ANSWERS_PAGE,
    getNextPageParam: ({ page, answers }) => nextOffset(page.offset, answers.length, page.total),
    enabled,
    meta: reads(...boardTopics(poolId)),
  });

/** Every write reads the board again (a question's answer counts, others' answers after the close). */
function useBonusWrite<Input>(poolId: number, write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.board(poolId) }),
  });
}


export const useAddQuestion = (poolId: number) =>
  useBonusWrite(poolId, (body: BonusQuestionBody) =>
    apiRequest(base(poolId), { method: 'POST', body, schema: BonusQuestionResponseSchema }),
  );

export const useChangeQuestion = (poolId: number) =>
  useBonusWrite(poolId, ({ questionId, body }: { questionId: number; body: BonusQuestionBody }) =>
    apiRequest(`${base(poolId)}/${questionId}`, { method: 'PUT', body, schema: BonusQuestionResponseSchema }),
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
