import { queryOptions } from '@tanstack/react-query';
import { MatchListResponseSchema, TeamListResponseSchema } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';
import { MATCHES_PATH, TEAMS_PATH } from '../../lib/start-up-paths.ts';

export const matchQueries = {
  teams: () =>
    queryOptions({
      queryKey: ['teams'],
      queryFn: async () => (await apiRequest(TEAMS_PATH, { schema: TeamListResponseSchema })).data,
    }),
  all: () =>
    queryOptions({
      queryKey: ['matches'],
      queryFn: async () => (await apiRequest(MATCHES_PATH, { schema: MatchListResponseSchema })).data,
    }),
};
