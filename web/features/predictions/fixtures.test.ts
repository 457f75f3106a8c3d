import { describe, expect, it, vi } from 'vitest';
import type { Match } from '#contract/matches';
import type { Fixture, JornadaGroup } from './fixtures.ts';
import { ROUNDS_11_TO_14, testMatch, testRoundMatch } from '../matches/test-match.ts';

// A jornada's dates are local days: pin the zone before the formatters are built.
vi.stubEnv('TZ', 'Europe/Madrid');
const {
  fixturesOfPool,
  groupByJornada,
  jornadaDates,
  jornadaTitle,
  kickoffCountdown,
  picksDoneText,
  playedRounds,
  selectOpenFixtures,
  spanCompetitions,
} = await import('./fixtures.ts');

const now = Date.parse('2026-11-22T12:00:00Z');
const team = { name: 'Equipo', logoUrl: '/favicon.svg' };

const withTeams = (match: Match): Fixture => ({ match, home: team, away: team });
const fixture = (...match: Parameters<typeof testRoundMatch>) => withTeams(testRoundMatch(...match));

const ids = (group: JornadaGroup) => group.fixtures.map((f) => f.match.id);

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

  it('closes a match N minutes before kick-off in a pool with "Cierre antes del partido" (pickDeadline)', () => {
    const fixtures = [fixture(1, '2026-11-22T12:45:00Z', 'scheduled'), fixture(2, '2026-11-22T12:46:00Z', 'scheduled')];
    expect(selectOpenFixtures(fixtures, now, { closeMinutesBefore: 45 }).map((f) => f.match.id)).toEqual([2]);
  });
});

describe('groupByJornada', () => {
  it('puts a jornada of a competition under one heading, the next jornada first, cards by kick-off', () => {
    const groups = groupByJornada([
      fixture(1, '2026-12-06T20:00:00Z', 'scheduled', 14),
      fixture(2, '2026-11-29T21:00:00Z', 'scheduled', 13),
      fixture(3, '2026-11-29T20:00:00Z', 'scheduled', 13),
      fixture(4, '2026-12-05T15:00:00Z', 'scheduled', 14),
    ]);
    expect(groups.map((g) => [g.weekNumber, ids(g)])).toEqual([
      [13, [3, 2]],
      [14, [4, 1]],
    ]);
  });

  it('keeps a match moved to a later date in its own jornada, and orders the jornadas by their first kick-off', () => {
    // Jornada 13's postponed match is played after jornada 14 has started: it stays with jornada 13.
    const groups = groupByJornada([
      fixture(1, '2026-11-29T20:00:00Z', 'scheduled', 13),
      fixture(2, '2026-12-06T20:00:00Z', 'scheduled', 14),
      fixture(3, '2026-12-10T20:00:00Z', 'scheduled', 13),
      fixture(4, '2026-12-07T20:00:00Z', 'scheduled', 14),
    ]);
    expect(groups.map((g) => [g.weekNumber, ids(g)])).toEqual([
      [13, [1, 3]],
      [14, [2, 4]],
    ]);
  });

  it('tells the same jornada of two competitions apart', () => {
    const groups = groupByJornada([
      fixture(1, '2026-11-29T20:00:00Z', 'scheduled', 14, { competition: 'laliga-2026-27' }),
      fixture(2, '2026-11-28T20:00:00Z', 'scheduled', 14, { competition: 'manual' }),
      fixture(3, '2026-11-30T20:00:00Z', 'scheduled', 14, { competition: 'laliga-2026-27' }),
    ]);
    expect(groups.map((g) => [g.competition, g.weekNumber, ids(g)])).toEqual([
      ['manual', 14, [2]],
      ['laliga-2026-27', 14, [1, 3]],
    ]);
    expect(spanCompetitions(groups)).toBe(true);
    expect(spanCompetitions(groups.slice(1))).toBe(false);
    expect(groups.map((g) => jornadaTitle(g, true))).toEqual([
      'Partidos añadidos a mano · Jornada 14',
      'LaLiga 2026/27 · Jornada 14',
    ]);
    expect(jornadaTitle(groups[1]!, false)).toBe('Jornada 14');
  });

  it('names a round as the app does from its matches’ data labels, not only "Jornada N"', () => {
    const worldCup = { competition: 'worldcup-2026' };
    const [groupWeek, knockout] = groupByJornada([
      fixture(1, '2026-07-04T16:00:00Z', 'scheduled', 5, { ...worldCup, round: 'Round of 16' }),
      fixture(2, '2026-06-24T16:00:00Z', 'scheduled', 3, { ...worldCup, round: 'Matchday 13' }),
      fixture(3, '2026-06-25T16:00:00Z', 'scheduled', 3, { ...worldCup, round: 'Matchday 14' }),
    ]);
    expect(jornadaTitle(groupWeek!, false)).toBe('Jornadas 13–14');
    expect(jornadaTitle(knockout!, true)).toBe('Mundial 2026 · Octavos de final');
  });

  it('gives no group for no match', () => {
    expect(groupByJornada([])).toEqual([]);
  });
});

