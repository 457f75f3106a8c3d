import { describe, expect, it } from 'vitest';
import { createStreamRegistry, defaultStreamCeiling, reopenWindowMs, type TrackedStream } from './stream-limits.ts';

const stream = (userId: number, address = '203.0.113.1') => {
  const tracked = { userId, address, ended: false, replace: () => (tracked.ended = true) };
  return tracked satisfies TrackedStream;
};

describe('the live streams a process holds', () => {
  it('keeps a user to `perUser`: the newest replaces the oldest, which ends', () => {
    const registry = createStreamRegistry({ perUser: 2, perAddress: 100, total: 100 });
    const [a, b, c] = [stream(1), stream(1), stream(1)];
    for (const s of [a, b, c]) expect(registry.admit(s)).toBe('admitted');
    expect([a.ended, b.ended, c.ended]).toEqual([true, false, false]);
    expect(registry.count(1)).toBe(2);
    expect(registry.count()).toBe(2);
  });

  it('refuses an address beyond `perAddress`, whoever the users are, and counts a released stream out', () => {
    const registry = createStreamRegistry({ perUser: 5, perAddress: 3, total: 100 });
    const streams = [stream(1), stream(2), stream(3)];
    for (const s of streams) expect(registry.admit(s)).toBe('admitted');
    expect(registry.admit(stream(4))).toBe('address');
    expect(registry.admit(stream(4, '198.51.100.7'))).toBe('admitted');
    registry.release(streams[0]!);
    expect(registry.admit(stream(5))).toBe('admitted');
    // A second stream of a user already there (not replacing one: perUser is 5) counts like any other.
    expect(registry.admit(stream(2))).toBe('address');
  });

  it('lets a user at the address limit replace their own stream', () => {
    const registry = createStreamRegistry({ perUser: 1, perAddress: 1, total: 100 });
    const first = stream(1);
    expect(registry.admit(first)).toBe('admitted');
    expect(registry.admit(stream(1))).toBe('admitted');
    expect(first.ended).toBe(true);
  });

  it('refuses beyond `total`', () => {
    const registry = createStreamRegistry({ perUser: 5, perAddress: 100, total: 2 });
    expect(registry.admit(stream(1))).toBe('admitted');
    expect(registry.admit(stream(2))).toBe('admitted');
    expect(registry.admit(stream(3))).toBe('total');
  });

  it('leaves a quarter of the descriptors, at least 512, to everything else', () => {
    expect(defaultStreamCeiling(1024)).toBe(512);
    expect(defaultStreamCeiling(4096)).toBe(3072);
    expect(defaultStreamCeiling(8192)).toBe(6144);
    expect(defaultStreamCeiling(100)).toBe(16);
  });
});

describe('the window a stopping instance gives its streams to come back within', () => {
  it('spreads them at the rate asked for, between 1 s and 2 minutes', () => {
    expect(reopenWindowMs(5_000, 200)).toBe(25_000);
    expect(reopenWindowMs(2, 200)).toBe(1_000);
    expect(reopenWindowMs(0, 200)).toBe(1_000);
    expect(reopenWindowMs(100_000, 200)).toBe(120_000);
  });
});
