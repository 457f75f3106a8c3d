import { describe, expect, it } from 'vitest';
import type { Match } from '#contract/index';
import { tableDataChanged } from './matches.service.ts';

/** Which writes of a match settle the bonus templates (decision 080's addendum): those that change what a table reads. */
const played: Match = {
  id: 1,
  competition: 'laliga-2026-27',
  round: 'Matchday 4',
  weekNumber: 4,
  matchDate: '2026-12-20T20:00:00.000Z',
  kickoffConfirmed: true,
  homeTeamId: 10,
  awayTeamId: 11,
  scoreHome: 2,
  scoreAway: 1,
  status: 'finished',
};

describe('tableDataChanged', () => {
  it('names the competition of a match created or deleted', () => {
    expect(tableDataChanged(null, played)).toEqual(['laliga-2026-27']);
    expect(tableDataChanged(played, null)).toEqual(['laliga-2026-27']);
  });

  it('names none when only what no table reads changed: the round label, the kick-off', () => {
    expect(tableDataChanged(played, { ...played })).toEqual([]);
    expect(tableDataChanged(played, { ...played, round: 'Jornada 4', matchDate: '2026-12-21T20:00:00.000Z' })).toEqual([]);
    expect(tableDataChanged(played, { ...played, kickoffConfirmed: false })).toEqual([]);
  });

  it('names the competition when its jornada, teams, status or score changed, and both when it moved', () => {
    for (const change of [
      { weekNumber: 5 },
      { homeTeamId: 12 },
      { awayTeamId: 12 },
      { status: 'live' as const },
      { scoreHome: 3 },
      { scoreAway: 0 },
    ]) {
      expect(tableDataChanged(played, { ...played, ...change }), JSON.stringify(change)).toEqual(['laliga-2026-27']);
    }
    expect(tableDataChanged(played, { ...played, competition: 'otra' })).toEqual(['laliga-2026-27', 'otra']);
  });
});
