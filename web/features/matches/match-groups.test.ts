import { describe, expect, it } from 'vitest';
import { competitionsIn, groupByDay, inCompetition } from './match-groups.ts';
import { testMatch } from './test-match.ts';
import type { ListedMatch } from './upcoming-matches.ts';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const item = (id: number, matchDate: string, competition = 'laliga-2026-27', resultPending = false): ListedMatch => ({
  match: testMatch({ id, matchDate, competition }),
  resultPending,
});
const ids = (list: readonly ListedMatch[]) => list.map(({ match }) => match.id);

describe('groupByDay', () => {
  it('puts the matches of one day under its heading, in the order given, competitions mixed', () => {
    const groups = groupByDay(
      [
        item(1, '2026-11-28T12:00:00Z'),
        item(2, '2026-11-28T15:00:00Z', 'worldcup-2026'),
        item(3, '2026-11-29T12:00:00Z'),
        item(4, '2027-01-02T12:00:00Z', 'manual'),
      ],
      NOW,
    );
    expect(groups.map(({ heading, matches }) => [heading, ids(matches)])).toEqual([
      ['Sábado, 28 de noviembre', [1, 2]],
      ['Domingo, 29 de noviembre', [3]],
      ['Sábado, 2 de enero de 2027', [4]],
    ]);
  });

  it('gathers the matches waiting for their result under "Pendientes de resultado", whatever their day', () => {
    const groups = groupByDay(
      [
        item(1, '2026-11-28T12:00:00Z'),
        item(2, '2026-11-25T09:00:00Z', 'manual', true),
        item(3, '2026-11-24T12:00:00Z', 'manual', true),
      ],
      NOW,
    );
    expect(groups.map(({ key, heading, matches }) => [key, heading, ids(matches)])).toEqual([
      ['2026-11-28', 'Sábado, 28 de noviembre', [1]],
      ['pending', 'Pendientes de resultado', [2, 3]],
    ]);
  });

  it('makes one group per day even from an unsorted list, so no heading is repeated', () => {
    const groups = groupByDay(
      [item(1, '2026-11-28T12:00:00Z'), item(2, '2026-11-29T12:00:00Z'), item(3, '2026-11-28T18:00:00Z')],
      NOW,
    );
    expect(groups.map(({ matches }) => ids(matches))).toEqual([[1, 3], [2]]);
    expect(new Set(groups.map(({ key }) => key)).size).toBe(groups.length);
  });

  it('is empty for no matches', () => {
    expect(groupByDay([], NOW)).toEqual([]);
  });
});

describe('competitionsIn and inCompetition', () => {
  const list = [
    item(1, '2026-11-28T12:00:00Z', 'worldcup-2026'),
    item(2, '2026-11-28T15:00:00Z', 'laliga-2026-27'),
    item(3, '2026-11-29T12:00:00Z', 'worldcup-2026'),
    item(4, '2026-11-30T12:00:00Z', 'e2e'),
  ];

  it('names each competition once, the one playing soonest first', () => {
    expect(competitionsIn(list)).toEqual(['worldcup-2026', 'laliga-2026-27', 'e2e']);
    expect(competitionsIn([])).toEqual([]);
  });

  it('keeps one competition\u2019s matches in order, and every match for "Todas" (null)', () => {
    expect(ids(inCompetition(list, 'worldcup-2026'))).toEqual([1, 3]);
    expect(ids(inCompetition(list, 'mundial'))).toEqual([]);
    expect(inCompetition(list, null)).toBe(list);
  });
});
