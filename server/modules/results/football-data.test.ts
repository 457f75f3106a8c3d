import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseFootballData } from './football-data.ts';

const answer = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/football-data/${file}`, import.meta.url), 'utf8')) as {
    matches: { status: string; homeTeam: { name: string | null; shortName: string | null } }[];
  };
const clubs = Object.keys(
  JSON.parse(readFileSync(new URL('../../db/seed/data/clubs-es-laliga-2026-27.json', import.meta.url), 'utf8')) as object,
);

describe("football-data.org's v4 match list, read", () => {
  const { reports, unknownTeamNames } = parseFootballData(answer('pd-2026-matchday-14.json'), 'laliga-2026-27', clubs);
  const of = (home: string) => reports.find((report) => report.homeTeam === home);

  it('reads each status as what it says: a time, a live score, a result, or a day alone', () => {
    expect(unknownTeamNames).toEqual([]);
    expect(of('RC Celta de Vigo')).toEqual({
      competition: 'laliga-2026-27',
      homeTeam: 'RC Celta de Vigo',
      awayTeam: 'Villarreal CF',
      matchDate: new Date('2026-11-28T13:00:00Z'),
      kickoffConfirmed: true,
      status: 'finished',
      scoreHome: 2,
      scoreAway: 1,
    });
    // IN_PLAY and PAUSED: under way, the running score.
    expect(of('Real Betis Balompié')).toMatchObject({ status: 'live', scoreHome: 1, scoreAway: 0 });
    expect(of('Valencia CF')).toMatchObject({ status: 'live', scoreHome: 0, scoreAway: 1 });
    // TIMED: a confirmed time, no result.
    expect(of('Real Madrid CF')).toMatchObject({
      matchDate: new Date('2026-11-28T20:00:00Z'),
      kickoffConfirmed: true,
      status: 'scheduled',
      scoreHome: null,
    });
    // SCHEDULED and POSTPONED: the day alone, at the placeholder (noon in Madrid), not confirmed.
    for (const home of ['Real Sociedad de Fútbol', 'Levante UD']) {
      expect(of(home)).toMatchObject({
        matchDate: new Date('2026-11-29T11:00:00Z'),
        kickoffConfirmed: false,
        status: 'scheduled',
      });
    }
    // Teams by football-data's other names.
    expect(of('Levante UD')?.awayTeam).toBe('Real Racing Club de Santander');
    expect(of('RC Deportivo La Coruña')?.awayTeam).toBe('FC Barcelona');
    // CANCELLED says nothing the quiniela takes.
    expect(of('Málaga CF')).toBeUndefined();
    expect(reports).toHaveLength(9);
  });

  it('scores the 90 minutes: a match after extra time by its regular time', () => {
    const world = parseFootballData(answer('wc-2026.json'), 'worldcup-2026', ['Spain', 'Argentina', 'Mexico']);
    expect(world.reports.find((r) => r.homeTeam === 'Spain')).toMatchObject({ status: 'finished', scoreHome: 0, scoreAway: 0 });
    expect(world.unknownTeamNames).toEqual(['Czechia', 'Korea Republic', 'South Africa']);
    // Extra time without its regular time: its result is not told.
    const extra = answer('wc-2026.json');
    const final = extra.matches.find((m) => m.homeTeam.name === 'Spain') as unknown as { score: { regularTime?: unknown } };
    delete final.score.regularTime;
    const told = parseFootballData(extra, 'worldcup-2026', ['Spain', 'Argentina']).reports[0];
    expect(told).toMatchObject({ status: 'scheduled', scoreHome: null, kickoffConfirmed: true });
  });

  it('leaves out a match whose teams are not known yet, and refuses what is not a match list', () => {
    const tbd = answer('pd-2026-matchday-14.json');
    tbd.matches[0]!.homeTeam = { name: null, shortName: null };
    expect(parseFootballData(tbd, 'laliga-2026-27', clubs).reports).toHaveLength(8);
    for (const broken of [{}, { matches: 'x' }, { matches: [{ utcDate: 'ayer' }] }, null]) {
      expect(() => parseFootballData(broken, 'laliga-2026-27', clubs)).toThrow(z.ZodError);
    }
  });
});
