import { describe, expect, it, vi } from 'vitest';

// Times are shown in the device's time zone; pin it before the formatters are built.
vi.stubEnv('TZ', 'Europe/Madrid');
const { feedStatusText } = await import('./feed-status-text.ts');

const now = Date.parse('2026-11-29T22:30:00Z');
const feed = { source: 'openfootball', label: 'openfootball', lastAttemptAt: null, failure: null, lastSuccessAt: null };

describe('what everyone is told of where results come from', () => {
  it('says when results were last brought, and from where', () => {
    expect(feedStatusText({ ...feed, lastAttemptAt: '2026-11-29T22:10:00Z', lastSuccessAt: '2026-11-29T22:10:00Z' }, now)).toBe(
      'Resultados de openfootball · actualizados a las 23:10',
    );
    expect(feedStatusText({ ...feed, lastAttemptAt: '2026-11-28T22:10:00Z', lastSuccessAt: '2026-11-28T22:10:00Z' }, now)).toBe(
      'Resultados de openfootball · actualizados el 28 nov. a las 23:10',
    );
  });

  it('or that the last try failed, and why', () => {
    expect(
      feedStatusText({ ...feed, label: 'football-data.org', lastAttemptAt: '2026-11-29T22:10:00Z', failure: 'sin conexión' }, now),
    ).toBe('Resultados de football-data.org · sin conexión a las 23:10');
    expect(feedStatusText(feed, now)).toBe('Resultados de openfootball · todavía sin leer');
  });
});
