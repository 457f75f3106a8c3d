import { describe, expect, it } from 'vitest';
import { coalesced, createVersionedCache } from './data-versions.ts';
import type { DataVersions } from './data-versions.ts';

/** Reads the test settles by hand, in any order, and what was applied from them. */
function manualReads() {
  const reads: { users: readonly number[]; resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const applied: number[] = [];
  const catchUp = coalesced(
    (users) => new Promise<number>((resolve, reject) => reads.push({ users, resolve, reject })),
    (value) => applied.push(value),
  );
  /** What a caller waits for: nothing (undefined) when a read it can trust was already applied. */
  const probe = (since: number, user?: number) => catchUp(since, user) ?? Promise.resolve();
  return { reads, applied, catchUp, probe };
}

/** Lets queued reads start (they wait for the event loop's turn to end) and settled ones be applied. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced version reads', () => {
  it('share one read among the callers of one turn, and answer later callers it covers without another, or a wait', async () => {
    const { reads, applied, catchUp, probe } = manualReads();
    const since = performance.now();
    const answers = Promise.all([probe(since), probe(since), probe(since)]);
    await turn();
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(1);
    await answers;
    expect(applied).toEqual([1]);
    expect(catchUp(since)).toBeUndefined();
    expect(reads).toHaveLength(1);
  });

  it('never answer a caller with a read that started before it arrived', async () => {
    const { reads, applied, probe } = manualReads();
    const first = probe(performance.now());
    await turn();
    let answered = false;
    const second = probe(performance.now()).then(() => void (answered = true));
    await turn();
    // The second caller's read runs alongside the first instead of after it...
    expect(reads).toHaveLength(2);
    reads[0]!.resolve(1);
    await first;
    await turn();
    // ...and the first read, older than the caller, does not answer it.
    expect(answered).toBe(false);
    reads[1]!.resolve(2);
    await second;
    expect(applied).toEqual([1, 2]);
  });

  it('apply results in the order the reads started, whichever answers first', async () => {
    const { reads, applied, probe } = manualReads();
    const first = probe(performance.now());
    await turn();
    const second = probe(performance.now());
    await turn();
    reads[1]!.resolve(2);
    await turn();
    expect(applied).toEqual([]);
    reads[0]!.resolve(1);
    await Promise.all([first, second]);
    expect(applied).toEqual([1, 2]);
  });

  it('run two reads at most, the next one shared by everyone who waits for it', async () => {
    const { reads, probe } = manualReads();
    const calls = [probe(performance.now())];
    await turn();
    calls.push(probe(performance.now()));
    await turn();
    calls.push(probe(performance.now()), probe(performance.now()));
    await turn();
    expect(reads).toHaveLength(2);
    reads[0]!.resolve(1);
    await turn();
    expect(reads).toHaveLength(3);
    reads[1]!.resolve(2);
    reads[2]!.resolve(3);
    await Promise.all(calls);
    expect(reads).toHaveLength(3);
  });

  it("read the users their callers name in the shared read, and answer a user's caller only with a read of that user", async () => {
    const { reads, catchUp, probe } = manualReads();
    const since = performance.now();
    const first = Promise.all([probe(since, 1), probe(since, 2), probe(since)]);
    await turn();
    expect(reads.map((read) => read.users)).toEqual([[1, 2]]);
    reads[0]!.resolve(1);
    await first;
    expect(catchUp(since, 1)).toBeUndefined();
    expect(catchUp(since)).toBeUndefined();
    // User 3 was not in that read, though it started after `since`: 3's caller waits for a read of its own.
    const third = probe(since, 3);
    await turn();
    expect(reads.map((read) => read.users)).toEqual([[1, 2], [3]]);
    reads[1]!.resolve(2);
    await third;
    expect(catchUp(since, 3)).toBeUndefined();
  });

  it('fail the callers of a failed read, and read again for the next caller', async () => {
    const { reads, applied, probe } = manualReads();
    const failed = probe(performance.now());
    await turn();
    reads[0]!.reject(new Error('database unreachable'));
    await expect(failed).rejects.toThrow('database unreachable');
    const retried = probe(performance.now());
    await turn();
    reads[1]!.resolve(2);
    await retried;
    expect(applied).toEqual([2]);
  });
});

describe('a versioned cache', () => {
  /** Versions that are always caught up, recording who each catch-up was asked to read. */
  function recordingVersions() {
    const catchUps: { since?: number; user?: number }[] = [];
    let accounts = 1;
    const versions: DataVersions = {
      catchUp: (since, user) => void catchUps.push({ since, user }),
      version: () => accounts,
      userVersion: () => 0,
    };
    return { versions, catchUps, move: () => void (accounts += 1) };
  }

  it("reads the user it is told of with its own versions (the request's lists then wait for no second read)", async () => {
    const { versions, catchUps } = recordingVersions();
    const cache = createVersionedCache<string>(versions, 'accounts', 10);
    await cache.get('token', async () => 'session', 5, 42);
    await cache.get('token', async () => 'session', 6);
    expect(catchUps).toEqual([
      { since: 5, user: 42 },
      { since: 6, user: undefined },
    ]);
  });

  it('knows the value last loaded under a key through version moves, and nothing a load did not find', async () => {
    const { versions, move } = recordingVersions();
    const cache = createVersionedCache<{ user: number }>(versions, 'accounts', 10);
    expect(cache.lastLoaded('token')).toBeUndefined();
    await cache.get('token', async () => ({ user: 7 }));
    expect(cache.lastLoaded('token')).toEqual({ user: 7 });
    move();
    let answer!: (value: { user: number }) => void;
    const reload = cache.get('token', () => new Promise((resolve) => (answer = resolve)));
    // While the new version loads, the last value loaded is the older version's.
    expect(cache.lastLoaded('token')).toEqual({ user: 7 });
    answer({ user: 8 });
    await reload;
    expect(cache.lastLoaded('token')).toEqual({ user: 8 });
    await cache.get('gone', async () => undefined);
    expect(cache.lastLoaded('gone')).toBeUndefined();
  });
});
