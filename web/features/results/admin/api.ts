import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import {
  ImportJobListResponseSchema,
  ImportJobResponseSchema,
  ImportResultsResponseSchema,
  ResultsSourceResponseSchema,
  SaveResultsSourceResponseSchema,
  type SaveResultsSourceBody,
} from '#contract/results';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiQuery } from '../../../lib/api-query.ts';
import { invalidateTopics, matchChange, topics } from '../../../lib/topics.ts';
import { resultKeys } from '../api.ts';

/** The admin area's reads: never kept in the offline cache, and asked for again each time a screen opens. */
const adminRead = <const Key extends readonly unknown[], Schema extends z.ZodType, Kept>(
  queryKey: Key,
  path: string,
  schema: Schema,
  keep: (answer: z.output<Schema>) => Kept,
) => ({ ...apiQuery(queryKey, path, schema, [topics.results], { keep, offlineCache: false }), staleTime: 0 });

/** How often a running import is asked about. */
const IMPORT_POLL_MS = 1000;

export const resultAdminQueries = {
  /** The results source, its last pull and the last import ("Fuente de resultados"). */
  source: () =>
    adminRead(resultKeys.source(), '/api/admin/results-source', ResultsSourceResponseSchema, (answer) => answer.data),
  /** The latest results imports, newest first: the screen shows the latest when it opens. */
  importJobs: () =>
    adminRead(resultKeys.importJobs(), '/api/admin/import-jobs', ImportJobListResponseSchema, (answer) => answer.data),
  /** One import, asked for again every second while it runs. */
  importJob: (id: number) =>
    queryOptions({
      ...adminRead(
        resultKeys.importJob(id),
        `/api/admin/import-jobs/${id}`,
        ImportJobResponseSchema,
        (answer) => answer.data.job,
      ),
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
