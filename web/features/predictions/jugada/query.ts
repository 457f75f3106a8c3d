import { queryOptions } from '@tanstack/react-query';
import { JugadaOfferSchema } from '#contract/jugada';
import { apiRequest } from '../../../lib/api-client.ts';
import { reads, topics } from '../../../lib/topics.ts';

/**
 * "Mi jugada" of the pool's competition (docs/decisions/081-one-set-of-picks-for-several-pools.md): what Predecir asks
 * first, to offer the control only to a player in another pool of the same game (the answer's whole shape is the
 * control's to read: `JugadaStateSchema`). The player's pools and picks move it.
 */
export const jugadaQuery = (poolId: number, userId: number) =>
  queryOptions({
    queryKey: ['jugada', poolId] as const,
    queryFn: async () => (await apiRequest(`/api/pools/${poolId}/jugada`, { schema: JugadaOfferSchema })).data,
    meta: reads(topics.user(userId)),
  });
