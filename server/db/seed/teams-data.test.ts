import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFixtures } from '../../modules/results/openfootball.ts';
import { clubSlug, clubTeamRows, worldCupTeamRows } from './teams-data.ts';

describe('clubSlug', () => {
  it('makes an ascii file name', () => {
    expect(clubSlug('Atlético de Madrid')).toBe('atletico-de-madrid');
    expect(clubSlug('Deportivo Alavés')).toBe('deportivo-alaves');
  });
});

describe('the shipped data files', () => {
  const data = (file: string): unknown => JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8'));
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
