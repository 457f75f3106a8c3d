import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, serializeCalendar, utcDateTime, type CalendarEvent } from './icalendar.ts';

const event: CalendarEvent = {
  uid: 'cierre-7-14@quiniela.example.org',
  start: new Date('2026-11-21T19:45:00Z'),
  summary: 'Cierre: Jornada 14 · Los del barrio',
  description: 'Primer partido: Real Madrid – FC Barcelona.\nCierran 15 min antes del inicio.',
  url: 'https://quiniela.example.org/tabs/pool/7?seccion=predecir',
  lastModified: new Date('2026-11-02T08:00:05.123Z'),
  sequence: 2,
};

describe('iCalendar', () => {
  it('writes times in UTC with a Z, without milliseconds', () => {
    expect(utcDateTime(new Date('2026-01-05T07:08:09.999Z'))).toBe('20260105T070809Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    // A colon needs no escape in a value.
    expect(escapeText('Cierre: 21:00')).toBe('Cierre: 21:00');
  });

  it('folds lines at 75 octets, a continuation starting with a space, never splitting a character', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    const folded = foldLine(`SUMMARY:${'ñ'.repeat(100)}`).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    // Unfolded (RFC 5545 §3.1: a CRLF and one space removed) it is the line again, every "ñ" whole.
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(`SUMMARY:${'ñ'.repeat(100)}`);
    expect(foldLine('x'.repeat(76)).split('\r\n')).toEqual(['x'.repeat(75), ' x']);
  });

  it('writes a calendar of CRLF lines with each event’s UID, times, sequence and escaped text', () => {
    const text = serializeCalendar({ product: '-//Quiniela//Cierres//ES', name: 'Cierres, Los del barrio', refreshMinutes: 60, events: [event] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line break is a CRLF.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'X-WR-CALNAME:Cierres\\, Los del barrio',
        'REFRESH-INTERVAL;VALUE=DURATION:PT60M',
        'BEGIN:VEVENT',
        'UID:cierre-7-14@quiniela.example.org',
        'DTSTAMP:20261102T080005Z',
        'LAST-MODIFIED:20261102T080005Z',
        'SEQUENCE:2',
        'DTSTART:20261121T194500Z',
        'SUMMARY:Cierre: Jornada 14 · Los del barrio',
        'DESCRIPTION:Primer partido: Real Madrid – FC Barcelona.\\nCierran 15 min antes del inicio.',
        'URL:https://quiniela.example.org/tabs/pool/7?seccion=predecir',
        'END:VEVENT',
      ]),
    );
    expect(unfolded.indexOf('BEGIN:VEVENT')).toBeLessThan(unfolded.indexOf('END:VEVENT'));
  });
});
