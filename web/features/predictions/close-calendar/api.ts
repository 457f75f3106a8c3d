import { CloseCalendarLinkResponseSchema } from '#contract/close-calendar';
import { apiQuery } from '../../../lib/api-query.ts';
import { topics } from '../../../lib/topics.ts';
import { predictionKeys } from '../api.ts';

// Apart from ../api.ts, which loads with a pool's first screen: the calendar's schema loads with it (decision 059).

export const closeCalendarQueries = {
  /** The signed-in member's own address of the pool's calendar of closes ("Calendario de cierres"), which only membership changes. */
  link: (poolId: number) =>
    apiQuery(predictionKeys.closeCalendar(poolId), `/api/pools/${poolId}/calendar`, CloseCalendarLinkResponseSchema, [
      topics.pool(poolId),
    ]),
};
