import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { reads, type Topic } from './topics.ts';

/** What a read keeps of its answer unless told otherwise: the `{ data }` envelope's content. */
export type DataOf<Answer> = Answer extends { data: infer Data } ? Data : unknown;

export interface ApiQueryOptions<Answer, Kept> {
  /** What the cache keeps of the answer (default: its `data`). Writes that set the cache set the same shape. */
  keep?: (answer: Answer) => Kept;
  /** False: never kept in (nor answered from) the offline cache (apiRequest's option). */
  offlineCache?: boolean;
}

/**
 * A GET of the API as a query: the one shape of the web's reads. The answer is checked against `schema` (the
 * contract's), what `keep` takes of it is cached under `queryKey`, and the query declares the topics it reads, so
 * writes and live events that move them refresh it (topics.ts). Callers spread it to add TanStack's own options
 * (`{ ...apiQuery(…), staleTime: 0 }`).
 */
export function apiQuery<const Key extends QueryKey, Schema extends z.ZodType, Kept = DataOf<z.output<Schema>>>(
  queryKey: Key,
  path: string,
  schema: Schema,
  read: readonly Topic[],
  { keep = (answer) => (answer as { data: Kept }).data, offlineCache }: ApiQueryOptions<z.output<Schema>, Kept> = {},
) {
  return queryOptions({
    queryKey,
    queryFn: async () => keep(await apiRequest(path, { schema, offlineCache })),
    meta: reads(...read),
  });
}
