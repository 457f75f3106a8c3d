import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TieBreakSchema, type TieBreak } from '#contract/pool-options';
import { TIE_BREAK_ORDERS, type TieBreakCriterion } from '#contract/tie-break';
import { positionsByPoints, rankRows, rankStandings, type StandingRow } from './ranking.ts';

const row = (userId: number, username: string, points: number, correctPicks = points / 3): StandingRow => ({
  userId,
  username,
  points,
  correctPicks,
});

describe('rankStandings', () => {
  it('is empty for no participants', () => {
    expect(rankStandings([])).toEqual([]);
  });

  it('shares positions on equal points (1, 1, 3) and lists zero points', () => {
    const ranked = rankStandings([row(1, 'Carla', 3), row(2, 'Bea', 6), row(3, 'Ana', 6), row(4, 'Dani', 0)]);
    expect(ranked).toEqual([
      { position: 1, userId: 3, username: 'Ana', points: 6 },
      { position: 1, userId: 2, username: 'Bea', points: 6 },
      { position: 3, userId: 1, username: 'Carla', points: 3 },
      { position: 4, userId: 4, username: 'Dani', points: 0 },
    ]);
  });

  it('orders a tie by correct picks, then by name in Spanish collation', () => {
    const ranked = rankStandings([row(1, 'Óscar', 6, 2), row(2, 'Zoe', 6, 3), row(3, 'oliver', 6, 2)]);
    expect(ranked.map((r) => r.username)).toEqual(['Zoe', 'oliver', 'Óscar']);
    expect(ranked.map((r) => r.position)).toEqual([1, 1, 1]);
  });

  it('inside equal points orders by correct picks, then jornadas won, then name; positions stay shared', () => {
    const ranked = rankStandings([
      { ...row(1, 'Ana', 9, 3), jornadasWon: 0 },
      { ...row(2, 'Bea', 9, 3), jornadasWon: 2 },
      { ...row(3, 'Carla', 9, 3), jornadasWon: 1 },
      { ...row(4, 'Dani', 9, 4), jornadasWon: 0 },
      { ...row(5, 'Eva', 9, 3), jornadasWon: 1 },
      { ...row(6, 'Fede', 3, 1), jornadasWon: 5 },
    ]);
    expect(ranked.map((r) => [r.position, r.username])).toEqual([
      [1, 'Dani'],
      [1, 'Bea'],
      [1, 'Carla'],
      [1, 'Eva'],
      [1, 'Ana'],
      [6, 'Fede'],
    ]);
  });

  it('everyone at zero shares first place', () => {
    expect(rankStandings([row(1, 'B', 0), row(2, 'A', 0)]).map((r) => [r.username, r.position])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
  });

  it('positions are competition ranking for any input (property)', () => {
    const rows = fc.uniqueArray(
      fc.record({ userId: fc.integer({ min: 1, max: 10_000 }), username: fc.string({ maxLength: 8 }), points: fc.nat({ max: 30 }) }),
      { selector: (r) => r.userId, maxLength: 40 },
    );
    fc.assert(
      fc.property(rows, (input) => {
        const ranked = rankStandings(input.map((r) => ({ ...r, correctPicks: r.points / 3 })));
        expect(ranked).toHaveLength(input.length);
        ranked.forEach((r, i) => {
          const better = input.filter((x) => x.points > r.points).length;
          expect(r.position).toBe(better + 1);
          if (i > 0) expect(ranked[i - 1]!.points).toBeGreaterThanOrEqual(r.points);
        });
      }),
    );
  });
});

describe('positionsByPoints', () => {
  it('gives each player the position rankStandings gives them (property)', () => {
    const rows = fc.uniqueArray(
      fc.record({ userId: fc.integer({ min: 1, max: 10_000 }), username: fc.string({ maxLength: 4 }), points: fc.nat({ max: 12 }), jornadasWon: fc.nat({ max: 3 }) }),
      { selector: (r) => r.userId, maxLength: 30 },
    );
    fc.assert(
      fc.property(rows, (input) => {
        const positions = positionsByPoints(new Map(input.map((r) => [r.userId, r.points])));
        for (const ranked of rankStandings(input.map((r) => ({ ...r, correctPicks: 0 })))) {
          expect(positions.get(ranked.userId)).toBe(ranked.position);
        }
      }),
    );
  });
});

describe('rankRows with the organiser’s tie-break (decision 083)', () => {
  const tied = [
    { ...row(1, 'Ana', 9, 3), jornadasWon: 0, exactPicks: 2, extra: 0 },
    { ...row(2, 'Bea', 9, 2), jornadasWon: 2, exactPicks: 0, extra: 3 },
    { ...row(3, 'Carla', 9, 1), jornadasWon: 1, exactPicks: 3, extra: 6 },
    { ...row(4, 'Dani', 9, 2), jornadasWon: 1, exactPicks: 1, extra: 0 },
    { ...row(5, 'Eva', 12, 0), jornadasWon: 0, exactPicks: 0, extra: 12 },
  ];
  const order = (rule?: TieBreak) => rankRows(tied, rule).map(({ position, row: r }) => [position, r.username]);

  it('by default orders as before: correct picks, then jornadas won, then name', () => {
    expect(order()).toEqual([[1, 'Eva'], [2, 'Ana'], [2, 'Bea'], [2, 'Dani'], [2, 'Carla']]);
    expect(order('correctPicks')).toEqual(order());
  });

  it('puts jornadas won before correct picks', () => {
    expect(order('jornadasWon')).toEqual([[1, 'Eva'], [2, 'Bea'], [2, 'Dani'], [2, 'Carla'], [2, 'Ana']]);
  });

  it('puts more exact scores first', () => {
    expect(order('exactScores')).toEqual([[1, 'Eva'], [2, 'Carla'], [2, 'Ana'], [2, 'Dani'], [2, 'Bea']]);
  });

  it('puts fewer points of bonus questions first, then correct picks', () => {
    expect(order('lessExtra')).toEqual([[1, 'Eva'], [2, 'Ana'], [2, 'Dani'], [2, 'Bea'], [2, 'Carla']]);
  });

  const anyRows = fc.uniqueArray(
    fc.record({
      userId: fc.integer({ min: 1, max: 10_000 }),
      username: fc.constantFrom('Ana', 'ana', 'Ángel', 'Bea', 'Óscar', 'Zoe'),
      points: fc.nat({ max: 6 }),
      correctPicks: fc.nat({ max: 3 }),
      jornadasWon: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
      exactPicks: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
      extra: fc.option(fc.nat({ max: 3 }), { nil: undefined }),
    }),
    { selector: (r) => r.userId, maxLength: 30 },
  );
  const anyRule = fc.constantFrom(...TieBreakSchema.options);
  const byName = new Intl.Collator('es', { sensitivity: 'base' });
  /** Each criterion as a number where more goes first. */
  const value: Record<TieBreakCriterion, (r: StandingRow) => number> = {
    correct: (r) => r.correctPicks,
    won: (r) => r.jornadasWon ?? 0,
    exact: (r) => r.exactPicks ?? 0,
    lessExtra: (r) => -(r.extra ?? 0),
  };

  it('orders any rows by points, then the rule’s criteria in its order, then name and id; never moves a position (property)', () => {
    fc.assert(
      fc.property(anyRows, anyRule, (input, rule) => {
        const ranked = rankRows(input, rule);
        const byPoints = rankRows(input);
        ranked.forEach(({ position, row: r }, i) => {
          expect(position).toBe(byPoints.find((other) => other.row.userId === r.userId)!.position);
          const before = ranked[i - 1]?.row;
          if (!before) return;
          const keys = (x: StandingRow) => [x.points, ...TIE_BREAK_ORDERS[rule].map((criterion) => value[criterion](x))];
          const [a, b] = [keys(before), keys(r)];
          const first = a.findIndex((k, j) => k !== b[j]);
          if (first >= 0) expect(a[first]!).toBeGreaterThan(b[first]!);
          else expect(byName.compare(before.username, r.username) || before.userId - r.userId).toBeLessThan(0);
        });
      }),
    );
  });

  it('by default gives exactly the order of the rule before the option (property)', () => {
    const before = (a: StandingRow, b: StandingRow) =>
      b.points - a.points ||
      b.correctPicks - a.correctPicks ||
      (b.jornadasWon ?? 0) - (a.jornadasWon ?? 0) ||
      byName.compare(a.username, b.username) ||
      a.userId - b.userId;
    fc.assert(
      fc.property(anyRows, (input) => {
        expect(rankRows(input).map(({ row: r }) => r.userId)).toEqual([...input].sort(before).map((r) => r.userId));
      }),
    );
  });
});
