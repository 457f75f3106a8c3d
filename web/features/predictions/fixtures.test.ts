import { describe, expect, it } from 'vitest';
import type { Match } from '#contract/index';
import { currentRound, fixturesOfPool, groupByRound, playedRounds, selectOpenFixtures } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';
import { testMatch } from '../matches/test-match.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const team = { name: 'Equipo', logoUrl: '/favicon.svg' };

function fixture(id: number, matchDate: string, status: Match['status'], weekNumber = 1): Fixture {
  return {
    match: testMatch({ id, round: `Matchday ${weekNumber}`, weekNumber, matchDate, status }),
    home: team,
    away: team,
  };
}

describe('selectOpenFixtures', () => {
  it('offers only matches that have not kicked off, soonest first', () => {
    const fixtures = [
      fixture(1, '2026-11-29T20:00:00Z', 'scheduled'),
      fixture(2, '2026-11-22T11:59:00Z', 'scheduled'),
      fixture(3, '2026-11-30T20:00:00Z', 'finished'),
      fixture(4, '2026-11-30T20:00:00Z', 'live'),
      fixture(5, '2026-11-22T12:30:00Z', 'scheduled'),
    ];
    expect(selectOpenFixtures(fixtures, now).map((f) => f.match.id)).toEqual([5, 1]);
  });

  it('closes a match at its kick-off instant', () => {
    expect(selectOpenFixtures([fixture(1, '2026-11-22T12:00:00Z', 'scheduled')], now)).toEqual([]);
  });
});

describe('groupByRound', () => {
  it('puts consecutive fixtures of a round together', () => {
    const groups = groupByRound([
      fixture(1, '2026-11-29T20:00:00Z', 'scheduled', 13),
      fixture(2, '2026-11-29T21:00:00Z', 'scheduled', 13),
      fixture(3, '2026-12-06T20:00:00Z', 'scheduled', 14),
    ]);
    expect(groups.map((g) => [g.weekNumber, g.fixtures.map((f) => f.match.id)])).toEqual([
      [13, [1, 2]],
      [14, [3]],
    ]);
  });
});

describe('played rounds', () => {
  const fixtures = [
    fixture(1, '2026-11-15T20:00:00Z', 'finished', 12),
    fixture(2, '2026-11-08T20:00:00Z', 'finished', 11),
    fixture(3, '2026-11-22T11:00:00Z', 'scheduled', 13),
    fixture(4, '2026-11-29T11:00:00Z', 'scheduled', 14),
  ];

  it('lists the rounds with a match under way or played', () => {
    expect(playedRounds(fixtures, now)).toEqual([11, 12, 13]);
  });

  it('takes the round of the last kick-off as the current one', () => {
    expect(currentRound(fixtures, now)).toBe(13);
    expect(currentRound([fixture(4, '2026-11-29T11:00:00Z', 'scheduled', 14)], now)).toBeNull();
  });
});

describe('fixturesOfPool', () => {
  const inCompetition = (id: number, competition: string, weekNumber: number): Fixture => ({
    match: testMatch({ id, competition, round: `Matchday ${weekNumber}`, weekNumber }),
    home: team,
    away: team,
  });
  const fixtures = [
    inCompetition(1, 'laliga-2026-27', 13),
    inCompetition(2, 'laliga-2026-27', 14),
    inCompetition(3, 'worldcup-2026', 14),
    inCompetition(4, 'laliga-2026-27', 38),
    inCompetition(5, 'manual', 20),
  ];

  it('keeps the matches of the pool’s competition from its first round on', () => {
    const ids = fixturesOfPool(fixtures, { competition: 'laliga-2026-27', fromWeek: 14 }).map((f) => f.match.id);
    expect(ids).toEqual([2, 4]);
  });

  it('keeps every match for a pool without a competition', () => {
    expect(fixturesOfPool(fixtures, { competition: null, fromWeek: null })).toEqual(fixtures);
  });
});
