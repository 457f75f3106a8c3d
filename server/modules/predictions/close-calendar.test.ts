import { describe, expect, it } from 'vitest';
import { closeCalendarText, jornadaCloses, type CalendarMatch } from './close-calendar.ts';

let nextId = 1;
const match = (weekNumber: number, matchDate: string, fields: Partial<CalendarMatch> = {}): CalendarMatch => ({
  id: nextId++,
  weekNumber,
  round: `Matchday ${weekNumber}`,
  matchDate: new Date(matchDate),
  kickoffConfirmed: true,
  home: 'Local',
  away: 'Visitante',
  kickoffChanges: 0,
  lastKickoffChange: null,
  ...fields,
});

describe('the first close of each jornada', () => {
  const season = [
    match(2, '2026-08-22T19:00:00Z', { home: 'Sevilla', away: 'Betis' }),
    match(1, '2026-08-16T17:30:00Z'),
    match(1, '2026-08-15T19:00:00Z', { home: 'Real Madrid', away: 'Getafe', kickoffChanges: 1, lastKickoffChange: new Date('2026-08-01T10:00:00Z') }),
    match(1, '2026-08-15T21:00:00Z', { kickoffChanges: 2, lastKickoffChange: new Date('2026-08-03T10:00:00Z') }),
  ];

  it('is the first kick-off of the jornada less the pool’s minutes, in jornada order', () => {
    const closes = jornadaCloses(season, { closeMinutesBefore: 15 });
    expect(closes.map((c) => [c.weekNumber, c.label, c.closesAt.toISOString(), c.first.home])).toEqual([
      [1, 'Jornada 1', '2026-08-15T18:45:00.000Z', 'Real Madrid'],
      [2, 'Jornada 2', '2026-08-22T18:45:00.000Z', 'Sevilla'],
    ]);
    expect(jornadaCloses(season, { closeMinutesBefore: 0 })[0]!.closesAt.toISOString()).toBe('2026-08-15T19:00:00.000Z');
  });

  it('counts the kick-off changes of all its matches, and knows the last one', () => {
    const [first, second] = jornadaCloses(season, { closeMinutesBefore: 0 });
    expect([first!.kickoffChanges, first!.lastKickoffChange?.toISOString()]).toEqual([3, '2026-08-03T10:00:00.000Z']);
    expect([second!.kickoffChanges, second!.lastKickoffChange]).toEqual([0, null]);
  });

  it('takes the lower id when two matches kick off together', () => {
    const together = [match(5, '2026-09-01T18:00:00Z', { home: 'Primero' }), match(5, '2026-09-01T18:00:00Z', { home: 'Segundo' })];
    expect(jornadaCloses(together.toReversed(), { closeMinutesBefore: 0 })[0]!.first.home).toBe('Primero');
  });
});

describe('the calendar of a pool', () => {
  const pool = { id: 7, name: 'Los del barrio', options: { closeMinutesBefore: 15, editUntilKickoff: false, creatorPlays: false, lateJoiners: 'zero' as const }, createdAt: '2026-07-01T00:00:00.000Z' };
  const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

  it('has one event per jornada, with a stable UID, the close in UTC and the first match', () => {
    const lines = unfold(closeCalendarText(pool, [match(14, '2026-11-21T20:00:00Z', { home: 'Real Madrid', away: 'FC Barcelona' }), match(14, '2026-11-22T20:00:00Z')], 'https://quiniela.example.org'));
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:cierre-7-14@quiniela.example.org',
        'DTSTART:20261121T194500Z',
        'SEQUENCE:0',
        'LAST-MODIFIED:20260701T000000Z',
        'SUMMARY:Cierre: Jornada 14 · Los del barrio',
        'URL:https://quiniela.example.org/tabs/pool/7?seccion=predecir',
      ]),
    );
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toContain('Primer partido: Real Madrid – FC Barcelona.\\n');
  });

  it('says when the first match’s time is not confirmed', () => {
    const text = unfold(closeCalendarText(pool, [match(3, '2026-09-12T00:00:00Z', { kickoffConfirmed: false })], 'http://localhost:3000')).join('\n');
    expect(text).toContain('SUMMARY:Cierre: Jornada 3 · Los del barrio (hora por confirmar)');
    expect(text).toContain('hora por confirmar: el cierre puede cambiar');
  });
});
