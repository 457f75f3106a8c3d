import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leagueTable, type TableMatch } from '../matches/league-table.ts';
import { cleanAnswer, lastNeededKickoff, normaliseText, scoreAnswer, settleTemplate } from './bonus-rules.ts';

const TEAMS = [1, 2, 3, 4, 5, 6];
const names = new Map(TEAMS.map((id) => [id, `Equipo ${id}`]));

/** A double round robin of six teams (ten jornadas of three matches), each match played or not, with its score. */
const season = fc
  .array(fc.record({ played: fc.boolean(), home: fc.nat(5), away: fc.nat(5) }), { minLength: 30, maxLength: 30 })
  .map((results): TableMatch[] => {
    const pairs: [number, number][] = [];
    for (const a of TEAMS) for (const b of TEAMS) if (a !== b) pairs.push([a, b]);
    return pairs.map(([homeTeamId, awayTeamId], i) => {
      const r = results[i]!;
      return {
        weekNumber: 1 + Math.floor(i / 3),
        homeTeamId,
        awayTeamId,
        status: r.played ? 'finished' : 'scheduled',
        scoreHome: r.played ? r.home : null,
        scoreAway: r.played ? r.away : null,
      };
    });
  });
const allPlayed = (matches: TableMatch[]) =>
  matches.map((m) => ({ ...m, status: 'finished' as const, scoreHome: m.scoreHome ?? 1, scoreAway: m.scoreAway ?? 0 }));

describe('settleTemplate', () => {
  it('stays unsettled while a match it needs is unplayed, and reads the one league table once they all are', () => {
    fc.assert(
      fc.property(season, fc.integer({ min: 1, max: 10 }), (matches, week) => {
        const played = (m: TableMatch) => m.status === 'finished';
        const upTo = matches.filter((m) => m.weekNumber <= week);
        const of = matches.filter((m) => m.weekNumber === week);
        expect(settleTemplate('champion', null, matches, names) === null).toBe(!matches.every(played));
        expect(settleTemplate('relegated', null, matches, names) === null).toBe(!matches.every(played));
        expect(settleTemplate('jornada-leader', week, matches, names) === null).toBe(!upTo.every(played));
        expect(settleTemplate('jornada-goals', week, matches, names) === null).toBe(!of.every(played));

        const full = allPlayed(matches);
        const table = leagueTable(full, names).rows;
        expect(settleTemplate('champion', null, full, names)).toEqual({ teamIds: [table[0]!.teamId] });
        expect(settleTemplate('relegated', null, full, names)).toEqual({
          teamIds: table
            .slice(-3)
            .map((r) => r.teamId)
            .sort((a, b) => a - b),
        });
        expect(settleTemplate('jornada-leader', week, full, names)).toEqual({
          teamIds: [leagueTable(full, names, week).rows[0]!.teamId],
        });
        const goals = full.filter((m) => m.weekNumber === week).reduce((s, m) => s + m.scoreHome + m.scoreAway, 0);
        expect(settleTemplate('jornada-goals', week, full, names)).toEqual({ number: goals });
      }),
    );
  });

  it('has nothing to settle for a jornada the competition does not have', () => {
    expect(settleTemplate('jornada-goals', 42, allPlayed([]), names)).toBeNull();
    expect(lastNeededKickoff('jornada-goals', 42, [{ weekNumber: 1, matchDate: new Date() }])).toBeNull();
  });
});

describe('scoreAnswer', () => {
  const three = fc.uniqueArray(fc.constantFrom(...TEAMS), { minLength: 3, maxLength: 3 });

  it('gives "choose 3" its points for each team right: 0 to 3 times them', () => {
    fc.assert(
      fc.property(three, three, fc.integer({ min: 1, max: 100 }), (answer, right, points) => {
        const hits = answer.filter((id) => right.includes(id)).length;
        expect(scoreAnswer('relegated', points, { teamIds: right }, { teamIds: answer })).toBe(points * hits);
      }),
    );
  });

  it('gives the goals count its points for the exact number only', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), fc.integer({ min: 1, max: 100 }), (answer, goals, points) => {
        expect(scoreAnswer('jornada-goals', points, { number: goals }, { number: answer })).toBe(
          answer === goals ? points : 0,
        );
      }),
    );
  });

  it('gives a team question its points for the right team only', () => {
    expect(scoreAnswer('champion', 10, { teamIds: [3] }, { teamIds: [3] })).toBe(10);
    expect(scoreAnswer('jornada-leader', 4, { teamIds: [3] }, { teamIds: [2] })).toBe(0);
  });

  it('compares a free answer without case, accents or extra spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        expect(normaliseText(normaliseText(text))).toBe(normaliseText(text));
        expect(normaliseText(`  ${text.toUpperCase()} `)).toBe(normaliseText(text.toUpperCase()));
      }),
    );
    expect(scoreAnswer('free', 5, { texts: ['Mbappé'] }, { text: '  MBAPPE ' })).toBe(5);
    expect(scoreAnswer('free', 5, { texts: ['Mbappé'] }, { text: 'Lewandowski' })).toBe(0);
  });
});

describe('cleanAnswer', () => {
  const teams = new Set(TEAMS);
  it('keeps only what the question takes, and refuses the rest', () => {
    expect(cleanAnswer('team', { teamIds: [2], number: 3 }, teams, null)).toEqual({ answer: { teamIds: [2] } });
    expect(cleanAnswer('team', { teamIds: [2, 3] }, teams, null)).toEqual({ error: 'team' });
    expect(cleanAnswer('teams', { teamIds: [5, 1, 3] }, teams, null)).toEqual({ answer: { teamIds: [1, 3, 5] } });
    expect(cleanAnswer('teams', { teamIds: [1, 1, 3] }, teams, null)).toEqual({ error: 'teams' });
    expect(cleanAnswer('teams', { teamIds: [1, 2, 99] }, teams, null)).toEqual({ error: 'teams' });
    expect(cleanAnswer('number', { text: '3' }, teams, null)).toEqual({ error: 'number' });
    expect(cleanAnswer('choice', { text: 'Sí' }, teams, ['Sí', 'No'])).toEqual({ answer: { text: 'Sí' } });
    expect(cleanAnswer('choice', { text: 'Quizá' }, teams, ['Sí', 'No'])).toEqual({ error: 'choice' });
  });
});
