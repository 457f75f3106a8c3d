import { describe, expect, it } from 'vitest';
import {
  competitionNameOf,
  defaultPoolScope,
  fromRoundPhrase,
  hasLeagueTable,
  roundDisplayLabel,
  spanishRoundLabel,
  type Competition,
} from './matches.ts';

describe('spanishRoundLabel', () => {
  it('names in Spanish every round label the shipped data files contain', () => {
    expect(spanishRoundLabel('Matchday 1')).toBe('Jornada 1');
    expect(spanishRoundLabel('Matchday 14')).toBe('Jornada 14');
    expect(spanishRoundLabel('Round of 32')).toBe('Dieciseisavos de final');
    expect(spanishRoundLabel('Round of 16')).toBe('Octavos de final');
    expect(spanishRoundLabel('Quarter-final')).toBe('Cuartos de final');
    expect(spanishRoundLabel('Semi-final')).toBe('Semifinales');
    expect(spanishRoundLabel('Match for third place')).toBe('Tercer puesto');
    expect(spanishRoundLabel('Final')).toBe('Final');
  });

  it('knows no other label', () => {
    for (const label of ['Jornada 3', 'Matchday', 'Matchday 3 (aplazado)', 'Group A', 'final', 'Prueba 1']) {
      expect(spanishRoundLabel(label)).toBeNull();
    }
  });
});

describe('roundDisplayLabel', () => {
  it('is the Spanish label of a round with one data label', () => {
    expect(roundDisplayLabel(['Matchday 14'])).toBe('Jornada 14');
    expect(roundDisplayLabel(['Round of 16'])).toBe('Octavos de final');
  });

  it('spans the tournament days of a World Cup group week', () => {
    expect(roundDisplayLabel(['Matchday 1', 'Matchday 2', 'Matchday 3', 'Matchday 4', 'Matchday 5', 'Matchday 6', 'Matchday 7'])).toBe(
      'Jornadas 1–7',
    );
    expect(roundDisplayLabel(['Matchday 14', 'Matchday 15', 'Matchday 16', 'Matchday 17'])).toBe('Jornadas 14–17');
  });

  it('joins labels that do not follow each other', () => {
    expect(roundDisplayLabel(['Match for third place', 'Final'])).toBe('Tercer puesto y Final');
    expect(roundDisplayLabel(['Matchday 3', 'Matchday 5'])).toBe('Jornada 3 y Jornada 5');
    expect(roundDisplayLabel(['Round of 32', 'Round of 16', 'Final'])).toBe('Dieciseisavos de final, Octavos de final y Final');
  });

  it('keeps the data’s name of a round to which an admin added a match of their own', () => {
    expect(roundDisplayLabel(['Matchday 38', 'Prueba 1', 'Jornada 38'])).toBe('Jornada 38');
    expect(roundDisplayLabel(['Matchday 6', 'Matchday 6'])).toBe('Jornada 6');
  });

  it('shows an admin’s own labels as they are when the round has no data label', () => {
    expect(roundDisplayLabel(['Jornada 3'])).toBe('Jornada 3');
    expect(roundDisplayLabel(['Amistoso', 'Prueba'])).toBe('Amistoso y Prueba');
  });
});

describe('fromRoundPhrase', () => {
  it('puts the article each label takes', () => {
    expect(fromRoundPhrase('Jornada 14')).toBe('desde la Jornada 14');
    expect(fromRoundPhrase('Jornadas 1–7')).toBe('desde las Jornadas 1–7');
    expect(fromRoundPhrase('Octavos de final')).toBe('desde los Octavos de final');
    expect(fromRoundPhrase('Semifinales')).toBe('desde las Semifinales');
    expect(fromRoundPhrase('Tercer puesto y Final')).toBe('desde el Tercer puesto y Final');
    expect(fromRoundPhrase('Final')).toBe('desde la Final');
    expect(fromRoundPhrase('Amistoso')).toBe('desde Amistoso');
  });
});

describe('competitionNameOf', () => {
  it('names the shipped competitions with their season', () => {
    expect(competitionNameOf('laliga-2026-27')).toEqual({ name: 'LaLiga', season: '2026/27', displayName: 'LaLiga 2026/27' });
    expect(competitionNameOf('worldcup-2026')).toEqual({ name: 'Mundial', season: '2026', displayName: 'Mundial 2026' });
  });

  it('names any other key by itself', () => {
    expect(competitionNameOf('copa-2026-27')).toEqual({ name: 'copa-2026-27', season: null, displayName: 'copa-2026-27' });
  });
});

describe('hasLeagueTable', () => {
  it('is true only for the competitions the app knows to be played as one league', () => {
    expect(hasLeagueTable('laliga-2026-27')).toBe(true);
    // The World Cup's groups are not stored; hand-entered matches and an admin's own key may mix anything.
    for (const key of ['worldcup-2026', 'manual', 'copa-2026-27']) expect(hasLeagueTable(key), key).toBe(false);
  });
});

describe('defaultPoolScope', () => {
  const competition = (key: string, fields: Partial<Competition>): Competition => ({
    key,
    ...competitionNameOf(key),
    rounds: [],
    firstWeek: 1,
    lastWeek: 38,
    firstKickoff: '2026-08-15T17:00:00.000Z',
    lastKickoff: '2027-05-23T17:00:00.000Z',
    nextRound: null,
    nextKickoff: null,
    ...fields,
  });

  it('is the competition with the soonest open match, from its next round', () => {
    const scope = defaultPoolScope([
      competition('laliga-2026-27', { nextRound: 14, nextKickoff: '2026-11-29T11:00:00.000Z' }),
      competition('copa-2026-27', { nextRound: 2, nextKickoff: '2026-12-02T20:00:00.000Z' }),
      competition('worldcup-2026', { lastKickoff: '2026-07-19T19:00:00.000Z' }),
    ]);
    expect(scope).toEqual({ competition: 'laliga-2026-27', fromWeek: 14 });
  });

  it('without an open match, is the competition played last, from its first round', () => {
    const scope = defaultPoolScope([
      competition('worldcup-2026', { firstWeek: 1, lastKickoff: '2026-07-19T19:00:00.000Z' }),
      competition('laliga-2026-27', { firstWeek: 3, lastKickoff: '2027-05-23T17:00:00.000Z' }),
    ]);
    expect(scope).toEqual({ competition: 'laliga-2026-27', fromWeek: 3 });
  });

  it('is null without any competition', () => {
    expect(defaultPoolScope([])).toBeNull();
  });
});
