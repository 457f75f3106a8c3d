import { describe, expect, it } from 'vitest';
import { takesKickoff, takesResult } from './import-precedence.ts';

describe('which feed’s kick-off is kept', () => {
  it('takes a confirmed time over a day alone, whoever says it', () => {
    expect(takesKickoff({ value: false, source: 'football-data' }, { value: true, source: 'openfootball' })).toBe(true);
    expect(takesKickoff({ value: false, source: null }, { value: true, source: 'football-data' })).toBe(true);
  });

  it('never takes a day alone over a confirmed time from another feed, but a feed may withdraw its own', () => {
    expect(takesKickoff({ value: true, source: 'football-data' }, { value: false, source: 'openfootball' })).toBe(false);
    expect(takesKickoff({ value: true, source: 'openfootball' }, { value: false, source: 'football-data' })).toBe(false);
    // The shipped data is openfootball's: its files may take back what it said.
    expect(takesKickoff({ value: true, source: null }, { value: false, source: 'import' })).toBe(true);
    // A match put off: football-data.org takes back the time it had confirmed.
    expect(takesKickoff({ value: true, source: 'football-data' }, { value: false, source: 'football-data' })).toBe(true);
  });

  it('between two as strong, takes the feed that ranks as high or higher: football-data.org over openfootball', () => {
    expect(takesKickoff({ value: true, source: 'openfootball' }, { value: true, source: 'football-data' })).toBe(true);
    expect(takesKickoff({ value: true, source: 'football-data' }, { value: true, source: 'openfootball' })).toBe(false);
    expect(takesKickoff({ value: true, source: 'import' }, { value: true, source: 'openfootball' })).toBe(true);
    expect(takesKickoff({ value: false, source: null }, { value: false, source: 'import' })).toBe(true);
  });
});

describe('which feed’s result is kept', () => {
  it('takes a finished score over a live one over none', () => {
    expect(takesResult({ value: 'scheduled', source: null }, { value: 'live', source: 'football-data' })).toBe(true);
    expect(takesResult({ value: 'live', source: 'football-data' }, { value: 'finished', source: 'openfootball' })).toBe(
      true,
    );
  });

  it('never takes a weaker one, nor none, even from the feed that said it', () => {
    expect(takesResult({ value: 'finished', source: 'openfootball' }, { value: 'live', source: 'football-data' })).toBe(
      false,
    );
    expect(takesResult({ value: 'finished', source: 'football-data' }, { value: 'live', source: 'football-data' })).toBe(
      false,
    );
    expect(takesResult({ value: 'live', source: 'football-data' }, { value: 'scheduled', source: 'football-data' })).toBe(
      false,
    );
  });

  it('between two as strong, takes the feed that ranks as high or higher', () => {
    expect(takesResult({ value: 'finished', source: null }, { value: 'finished', source: 'football-data' })).toBe(true);
    expect(takesResult({ value: 'finished', source: 'football-data' }, { value: 'finished', source: 'openfootball' })).toBe(
      false,
    );
    // A live score moves on; a feed corrects its own result.
    expect(takesResult({ value: 'live', source: 'football-data' }, { value: 'live', source: 'football-data' })).toBe(true);
    expect(takesResult({ value: 'finished', source: 'import' }, { value: 'finished', source: 'import' })).toBe(true);
  });
});
