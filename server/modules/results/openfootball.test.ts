import { describe, expect, it } from 'vitest';
import { kickoff, matchResult, matchdayNumber, parseFixtures, worldCupWeekNumber } from './openfootball.ts';

describe('kickoff', () => {
  it('reads World Cup times with their UTC offset', () => {
    expect(kickoff('2026-06-11', '13:00 UTC-6', 'UTC')).toEqual({
      matchDate: new Date('2026-06-11T19:00:00Z'),
      kickoffConfirmed: true,
    });
    expect(kickoff('2026-07-19', '15:00 UTC-4', 'UTC').matchDate).toEqual(new Date('2026-07-19T19:00:00Z'));
  });

  it('reads LaLiga times as Madrid local time, across the daylight-saving switch', () => {
    expect(kickoff('2026-10-24', '21:00', 'Europe/Madrid').matchDate).toEqual(new Date('2026-10-24T19:00:00Z'));
    // 25 October 2026: clocks go back at 03:00, so the evening is UTC+1.
    expect(kickoff('2026-10-25', '21:00', 'Europe/Madrid').matchDate).toEqual(new Date('2026-10-25T20:00:00Z'));
    expect(kickoff('2027-03-28', '18:30', 'Europe/Madrid').matchDate).toEqual(new Date('2027-03-28T16:30:00Z'));
  });

  it('places a day without a time at noon in the zone, flagged as not confirmed', () => {
    expect(kickoff('2026-11-29', undefined, 'Europe/Madrid')).toEqual({
      matchDate: new Date('2026-11-29T11:00:00Z'),
      kickoffConfirmed: false,
    });
  });

  it('refuses impossible dates and times', () => {
    expect(() => kickoff('2026-02-30', '20:00', 'Europe/Madrid')).toThrow(/fecha no válida/);
    expect(() => kickoff('2026-11-29', '25:00', 'Europe/Madrid')).toThrow(/hora no válida/);
    expect(() => kickoff('29/11/2026', '20:00', 'Europe/Madrid')).toThrow(/fecha no válida/);
  });
});

describe('matchResult', () => {
  it('takes the full-time score in either form; no score means scheduled', () => {
    expect(matchResult({ score: { ft: [2, 1] } })).toEqual({ scoreHome: 2, scoreAway: 1, status: 'finished' });
    expect(matchResult({ score: [0, 0] })).toEqual({ scoreHome: 0, scoreAway: 0, status: 'finished' });
    expect(matchResult({})).toEqual({ scoreHome: null, scoreAway: null, status: 'scheduled' });
  });
});

describe('rounds', () => {
  it('reads the LaLiga matchday', () => {
    expect(matchdayNumber('Matchday 12')).toBe(12);
    expect(() => matchdayNumber('Jornada 12')).toThrow();
  });

  it('maps World Cup group games and knock-out rounds to quiniela weeks 1–8', () => {
    expect(worldCupWeekNumber({ round: 'Matchday 1', date: '2026-06-11' })).toBe(1);
    expect(worldCupWeekNumber({ round: 'Matchday 8', date: '2026-06-18' })).toBe(2);
    expect(worldCupWeekNumber({ round: 'Matchday 14', date: '2026-06-27' })).toBe(3);
    expect(worldCupWeekNumber({ round: 'Round of 32', date: '2026-06-28' })).toBe(4);
    expect(worldCupWeekNumber({ round: 'Final', date: '2026-07-19' })).toBe(8);
  });
});

describe('parseFixtures', () => {
  it('reports unknown team names and leaves their matches out', () => {
    const file = {
      name: 'Spain Primera División 2026/27',
      matches: [
        {
          round: 'Matchday 1',
          date: '2026-08-15',
          time: '19:30',
          team1: 'Sevilla FC',
          team2: 'Getafe CF',
          score: { ft: [1, 0] },
        },
        { round: 'Matchday 1', date: '2026-08-15', team1: 'Sevilla FC', team2: 'Atlético Inventado' },
      ],
    };
    const parsed = parseFixtures(file, 'laliga-2026-27', new Set(['Sevilla FC', 'Getafe CF']));
    expect(parsed.unknownTeamNames).toEqual(['Atlético Inventado']);
    expect(parsed.fixtures).toEqual([
      expect.objectContaining({
        homeTeam: 'Sevilla FC',
        awayTeam: 'Getafe CF',
        weekNumber: 1,
        status: 'finished',
        scoreHome: 1,
        scoreAway: 0,
      }),
    ]);
  });

  it('rejects a file that is not in the openfootball format', () => {
    expect(() => parseFixtures({ name: 'x', matches: [{ date: 'hoy' }] }, 'laliga-2026-27', new Set())).toThrow();
  });
});
