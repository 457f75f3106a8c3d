import { JugadaOfferSchema } from '#contract/jugada';
import { apiQuery } from '../../../lib/api-query.ts';
import { topics } from '../../../lib/topics.ts';

/**
 * "Mi jugada" of the pool's competition (docs/decisions/081-one-set-of-picks-for-several-pools.md): what Predecir asks
 * first, to offer the control only to a player in another pool of the same game (the answer's whole shape is the
 * control's to read: `JugadaStateSchema`). The player's pools and picks move it.
 */
export const jugadaQuery = (poolId: number, userId: number) =>
  apiQuery(['jugada', poolId], `/api/pools/${poolId}/jugada`, JugadaOfferSchema, [topics.user(userId)]);
