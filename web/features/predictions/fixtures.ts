import { picksClosed, poolCountsMatch } from '#contract/index';
import type { Match, PoolScope } from '#contract/index';

export interface FixtureTeam {
  name: string;
  logoUrl: string;
}

/** A match with its teams ready to show. */
export interface Fixture {
  match: Match;
  home: FixtureTeam;
  away: FixtureTeam;
}

/**
 * The fixtures a pool counts (`poolCountsMatch`: its competition from its first round on, or every one): Predecir
 * and the pool's per-round views list only these. The server refuses a pick of any other.
 */
export function fixturesOfPool(fixtures: readonly Fixture[], pool: PoolScope): Fixture[] {
  return fixtures.filter(({ match }) => poolCountsMatch(pool, match));
}

/** What Predecir offers: matches that are not finished and have not kicked off, soonest first. */
export function selectOpenFixtures(fixtures: readonly Fixture[], now: number): Fixture[] {
  return fixtures
    .filter(({ match }) => !picksClosed(match, now))
    .toSorted((a, b) => Date.parse(a.match.matchDate) - Date.parse(b.match.matchDate) || a.match.id - b.match.id);
}

/** Consecutive fixtures of the same round under one heading ("Jornada 13"). */
export function groupByRound(fixtures: readonly Fixture[]): { weekNumber: number; fixtures: Fixture[] }[] {
  const groups: { weekNumber: number; fixtures: Fixture[] }[] = [];
  for (const fixture of fixtures) {
    const last = groups.at(-1);
    if (last?.weekNumber === fixture.match.weekNumber) last.fixtures.push(fixture);
    else groups.push({ weekNumber: fixture.match.weekNumber, fixtures: [fixture] });
  }
  return groups;
}

/** Rounds with at least one match under way or played, ascending. */
export function playedRounds(fixtures: readonly Fixture[], now: number): number[] {
  const rounds = new Set(fixtures.filter(({ match }) => picksClosed(match, now)).map(({ match }) => match.weekNumber));
  return [...rounds].toSorted((a, b) => a - b);
}

/** The round of the last match to kick off: the one people talk about. Null before the first kick-off. */
export function currentRound(fixtures: readonly Fixture[], now: number): number | null {
  let latest: Match | null = null;
  for (const { match } of fixtures) {
    if (picksClosed(match, now) && (latest === null || Date.parse(match.matchDate) > Date.parse(latest.matchDate))) {
      latest = match;
    }
  }
  return latest?.weekNumber ?? null;
}

export const roundLabel = (weekNumber: number) => `Jornada ${weekNumber}`;
