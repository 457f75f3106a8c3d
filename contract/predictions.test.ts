import { describe, expect, it } from 'vitest';
import { picksClosed, picksCloseProvisionalNote } from './predictions.ts';

describe('picksClosed', () => {
  const matchDate = '2026-11-22T20:00:00.000Z';

  it('is open until the kick-off instant, closed from it on', () => {
    expect(picksClosed({ matchDate, status: 'scheduled' }, Date.parse('2026-11-22T19:59:59.999Z'))).toBe(false);
    expect(picksClosed({ matchDate, status: 'scheduled' }, Date.parse(matchDate))).toBe(true);
  });

  it('is closed for a live or finished match even before its date', () => {
    const early = Date.parse('2026-11-01T00:00:00Z');
    expect(picksClosed({ matchDate, status: 'live' }, early)).toBe(true);
    expect(picksClosed({ matchDate, status: 'finished' }, early)).toBe(true);
  });
});

describe('picksCloseProvisionalNote', () => {
  it('says when picks close for a kick-off time not confirmed yet', () => {
    expect(picksCloseProvisionalNote('domingo 29 nov., 12:00')).toBe(
      'Cierra: domingo 29 nov., 12:00 (hora provisional)',
    );
  });
});
