import type { LeagueTable, MatchStatus } from '#contract/index';

/** A stored match of the competition, as the table reads it. */
export interface TableMatch {
  weekNumber: number;
  homeTeamId: number;
  awayTeamId: number;
  status: MatchStatus;
  scoreHome: number | null;
  scoreAway: number | null;
}

interface Tally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

const POINTS = { win: 3, draw: 1, loss: 0 } as const;

const emptyTally = (): Tally => ({ played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 });

/** A played match: finished with both scores (a match an admin entered counts as any other). */
function counted(
  match: TableMatch,
  untilWeek: number | null,
): match is TableMatch & { scoreHome: number; scoreAway: number } {
  return (
    match.status === 'finished' &&
    match.scoreHome !== null &&
    match.scoreAway !== null &&
    (untilWeek === null || match.weekNumber <= untilWeek)
  );
}

function addResult(tally: Tally, scored: number, conceded: number): void {
  tally.played += 1;
  tally.goalsFor += scored;
  tally.goalsAgainst += conceded;
  if (scored > conceded) {
    tally.won += 1;
    tally.points += POINTS.win;
  } else if (scored === conceded) {
    tally.drawn += 1;
    tally.points += POINTS.draw;
  } else {
    tally.lost += 1;
    tally.points += POINTS.loss;
  }
}

/** Each team's tally over `matches` (only the played ones), for `teamIds`. */
function tallies(
  teamIds: Iterable<number>,
  matches: readonly TableMatch[],
  untilWeek: number | null,
): Map<number, Tally> {
  const byTeam = new Map<number, Tally>([...teamIds].map((id) => [id, emptyTally()]));
  for (const match of matches) {
    if (!counted(match, untilWeek)) continue;
    const home = byTeam.get(match.homeTeamId);
    const away = byTeam.get(match.awayTeamId);
    if (home) addResult(home, match.scoreHome, match.scoreAway);
    if (away) addResult(away, match.scoreAway, match.scoreHome);
  }
  return byTeam;
}

/**
 * The league table of a competition from its stored matches, as LaLiga orders it (docs/decisions/076): points;
 * between teams level on points, once every stored match among them is played (within `untilWeek`), the points and
 * then the goal difference of the matches among them; then the overall goal difference, the goals scored, and the
 * name. Every team with a match in `matches` has a row; `untilWeek` counts that round and the earlier ones only.
 */
export function leagueTable(
  matches: readonly TableMatch[],
  teamNames: ReadonlyMap<number, string>,
  untilWeek: number | null = null,
): Pick<LeagueTable, 'rows' | 'matchesCounted' | 'lastWeekCounted'> {
  const teamIds = new Set(matches.flatMap((m) => [m.homeTeamId, m.awayTeamId]));
  const overall = tallies(teamIds, matches, untilWeek);
  const tallyOf = (id: number) => overall.get(id) ?? emptyTally();
  const nameOf = (id: number) => teamNames.get(id) ?? '';

  // Head-to-head, per group of teams level on points: their mini-league, or none while a match among them is unplayed.
  const headToHead = new Map<number, Tally>();
  const byPoints = new Map<number, number[]>();
  for (const id of teamIds) byPoints.set(tallyOf(id).points, [...(byPoints.get(tallyOf(id).points) ?? []), id]);
  for (const level of byPoints.values()) {
    if (level.length < 2) continue;
    const group = new Set(level);
    const among = matches.filter((m) => group.has(m.homeTeamId) && group.has(m.awayTeamId));
    if (among.length === 0 || !among.every((m) => counted(m, untilWeek))) continue;
    for (const [id, tally] of tallies(group, among, untilWeek)) headToHead.set(id, tally);
  }
  const h2hPoints = (id: number) => headToHead.get(id)?.points ?? 0;
  const h2hDifference = (id: number) => {
    const tally = headToHead.get(id);
    return tally ? tally.goalsFor - tally.goalsAgainst : 0;
  };
  const difference = (id: number) => tallyOf(id).goalsFor - tallyOf(id).goalsAgainst;

  const played = matches.filter((m) => counted(m, untilWeek));
  const rows = [...teamIds]
    .toSorted(
      (a, b) =>
        tallyOf(b).points - tallyOf(a).points ||
        h2hPoints(b) - h2hPoints(a) ||
        h2hDifference(b) - h2hDifference(a) ||
        difference(b) - difference(a) ||
        tallyOf(b).goalsFor - tallyOf(a).goalsFor ||
        nameOf(a).localeCompare(nameOf(b), 'es') ||
        a - b,
    )
    .map((teamId, index) => ({
      position: index + 1,
      teamId,
      teamName: nameOf(teamId),
      ...tallyOf(teamId),
      goalDifference: difference(teamId),
    }));
  const lastWeek = Math.max(...played.map((m) => m.weekNumber));
  return { rows, matchesCounted: played.length, lastWeekCounted: played.length === 0 ? null : lastWeek };
}
