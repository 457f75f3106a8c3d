import { describe, expect, it } from 'vitest';
import { placeChanges } from './place-changes.ts';

describe('placeChanges', () => {
  it('says who went up and who went down, and nothing of those who kept their place, came or left', () => {
    const before = [
      { userId: 1, position: 1 },
      { userId: 2, position: 2 },
      { userId: 3, position: 3 },
      { userId: 4, position: 4 },
    ];
    const after = [
      { userId: 2, position: 1 },
      { userId: 1, position: 2 },
      { userId: 3, position: 3 },
      { userId: 5, position: 4 },
    ];
    expect([...placeChanges(before, after)]).toEqual([
      [2, 'up'],
      [1, 'down'],
    ]);
  });

  it('finds nothing in the same table', () => {
    const table = [{ userId: 1, position: 1 }];
    expect(placeChanges(table, table).size).toBe(0);
  });
});
