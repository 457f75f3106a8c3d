import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPot, type PotSplit, type PotSplitInput } from './pot-split.ts';

const people = (split: PotSplit) => [
  ...split.positions.flatMap((p) => p.takers),
  ...split.jornadas.flatMap((j) => j.winners),
];
const total = (split: PotSplit) =>
  people(split).reduce((sum, taker) => sum + taker.cents, 0) + split.pendingCents + split.unassignedCents;

describe('splitPot', () => {
  it('shares 60/30/10 of 100 € by the table', () => {
    const split = splitPot({
      collectedCents: 10_000,
      positionShares: [60, 30, 10],
      jornadaShare: 0,
      ranking: [1, 2, 3, 4].map((userId) => ({ userId, position: userId })),
      jornadas: [],
    });
    expect(split.positions.map((p) => p.takers)).toEqual([
      [{ userId: 1, cents: 6000 }],
      [{ userId: 2, cents: 3000 }],
      [{ userId: 3, cents: 1000 }],
    ]);
    expect(split.unassignedCents).toBe(0);
  });

  it('splits the shares a tie covers evenly and says the cent left over', () => {
    // Three tied at 1 cover 60 + 30 + 10 of 100,01 €: 33,33 € each, 1 cent left.
    const split = splitPot({
      collectedCents: 10_001,
      positionShares: [60, 30, 10],
      jornadaShare: 0,
      ranking: [1, 2, 3].map((userId) => ({ userId, position: 1 })),
      jornadas: [],
    });
    expect(split.positions[0]!.takers.map((t) => t.cents)).toEqual([3333, 3333, 3333]);
    expect(split.positions[1]!.takers).toEqual([]);
    expect(split.unassignedCents).toBe(2); // 6000 + 3000 + 1000 of 10 001 floors to 10 000: one more cent
  });

  it('gives each jornada its part, its winners share it, and keeps the parts of jornadas not over', () => {
    const split = splitPot({
      collectedCents: 10_000,
      positionShares: [80],
      jornadaShare: 20,
      ranking: [
        { userId: 1, position: 1 },
        { userId: 2, position: 2 },
      ],
      jornadas: [
        { weekNumber: 1, over: true, winners: [1, 2] },
        { weekNumber: 2, over: true, winners: [] },
        { weekNumber: 3, over: false, winners: [] },
        { weekNumber: 4, over: false, winners: [1] },
      ],
    });
    expect(split.jornadaCents).toBe(500);
    expect(split.jornadas).toEqual([
      {
        weekNumber: 1,
        winners: [
          { userId: 1, cents: 250 },
          { userId: 2, cents: 250 },
        ],
      },
      { weekNumber: 2, winners: [] },
    ]);
    expect(split.pendingCents).toBe(1000);
    expect(split.unassignedCents).toBe(500);
  });

  const inputs = fc
    .record({
      entry: fc.integer({ min: 100, max: 10_000_000 }),
      paid: fc.integer({ min: 0, max: 60 }),
      shares: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 }),
      points: fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }),
      jornadas: fc.array(
        fc.record({ over: fc.boolean(), winners: fc.uniqueArray(fc.integer({ min: 0, max: 29 }), { maxLength: 4 }) }),
        {
          maxLength: 12,
        },
      ),
    })
    .filter(({ shares }) => shares.reduce((a, b) => a + b, 0) <= 100)
    .map(({ entry, paid, shares, points, jornadas }): PotSplitInput => {
      const sorted = points.map((p, userId) => ({ userId, p })).sort((a, b) => b.p - a.p);
      return {
        collectedCents: entry * paid,
        positionShares: shares,
        jornadaShare: 100 - shares.reduce((a, b) => a + b, 0),
        ranking: sorted.map(({ userId, p }) => ({ userId, position: 1 + sorted.filter((o) => o.p > p).length })),
        jornadas: jornadas.map((j, index) => ({ weekNumber: index + 1, ...j })),
      };
    });

  it('puts every cent of the collected total in exactly one place, none negative, ties alike', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const split = splitPot(input);
        expect(total(split)).toBe(input.collectedCents);
        for (const cents of [split.pendingCents, split.unassignedCents, ...people(split).map((t) => t.cents)]) {
          expect(cents).toBeGreaterThanOrEqual(0);
        }
        for (const p of split.positions) expect(new Set(p.takers.map((t) => t.cents)).size).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never pays a worse place more than a better one', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const split = splitPot({ ...input, positionShares: [...input.positionShares].sort((a, b) => b - a) });
        const paid = split.positions.flatMap((p) => p.takers.map((t) => ({ position: p.position, cents: t.cents })));
        for (const a of paid)
          for (const b of paid) if (a.position < b.position) expect(a.cents).toBeGreaterThanOrEqual(b.cents);
      }),
    );
  });
  it('gives everyone the same cents whatever order a tie-break puts a tied position in (decision 083, property)', () => {
    const takes = (split: PotSplit) => new Map(split.positions.flatMap((p) => p.takers.map((t) => [t.userId, t.cents] as const)));
    fc.assert(
      fc.property(inputs, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), (input, noise) => {
        // Another tie-break: the rows of each position in another order (the positions themselves are by points).
        const shuffled = input.ranking
          .map((row) => ({ row, key: row.position + 0.5 * noise.next().value }))
          .sort((a, b) => a.key - b.key)
          .map(({ row }) => row);
        expect(takes(splitPot({ ...input, ranking: shuffled }))).toEqual(takes(splitPot(input)));
      }),
    );
  });
});
