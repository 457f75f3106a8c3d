import { DEFAULT_TEAM_LOGO, UNKNOWN_TEAM_NAME } from '#contract/index';
import type { Match, Team } from '#contract/index';

/** Finished matches are hidden everywhere (spec §4); the rest read soonest first. */
export function selectUpcomingMatches(matches: readonly Match[]): Match[] {
  return matches
    .filter((match) => match.status !== 'finished')
    .toSorted((a, b) => Date.parse(a.matchDate) - Date.parse(b.matchDate) || a.id - b.id);
}

export interface TeamDisplay {
  name: string;
  logoUrl: string;
}

/** A team the list does not know still gets a card: "Unknown Team" with the default logo (spec §3). */
export function describeTeam(teamsById: ReadonlyMap<number, Team>, teamId: number): TeamDisplay {
  const team = teamsById.get(teamId);
  return {
    name: team?.name ?? UNKNOWN_TEAM_NAME,
    logoUrl: team?.logoUrl ?? DEFAULT_TEAM_LOGO,
  };
}
