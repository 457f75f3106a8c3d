import { queryOptions } from '@tanstack/react-query';
import { TeamListResponseSchema } from '#contract/teams';
import { apiRequest } from '../../lib/api-client.ts';
import { TEAMS_PATH } from '../../lib/start-up-paths.ts';

// Loaded at start with the match list (web/features/matches/api.ts): the admin's writes are in admin/api.ts.

/** The teams' query keys: the team list, and the confederations the admin screen edits. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  confederations: () => [...teamKeys.all, 'confederations'] as const,
};

export const teamQueries = {
  /** Every team, for the names and logos of every match shown. */
  list: () =>
    queryOptions({
      queryKey: teamKeys.list(),
      queryFn: async () => (await apiRequest(TEAMS_PATH, { schema: TeamListResponseSchema })).data,
    }),
};
