import { describe, expect, it } from 'vitest';
import type { Match } from '#contract/matches';
import type { Team } from '#contract/teams';
import {
  changesOf,
  defaultRound,
  filterMatches,
  formOf,
  fromLocalInput,
  roundsOf,
  toLocalInput,
} from './match-admin.ts';
import { scoreText } from '../../../lib/match-text.ts';
import { testMatch } from '../test-match.ts';

const team = (id: number, name: string): Team => ({ id, name, logoUrl: null, isActive: true, confederationId: null });
const teams = new Map(
  [team(1, 'Atlético de Madrid'), team(2, 'Real Betis'), team(3, 'Sevilla FC')].map((t) => [t.id, t]),
);

const match = (id: number, fields: Partial<Match> = {}): Match =>
  testMatch({ id, round: 'Matchday 1', weekNumber: 1, matchDate: '2026-11-28T20:00:00.000Z', ...fields });

describe('the admin match list', () => {
  const all = [
    match(1, { weekNumber: 1, status: 'finished', scoreHome: 2, scoreAway: 1, matchDate: '2026-08-16T18:00:00Z' }),
    match(2, { weekNumber: 2, homeTeamId: 3, matchDate: '2026-08-23T18:00:00Z' }),
    match(3, { weekNumber: 2, matchDate: '2026-08-22T18:00:00Z' }),
    match(4, { competition: 'worldcup-2026', weekNumber: 1 }),
  ];

  it('filters by competition, round and team name (accents and case ignored), soonest first', () => {
    const ids = (filter: Parameters<typeof filterMatches>[2]) => filterMatches(all, teams, filter).map((m) => m.id);
    expect(ids({ competition: 'laliga-2026-27', weekNumber: 2, search: '' })).toEqual([3, 2]);
    expect(ids({ competition: 'laliga-2026-27', weekNumber: null, search: 'ATLETICO' })).toEqual([1, 3]);
    expect(ids({ competition: 'laliga-2026-27', weekNumber: null, search: 'sevilla' })).toEqual([2]);
    expect(ids({ competition: 'worldcup-2026', weekNumber: null, search: '' })).toEqual([4]);
  });

  it('offers the rounds of a competition and starts on the first one not finished', () => {
    expect(roundsOf(all, 'laliga-2026-27')).toEqual([1, 2]);
    expect(defaultRound(all, 'laliga-2026-27')).toBe(2);
    expect(defaultRound([all[0]!], 'laliga-2026-27')).toBe(1);
    expect(defaultRound(all, 'none')).toBeNull();
  });

  it('writes scores with an en dash', () => {
    expect(scoreText({ scoreHome: 2, scoreAway: 1 })).toBe('2 – 1');
    expect(scoreText({ scoreHome: null, scoreAway: null })).toBe('–');
  });
});

describe('the match form', () => {
  it('round-trips a kick-off through the datetime-local input', () => {
    const iso = '2026-11-28T20:00:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('mañana')).toBeNull();
  });

  it('sends only what changed', () => {
    const finished = match(1, { status: 'finished', scoreHome: 2, scoreAway: 1 });
    expect(changesOf(finished, formOf(finished))).toEqual({ changes: {} });
    expect(changesOf(finished, { ...formOf(finished), scoreHome: '1' })).toEqual({ changes: { scoreHome: 1 } });
    expect(changesOf(finished, { ...formOf(finished), status: 'scheduled', scoreHome: '', scoreAway: '' })).toEqual({
      changes: { status: 'scheduled', scoreHome: null, scoreAway: null },
    });
    expect(changesOf(finished, { ...formOf(finished), matchDate: '' })).toEqual({
      error: 'Indica la fecha y la hora del partido.',
    });
    const moved = changesOf(finished, {
      ...formOf(finished),
      matchDate: toLocalInput('2026-11-29T19:30:00.000Z'),
      awayTeamId: 3,
    });
    expect(moved).toEqual({ changes: { matchDate: '2026-11-29T19:30:00.000Z', awayTeamId: 3 } });
  });
});
