import { describe, expect, it } from 'vitest';
import type { Match } from '#contract/matches';
import { DEFAULT_TEAM_LOGO, UNKNOWN_TEAM_NAME, type Team } from '#contract/teams';
import { testMatch } from './test-match.ts';
import { describeTeam } from '../teams/api.ts';
import { hasKickedOff, selectUpcomingMatches } from './upcoming-matches.ts';

function match(id: number, matchDate: string, status: Match['status']): Match {
  return testMatch({ id, matchDate, status });
}

describe('selectUpcomingMatches', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ids = (matches: Match[]) => selectUpcomingMatches(matches, now).map((m) => m.match.id);

  it('hides finished matches and puts the soonest first', () => {
    const matches = [
      match(1, '2026-11-29T20:00:00Z', 'scheduled'),
      match(2, '2026-11-20T20:00:00Z', 'finished'),
      match(3, '2026-11-22T15:00:00Z', 'live'),
      match(4, '2026-11-22T15:00:00Z', 'scheduled'),
    ];
    expect(ids(matches)).toEqual([3, 4, 1]);
  });

  it('marks matches kicked off without a result as pending and lists them last, the latest first', () => {
    const matches = [
      match(1, '2026-11-20T20:00:00Z', 'scheduled'),
      match(2, '2026-11-22T20:00:00Z', 'scheduled'),
      match(3, '2026-11-21T11:00:00Z', 'live'),
    ];
    expect(selectUpcomingMatches(matches, now)).toEqual([
      { match: matches[1], resultPending: false },
      { match: matches[2], resultPending: true },
      { match: matches[0], resultPending: true },
    ]);
  });

  it('waits for the end of the day before a match without a fixed time counts as started', () => {
    const unfixed = { ...match(1, '2026-11-21T11:00:00Z', 'scheduled'), kickoffConfirmed: false };
    expect(hasKickedOff(unfixed, now)).toBe(false);
    expect(hasKickedOff(unfixed, Date.parse('2026-11-21T23:00:00Z'))).toBe(true);
  });

  it('leaves the input untouched', () => {
    const matches = [match(1, '2026-11-29T20:00:00Z', 'scheduled'), match(2, '2026-11-22T20:00:00Z', 'scheduled')];
    selectUpcomingMatches(matches, now);
    expect(matches.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('describeTeam', () => {
  const team: Team = { id: 7, name: 'Real Betis', logoUrl: '/logos/betis.svg', isActive: true, confederationId: 1 };
  const teamsById = new Map([[team.id, team]]);

  it('uses the team name and logo', () => {
    expect(describeTeam(teamsById, 7)).toEqual({ name: 'Real Betis', logoUrl: '/logos/betis.svg' });
  });

  it('falls back to the default logo when the team has none', () => {
    const withoutLogo = new Map([[7, { ...team, logoUrl: null }]]);
    expect(describeTeam(withoutLogo, 7).logoUrl).toBe(DEFAULT_TEAM_LOGO);
  });

  it('shows a team missing from the list as Unknown Team', () => {
    expect(describeTeam(teamsById, 99)).toEqual({ name: UNKNOWN_TEAM_NAME, logoUrl: DEFAULT_TEAM_LOGO });
  });
});
