import { queryOptions } from '@tanstack/react-query';
import { CloseCalendarLinkResponseSchema } from '#contract/close-calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { reads, topics } from '../../../lib/topics.ts';
import { predictionKeys } from '../api.ts';

// Apart from ../api.ts, which loads with a pool's first screen: the calendar's schema loads with it (decision 059).

export const closeCalendarQueries = {
  /** The signed-in member's own address of the pool's calendar of closes ("Calendario de cierres"), which only membership changes. */
  link: (poolId: number) =>
    queryOptions({
      queryKey: predictionKeys.closeCalendar(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/pools/${poolId}/calendar`, { schema: CloseCalendarLinkResponseSchema })).data,
      meta: reads(topics.pool(poolId)),
    }),
};
