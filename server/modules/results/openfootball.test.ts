import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  clubSlug,
  clubTeamRows,
  kickoff,
  matchResult,
  matchdayNumber,
  parseFixtures,
  worldCupTeamRows,
  worldCupWeekNumber,
} from './openfootball.ts';

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

describe('clubSlug', () => {
  it('makes an ascii file name', () => {
    expect(clubSlug('Atlético de Madrid')).toBe('atletico-de-madrid');
    expect(clubSlug('Deportivo Alavés')).toBe('deportivo-alaves');
  });
});

describe('the shipped data files', () => {
  const data = (file: string): unknown => JSON.parse(readFileSync(new URL(`../../db/seed/data/${file}`, import.meta.url), 'utf8'));
  const worldCupTeams = worldCupTeamRows(data('teams-es.json'));
  const clubs = clubTeamRows(data('clubs-es-laliga-2026-27.json'));
  const worldCup = parseFixtures(
    data('worldcup-2026.json'),
    'worldcup-2026',
    new Set(worldCupTeams.map((t) => t.sourceName)),
  );
  const laLiga = parseFixtures(data('laliga-2026-27.json'), 'laliga-2026-27', new Set(clubs.map((c) => c.sourceName)));

  it('parse completely, with the counts the data README gives', () => {
    expect([worldCupTeams.length, clubs.length]).toEqual([48, 20]);
    expect(worldCup.unknownTeamNames).toEqual([]);
    expect(laLiga.unknownTeamNames).toEqual([]);
    expect(worldCup.fixtures).toHaveLength(104);
    expect(worldCup.fixtures.every((f) => f.status === 'finished' && f.kickoffConfirmed)).toBe(true);
    expect(laLiga.fixtures).toHaveLength(380);
    expect(laLiga.fixtures.filter((f) => f.status === 'finished')).toHaveLength(59);
    expect(laLiga.fixtures.filter((f) => f.kickoffConfirmed)).toHaveLength(89);
  });

  it('give every fixture a unique (competition, round, home, away) key', () => {
    const keys = [...worldCup.fixtures, ...laLiga.fixtures].map(
      (f) => `${f.competition}|${f.round}|${f.homeTeam}|${f.awayTeam}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('place each World Cup group game in the week of that team’s 1st, 2nd or 3rd game', () => {
    const gamesPlayed = new Map<string, number>();
    const groupGames = worldCup.fixtures
      .filter((f) => f.round.startsWith('Matchday '))
      .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime());
    expect(groupGames).toHaveLength(72);
    for (const game of groupGames) {
      for (const team of [game.homeTeam, game.awayTeam]) {
        const nth = (gamesPlayed.get(team) ?? 0) + 1;
        gamesPlayed.set(team, nth);
        expect(game.weekNumber, `${team} in ${game.round}`).toBe(nth);
      }
    }
    const weeks = (round: string) =>
      new Set(worldCup.fixtures.filter((f) => f.round === round).map((f) => f.weekNumber));
    expect([...weeks('Round of 32'), ...weeks('Quarter-final'), ...weeks('Match for third place')]).toEqual([4, 6, 8]);
  });

  it('point every team at a logo file that exists', () => {
    for (const team of [...worldCupTeams, ...clubs]) {
      expect(existsSync(new URL(`../../../web/public${team.logoUrl}`, import.meta.url)), team.logoUrl).toBe(true);
    }
  });
});
