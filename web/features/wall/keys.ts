import type { QueryClient } from '@tanstack/react-query';

/**
 * The walls' query keys, apart from the queries (api.ts) so that the live channel can refresh a wall without
 * loading its schemas: a pool's first load does without them (issue 38). Other features go through
 * `invalidateWall`, never the keys.
 */
export const wallKeys = {
  all: ['wall'] as const,
  pool: (poolId: number) => [...wallKeys.all, poolId] as const,
};

/** The pool's wall changed (a message came or went): asked for again, with its matches' comments. */
export const invalidateWall = (queryClient: QueryClient, poolId: number) =>
  queryClient.invalidateQueries({ queryKey: wallKeys.pool(poolId) });
