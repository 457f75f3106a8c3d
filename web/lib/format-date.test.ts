import { describe, expect, it, vi } from 'vitest';

// Kick-offs are shown in the device's time zone; pin it before the formatters are built.
vi.stubEnv('TZ', 'Europe/Madrid');
const { formatDayHeading, formatDayRange, formatKickoff, formatShortDateTime, localDayKey } = await import('./format-date.ts');

describe('formatKickoff', () => {
  it('writes a confirmed kick-off in long-form Spanish with the local time', () => {
    expect(formatKickoff('2026-11-22T20:00:00.000Z', true)).toBe('domingo, 22 de noviembre de 2026, 21:00');
  });

  it('follows summer time', () => {
    expect(formatKickoff('2026-08-15T17:30:00Z', true)).toBe('sábado, 15 de agosto de 2026, 19:30');
  });

  it('shows only the day when the kick-off time is not confirmed yet', () => {
    expect(formatKickoff('2026-11-22T11:00:00.000Z', false)).toBe(
      'domingo, 22 de noviembre de 2026 · hora por confirmar',
    );
  });

  it('writes the weekday in lower case, as es-ES writes it, every day of the week', () => {
    // One way everywhere: the cards, Predecir and the admin list all show formatKickoff's text as it is.
    const weekdays = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
    for (const [offset, weekday] of weekdays.entries()) {
      const kickoff = new Date(Date.UTC(2026, 10, 22 + offset, 20)).toISOString();
      expect(formatKickoff(kickoff, true)).toMatch(new RegExp(`^${weekday}, ${22 + offset > 30 ? 22 + offset - 30 : 22 + offset} de`));
    }
    expect(formatKickoff('2026-11-21T19:00:00.000Z', true)).toBe('sábado, 21 de noviembre de 2026, 20:00');
  });

  it('writes what Intl writes in es-ES, every day of two years at hours from 00:05 to 23:55', () => {
    const withTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short' });
    const dayOnly = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full' });
    const start = Date.UTC(2026, 0, 1, 0, 5);
    // 7 h 15 min apart: over two years every day, weekday, month, both time changes and every hour come round.
    for (let time = start; time < Date.UTC(2028, 0, 1); time += (7 * 60 + 15) * 60_000) {
      const kickoff = new Date(time);
      expect(formatKickoff(kickoff.toISOString(), true)).toBe(withTime.format(kickoff));
      expect(formatKickoff(kickoff.toISOString(), false)).toBe(`${dayOnly.format(kickoff)} · hora por confirmar`);
    }
  });
});

describe('formatShortDateTime', () => {
  it('writes a short local day and time', () => {
    expect(formatShortDateTime('2026-11-29T11:00:00.000Z')).toBe('domingo 29 nov., 12:00');
    expect(formatShortDateTime('2026-09-06T07:05:00.000Z')).toBe('domingo 6 sept., 9:05');
  });
});

describe('formatDayHeading', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');

  it('writes the local day as formatKickoff does, capitalised, without the current year', () => {
    expect(formatDayHeading('2026-11-28T20:00:00Z', now)).toBe('Sábado, 28 de noviembre');
    // 23:30 in UTC is already Monday in Madrid.
    expect(formatDayHeading('2026-11-29T23:30:00Z', now)).toBe('Lunes, 30 de noviembre');
    expect(formatKickoff('2026-11-28T20:00:00Z', true).startsWith(formatDayHeading('2026-11-28T20:00:00Z', now).toLowerCase())).toBe(true);
  });

  it('adds the year when the day is in another year than now', () => {
    expect(formatDayHeading('2027-01-02T17:00:00Z', now)).toBe('Sábado, 2 de enero de 2027');
    expect(formatDayHeading('2026-12-31T17:00:00Z', now)).toBe('Jueves, 31 de diciembre');
  });

  it('starts with a capital on every day of the week, the accented ones too', () => {
    const weekdays = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
    for (const [offset, weekday] of weekdays.entries()) {
      expect(formatDayHeading(new Date(Date.UTC(2026, 10, 22 + offset, 18)).toISOString(), now)).toMatch(
        new RegExp(`^${weekday}, `),
      );
    }
  });
});

describe('localDayKey', () => {
  it('is the day on this device, not in UTC', () => {
    expect(localDayKey('2026-11-28T20:00:00Z')).toBe('2026-11-28');
    expect(localDayKey('2026-11-28T23:30:00Z')).toBe('2026-11-29');
    expect(localDayKey('2026-11-28T22:59:00Z')).toBe(localDayKey('2026-11-28T00:00:00+01:00'));
  });
});

describe('formatDayRange', () => {
  it('writes the days of a month once with its month', () => {
    expect(formatDayRange('2026-11-28T15:00:00.000Z', '2026-11-30T20:00:00.000Z')).toBe('28–30 nov.');
  });

  it('writes both months across a month end', () => {
    expect(formatDayRange('2026-11-30T20:00:00.000Z', '2026-12-02T20:00:00.000Z')).toBe('30 nov.–2 dic.');
    expect(formatDayRange('2026-08-31T18:00:00.000Z', '2026-09-01T18:00:00.000Z')).toBe('31 ago.–1 sept.');
  });

  it('writes one day once', () => {
    expect(formatDayRange('2026-11-28T11:00:00.000Z', '2026-11-28T20:00:00.000Z')).toBe('28 nov.');
  });

  it('takes the days in Madrid, not in UTC', () => {
    // 23:30 UTC on the 30th is already 1 December in Madrid; 23:30 UTC on 27 November is the 28th there.
    expect(formatDayRange('2026-11-27T23:30:00.000Z', '2026-11-30T23:30:00.000Z')).toBe('28 nov.–1 dic.');
  });
});
