import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

interface Item {
  key: string;
  value: number;
}

/** A group commit whose writes are recorded (each batch's values) and answer each value doubled, or fail. */
function recorded({ maxBatch = 10, fails = (_items: Item[]): boolean => false } = {}) {
  const batches: number[][] = [];
  const store = groupCommit<Item, number>({
    key: (item) => item.key,
    maxBatch,
    write: async (items) => {
      batches.push(items.map((i) => i.value));
      if (fails(items)) throw new Error(`failed: ${items.map((i) => i.value).join(',')}`);
      return items.map((i) => i.value * 2);
    },
  });
  return { batches, store };
}

describe('group commit', () => {
  it('writes what arrives in one turn in one batch, and answers each item its own result', async () => {
    const { batches, store } = recorded();
    const answers = await Promise.all([1, 2, 3].map((value) => store({ key: `k${value}`, value })));
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes a lone item in the turn it arrived in, on its own', async () => {
    const { batches, store } = recorded();
    expect(await store({ key: 'a', value: 1 })).toBe(2);
    expect(await store({ key: 'a', value: 2 })).toBe(4);
    expect(batches).toEqual([[1], [2]]);
  });

  it('never puts two items of one key in a batch, and writes them in the order they arrived', async () => {
    const { batches, store } = recorded();
    const items = [
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
      { key: 'a', value: 3 },
      { key: 'a', value: 4 },
      { key: 'c', value: 5 },
    ];
    expect(await Promise.all(items.map(store))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2, 5], [3], [4]]);
  });

  it('bounds a batch to maxBatch items', async () => {
    const { batches, store } = recorded({ maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((value) => store({ key: `k${value}`, value })));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('takes what arrives while a batch is written as the next batch, one batch at a time', async () => {
    const { batches, store } = recorded();
    const first = store({ key: 'a', value: 1 });
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is being written
    const later = Promise.all([2, 3].map((value) => store({ key: `k${value}`, value })));
    expect(await first).toBe(2);
    expect(await later).toEqual([4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('writes up to atOnce batches at the same time, an item of a key being written waiting for it', async () => {
    const writes: { values: number[]; done: () => void }[] = [];
    const store = groupCommit<Item, number>({
      key: (item) => item.key,
      maxBatch: 10,
      atOnce: 2,
      write: (items) =>
        new Promise((resolve) => writes.push({ values: items.map((i) => i.value), done: () => resolve(items.map((i) => i.value)) })),
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const answers = [store({ key: 'a', value: 1 })];
    await turn();
    answers.push(store({ key: 'a', value: 2 }), store({ key: 'b', value: 3 }));
    await turn();
    answers.push(store({ key: 'c', value: 4 }));
    await turn();
    // 'a' waits for the batch writing 1; 3 goes in a second batch; 4 waits for one of the two to answer.
    expect(writes.map((w) => w.values)).toEqual([[1], [3]]);
    writes[0]!.done();
    await turn();
    expect(writes.map((w) => w.values)).toEqual([[1], [3], [2, 4]]);
    writes[1]!.done();
    writes[2]!.done();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4]);
  });

  it('writes a failed batch again one item at a time: only the bad item fails its caller', async () => {
    const { batches, store } = recorded({ fails: (items) => items.some((i) => i.value === 2) });
    const answers = await Promise.allSettled([1, 2, 3].map((value) => store({ key: `k${value}`, value })));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('failed: 2') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    // And it goes on writing afterwards.
    expect(await store({ key: 'k4', value: 4 })).toBe(8);
  });
});
