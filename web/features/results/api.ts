import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateAllResponseSchema } from '#contract/results';
import { ResultsStatusResponseSchema } from '#contract/results-feeds';
import { apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';
import { invalidateTopics, matchChange, topics } from '../../lib/topics.ts';

/** The results' query keys: where they come from, the admin's imports and the results source (admin/api.ts). */
export const resultKeys = {
  all: ['results'] as const,
  status: () => [...resultKeys.all, 'status'] as const,
  source: () => [...resultKeys.all, 'source'] as const,
  importJobs: () => [...resultKeys.all, 'import-jobs'] as const,
  importJob: (id: number) => [...resultKeys.importJobs(), id] as const,
};

export const resultQueries = {
  /** Where results come from and when they last came (everyone's; it moves with every pull). */
  status: () => ({
    ...apiQuery(resultKeys.status(), '/api/results/status', ResultsStatusResponseSchema, [topics.results]),
    staleTime: 0,
  }),
};

/** "Actualizar Resultados": new results may move every standing and finish matches. */
export function useUpdateResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/leaderboard/update-all', { method: 'POST', schema: UpdateAllResponseSchema }),
    onSuccess: () => invalidateTopics(queryClient, [...matchChange, topics.results]),
  });
}
