import { describe, expect, it } from 'vitest';
import { hasKickedOff } from './kickoff.ts';

describe('hasKickedOff', () => {
  const matchDate = '2026-11-22T20:00:00.000Z';

  it('is open until the kick-off instant, closed from it on', () => {
    expect(hasKickedOff({ matchDate, status: 'scheduled' }, new Date('2026-11-22T19:59:59.999Z'))).toBe(false);
    expect(hasKickedOff({ matchDate, status: 'scheduled' }, new Date(matchDate))).toBe(true);
  });

  it('is closed for a live or finished match even before its date', () => {
    const early = new Date('2026-11-01T00:00:00Z');
    expect(hasKickedOff({ matchDate, status: 'live' }, early)).toBe(true);
    expect(hasKickedOff({ matchDate, status: 'finished' }, early)).toBe(true);
  });
});
