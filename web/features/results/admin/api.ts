import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ImportJobListResponseSchema,
  ImportJobResponseSchema,
  ImportResultsResponseSchema,
  ResultsSourceResponseSchema,
  SaveResultsSourceResponseSchema,
  type SaveResultsSourceBody,
} from '#contract/results';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateTopics, matchChange, reads, topics } from '../../../lib/topics.ts';
import { resultKeys } from '../api.ts';

/** The admin area's reads are never kept in the offline cache. */
const notCached = { offlineCache: false } as const;

/** How often a running import is asked about. */
const IMPORT_POLL_MS = 1000;

export const resultAdminQueries = {
  /** The results source, its last pull and the last import ("Fuente de resultados"). */
  source: () =>
    queryOptions({
      queryKey: resultKeys.source(),
      queryFn: async () =>
        (await apiRequest('/api/admin/results-source', { schema: ResultsSourceResponseSchema, ...notCached })).data,
      staleTime: 0,
      meta: reads(topics.results),
    }),
  /** The latest results imports, newest first: the screen shows the latest when it opens. */
  importJobs: () =>
    queryOptions({
      queryKey: resultKeys.importJobs(),
      queryFn: async () =>
        (await apiRequest('/api/admin/import-jobs', { schema: ImportJobListResponseSchema, ...notCached })).data,
      staleTime: 0,
      meta: reads(topics.results),
    }),
  /** One import, asked for again every second while it runs. */
  importJob: (id: number) =>
    queryOptions({
      queryKey: resultKeys.importJob(id),
      queryFn: async () =>
        (await apiRequest(`/api/admin/import-jobs/${id}`, { schema: ImportJobResponseSchema, ...notCached })).data.job,
      staleTime: 0,
      meta: reads(topics.results),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
      refetchIntervalInBackground: true,
    }),
};

/** Starts an import: the server answers at once with the job, which `resultAdminQueries.importJob` follows. */
export function useImportResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      apiRequest('/api/admin/import-results', { method: 'POST', body, schema: ImportResultsResponseSchema }),
    onSuccess: ({ data: { job } }) => {
      queryClient.setQueryData(resultAdminQueries.importJob(job.id).queryKey, job);
      return queryClient.invalidateQueries({ queryKey: resultAdminQueries.importJobs().queryKey, exact: true });
    },
  });
}

/** Saves the results source; the card shows what the server answered, and only then. */
export function useSaveResultsSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveResultsSourceBody) =>
      apiRequest('/api/admin/results-source', { method: 'PUT', body, schema: SaveResultsSourceResponseSchema }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(resultAdminQueries.source().queryKey, data);
      return queryClient.invalidateQueries({ queryKey: resultKeys.status() });
    },
  });
}

/** An import ended: what it changed is shown everywhere, and it is the last import. */
export function useInvalidateAfterImport() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateTopics(queryClient, [...matchChange, topics.results]), [queryClient]);
}
