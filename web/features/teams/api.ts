import { DEFAULT_TEAM_LOGO, TeamListResponseSchema, UNKNOWN_TEAM_NAME, type Team } from '#contract/teams';
import { apiQuery } from '../../lib/api-query.ts';
import { TEAMS_PATH } from '../../lib/start-up-paths.ts';
import { topics } from '../../lib/topics.ts';

// Loaded at start with the match list (web/features/matches/api.ts): the admin's writes are in admin/api.ts.

/** The teams' query keys: the team list, and the confederations the admin screen edits. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  confederations: () => [...teamKeys.all, 'confederations'] as const,
};

export const teamQueries = {
  /** Every team, for the names and logos of every match shown. */
  list: () => apiQuery(teamKeys.list(), TEAMS_PATH, TeamListResponseSchema, [topics.teams]),
};

export interface TeamDisplay {
  name: string;
  logoUrl: string;
}

/** A team the list does not know still gets a card: "Unknown Team" with the default logo (the spec's Team entity). */
export function describeTeam(teamsById: ReadonlyMap<number, Team>, teamId: number): TeamDisplay {
  const team = teamsById.get(teamId);
  return {
    name: team?.name ?? UNKNOWN_TEAM_NAME,
    logoUrl: team?.logoUrl ?? DEFAULT_TEAM_LOGO,
  };
}
