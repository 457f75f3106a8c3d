import { describe, expect, it } from 'vitest';
import { poolCountsMatch, poolScopeText } from './pools.ts';

describe('poolCountsMatch', () => {
  const laLigaFrom14 = { competition: 'laliga-2026-27', fromWeek: 14 };

  it('counts the matches of its competition from its first round on', () => {
    expect(poolCountsMatch(laLigaFrom14, { competition: 'laliga-2026-27', weekNumber: 14 })).toBe(true);
    expect(poolCountsMatch(laLigaFrom14, { competition: 'laliga-2026-27', weekNumber: 38 })).toBe(true);
    expect(poolCountsMatch(laLigaFrom14, { competition: 'laliga-2026-27', weekNumber: 13 })).toBe(false);
    expect(poolCountsMatch(laLigaFrom14, { competition: 'worldcup-2026', weekNumber: 14 })).toBe(false);
  });

  it('counts every match for a pool without a competition', () => {
    const everything = { competition: null, fromWeek: null };
    expect(poolCountsMatch(everything, { competition: 'worldcup-2026', weekNumber: 1 })).toBe(true);
    expect(poolCountsMatch(everything, { competition: 'manual', weekNumber: 99 })).toBe(true);
  });
});

describe('poolScopeText', () => {
  it('says which competition and from which round', () => {
    expect(poolScopeText({ competitionName: 'LaLiga 2026/27', fromRoundLabel: 'Jornada 14' })).toBe(
      'LaLiga 2026/27 · desde la Jornada 14',
    );
    expect(poolScopeText({ competitionName: 'Mundial 2026', fromRoundLabel: 'Octavos de final' })).toBe(
      'Mundial 2026 · desde los Octavos de final',
    );
  });

  it('says that a pool without a competition counts every match', () => {
    expect(poolScopeText({ competitionName: null, fromRoundLabel: null })).toBe(
      'Cuenta todos los partidos, de cualquier competición.',
    );
  });
});
