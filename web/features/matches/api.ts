import { queryOptions } from '@tanstack/react-query';
import { MatchListResponseSchema, TeamListResponseSchema } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

export const matchQueries = {
  teams: () =>
    queryOptions({
      queryKey: ['teams'],
      queryFn: async () => (await apiRequest('/api/teams', { schema: TeamListResponseSchema })).data,
    }),
  all: () =>
    queryOptions({
      queryKey: ['matches'],
      queryFn: async () => (await apiRequest('/api/matches', { schema: MatchListResponseSchema })).data,
    }),
};
