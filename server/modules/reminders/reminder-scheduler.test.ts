import { describe, expect, it } from 'vitest';
import { poolBatches } from './reminder-scheduler.ts';

const pools = (...players: number[]) => players.map((count, i) => ({ poolId: i + 1, players: count }));

describe('poolBatches', () => {
  it('fills each batch up to the players it may hold, in order, never splitting a pool', () => {
    expect(poolBatches(pools(20, 20, 20, 20, 20), 50)).toEqual([[1, 2], [3, 4], [5]]);
    expect(poolBatches(pools(30, 20, 1), 50)).toEqual([[1, 2], [3]]);
  });

  it('puts a pool larger than a batch alone in its own', () => {
    expect(poolBatches(pools(10, 1000, 10), 500)).toEqual([[1], [2], [3]]);
  });

  it('has no batch without pools', () => {
    expect(poolBatches([], 500)).toEqual([]);
  });
});
