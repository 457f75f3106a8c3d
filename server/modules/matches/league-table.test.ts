import { describe, expect, it } from 'vitest';
import { leagueTable, type TableMatch } from './league-table.ts';

const names = new Map([
  [1, 'Athletic Club'],
  [2, 'Betis'],
  [3, 'Celta'],
  [4, 'Deportivo Alavés'],
]);

let week = 0;
/** A finished match (home goals – away goals), each in a round of its own unless told. */
const played = (home: number, away: number, scoreHome: number, scoreAway: number, weekNumber = ++week): TableMatch => ({
  weekNumber,
  homeTeamId: home,
  awayTeamId: away,
  status: 'finished',
  scoreHome,
  scoreAway,
});
/** Finished matches written "home-away goals-goals", comma-separated: "1-2 3-0, 2-1 1-0". */
const playedAll = (text: string) =>
  text.split(',').map((match) => {
    const [home = 0, away = 0, scoreHome = 0, scoreAway = 0] = match.trim().split(/[ -]/).map(Number);
    return played(home, away, scoreHome, scoreAway);
  });
const toPlay = (home: number, away: number, weekNumber = ++week): TableMatch => ({
  weekNumber,
  homeTeamId: home,
  awayTeamId: away,
  status: 'scheduled',
  scoreHome: null,
  scoreAway: null,
});

const order = (matches: TableMatch[], untilWeek: number | null = null) =>
  leagueTable(matches, names, untilWeek).rows.map((row) => row.teamName);
/** Each row as [team, points, goal difference]. */
const standing = (matches: TableMatch[]) =>
  leagueTable(matches, names).rows.map((row) => [row.teamName, row.points, row.goalDifference]);

describe('the league table', () => {
  it('gives 3 points a win, 1 a draw, 0 a defeat, with the goals of every played match', () => {
    const { rows } = leagueTable([played(1, 2, 3, 1), played(2, 3, 2, 2), played(3, 1, 0, 1)], names);
    // [team, PJ, G, E, P, GF, GC, DG, Pts]
    expect(
      rows.map((r) => [
        r.teamName,
        r.played,
        r.won,
        r.drawn,
        r.lost,
        r.goalsFor,
        r.goalsAgainst,
        r.goalDifference,
        r.points,
      ]),
    ).toEqual([
      ['Athletic Club', 2, 2, 0, 0, 4, 1, 3, 6],
      ['Celta', 2, 0, 1, 1, 2, 3, -1, 1],
      ['Betis', 2, 0, 1, 1, 3, 5, -2, 1],
    ]);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  it('ignores matches not finished, or finished without both scores, but lists their teams at zero', () => {
    const { rows } = leagueTable(
      [
        played(1, 2, 1, 0),
        toPlay(3, 4),
        { ...played(3, 1, 5, 0), status: 'live' },
        { ...played(4, 2, 2, 0), scoreAway: null },
      ],
      names,
    );
    expect(rows.map((row) => [row.teamName, row.played, row.points])).toEqual([
      ['Athletic Club', 1, 3],
      ['Celta', 0, 0],
      ['Deportivo Alavés', 0, 0],
      ['Betis', 1, 0],
    ]);
  });

  it('counts only the rounds up to untilWeek', () => {
    const matches = [played(1, 2, 0, 1, 1), played(2, 1, 0, 4, 2)];
    expect(order(matches, 1)).toEqual(['Betis', 'Athletic Club']);
    expect(leagueTable(matches, names, 1).rows.map((row) => row.played)).toEqual([1, 1]);
    expect(order(matches)).toEqual(['Athletic Club', 'Betis']);
    expect(leagueTable([...matches, toPlay(1, 2, 3)], names, 1)).toMatchObject({
      matchesCounted: 1,
      lastWeekCounted: 1,
    });
    expect(leagueTable([...matches, toPlay(1, 2, 3)], names)).toMatchObject({ matchesCounted: 2, lastWeekCounted: 2 });
    expect(leagueTable([toPlay(1, 2, 3)], names)).toMatchObject({ matchesCounted: 0, lastWeekCounted: null });
  });

  it('puts the head-to-head before the goal difference, only once every match between them is played', () => {
    // Athletic beat Betis; Betis has the better goal difference. Celta and Alavés drew their one match.
    const firstLeg = [played(1, 2, 1, 0), played(2, 3, 5, 0), played(3, 4, 1, 1)];
    expect(order([...firstLeg, toPlay(2, 1)])).toEqual(['Betis', 'Athletic Club', 'Deportivo Alavés', 'Celta']);
    // The return leg drawn: 4 points each, 4 to 1 between them, though Betis's difference is still better (+4 to +1).
    expect(standing([...firstLeg, played(2, 1, 0, 0)])).toEqual([
      ['Athletic Club', 4, 1],
      ['Betis', 4, 4],
      ['Deportivo Alavés', 1, 0],
      ['Celta', 1, -5],
    ]);
  });

  it('breaks a head-to-head level on points by its goal difference', () => {
    // A win each between them (Athletic 1–0, Betis 3–0); Athletic's 6–0 against Celta gives it the better difference.
    expect(standing([played(1, 2, 1, 0), played(2, 1, 3, 0), played(1, 3, 6, 0), played(2, 3, 1, 0)])).toEqual([
      ['Betis', 6, 3],
      ['Athletic Club', 6, 4],
      ['Celta', 0, -7],
    ]);
  });

  it('orders three teams level on points by their mini-league, whatever their overall goal difference', () => {
    // Athletic, Betis and Celta win both home games among them (6 points each there; differences +2, -3, +1),
    // then each beats Alavés once and draws once: 10 points each, Betis's 9–0 the best difference overall.
    const matches = playedAll(
      '1-2 3-0, 2-1 1-0, 2-3 1-0, 3-2 2-0, 3-1 1-0, 1-3 1-0, 1-4 1-0, 4-1 0-0, 2-4 9-0, 4-2 0-0, 3-4 1-0, 4-3 0-0',
    );
    expect(standing(matches)).toEqual([
      ['Athletic Club', 10, 3],
      ['Celta', 10, 2],
      ['Betis', 10, 6],
      ['Deportivo Alavés', 3, -11],
    ]);
  });

  it('then orders by goal difference, goals scored and name', () => {
    // All level on 1 point from draws among each other, no head-to-head decided yet (a match to play).
    const matches = [played(1, 4, 3, 3), played(2, 3, 0, 0), played(3, 2, 1, 1), played(4, 1, 1, 1), toPlay(1, 2)];
    // Athletic 2 points, Alavés 2, Betis 2, Celta 2: goals scored 4, 4, 1, 1; then name.
    expect(order(matches)).toEqual(['Athletic Club', 'Deportivo Alavés', 'Betis', 'Celta']);
  });
});