describe('a jornada heading', () => {
  const [group] = groupByJornada([
    fixture(1, '2026-11-28T15:00:00Z', 'scheduled', 14),
    fixture(2, '2026-11-29T20:00:00Z', 'scheduled', 14),
    fixture(3, '2026-11-30T20:00:00Z', 'scheduled', 14),
  ]) as [JornadaGroup];

  it('gives the days of its matches', () => {
    expect(jornadaDates(group)).toBe('28–30 nov.');
    expect(jornadaDates({ ...group, fixtures: [group.fixtures[0]] })).toBe('28 nov.');
  });

  it('counts the matches the user has picked among its own', () => {
    expect(picksDoneText(group, new Map())).toBe('0 de 3 pronosticados');
    // A pick for a match of another jornada does not count here.
    expect(picksDoneText(group, new Map([[1, 'home'], [3, 'draw'], [99, 'away']]))).toBe('2 de 3 pronosticados');
  });
});

describe('kickoffCountdown', () => {
  const kickoff = Date.parse('2026-11-28T15:00:00Z');
  const hour = 3_600_000;
  const minute = 60_000;
  const groupAt = (more: Partial<Match> = {}) =>
    groupByJornada([
      fixture(1, new Date(kickoff).toISOString(), 'scheduled', 14, more),
      fixture(2, new Date(kickoff + 2 * hour).toISOString(), 'scheduled', 14),
    ])[0]!;

  it('counts down to the first kick-off in hours and whole minutes under 48 h', () => {
    expect(kickoffCountdown(groupAt(), kickoff - (5 * hour + 20 * minute))).toBe('Empieza en 5 h 20 min');
    expect(kickoffCountdown(groupAt(), kickoff - (5 * hour + 20 * minute + 59_000))).toBe('Empieza en 5 h 20 min');
    expect(kickoffCountdown(groupAt(), kickoff - 47 * hour - 59 * minute)).toBe('Empieza en 47 h 59 min');
    expect(kickoffCountdown(groupAt(), kickoff - 48 * hour + 1)).toBe('Empieza en 47 h 59 min');
    expect(kickoffCountdown(groupAt(), kickoff - 3 * hour)).toBe('Empieza en 3 h');
    expect(kickoffCountdown(groupAt(), kickoff - 25 * minute)).toBe('Empieza en 25 min');
    expect(kickoffCountdown(groupAt(), kickoff - 30_000)).toBe('Empieza en menos de 1 min');
  });

  it('says nothing further off than 48 h, nor once the kick-off has passed', () => {
    expect(kickoffCountdown(groupAt(), kickoff - 48 * hour)).toBeNull();
    expect(kickoffCountdown(groupAt(), kickoff)).toBeNull();
  });

  it('never counts down to a time the data does not have', () => {
    expect(kickoffCountdown(groupAt({ kickoffConfirmed: false }), kickoff - 5 * hour)).toBe('Hora por confirmar');
    expect(kickoffCountdown(groupAt({ kickoffConfirmed: false }), kickoff - 49 * hour)).toBeNull();
  });

  it('counts down to the first close when the pool closes picks before kick-off, as the cards do', () => {
    const options = { closeMinutesBefore: 5 };
    expect(kickoffCountdown(groupAt(), kickoff - (5 * hour + 20 * minute), options)).toBe('Primer cierre en 5 h 15 min');
    expect(kickoffCountdown(groupAt(), kickoff - 30 * minute, options)).toBe('Primer cierre en 25 min');
    // Closed: no countdown, although the kick-off is still ahead.
    expect(kickoffCountdown(groupAt(), kickoff - 4 * minute, options)).toBeNull();
    expect(kickoffCountdown(groupAt(), kickoff - 48 * hour - 4 * minute, options)).toBe('Primer cierre en 47 h 59 min');
  });
});

describe('played rounds', () => {
  const fixtures = ROUNDS_11_TO_14.map(withTeams);

  it('lists the rounds with a match under way or played', () => {
    expect(playedRounds(fixtures, now)).toEqual([11, 12, 13]);
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
