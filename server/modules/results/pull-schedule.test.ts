import { describe, expect, it } from 'vitest';
import { planPull, type FixtureWindow } from './pull-schedule.ts';

const now = new Date('2026-11-29T20:00:00Z');
const minutes = (n: number) => n * 60_000;
const plan = (lastPullAt: Date | null, window: Partial<FixtureWindow>) =>
  planPull({
    lastPullAt,
    window: { live: false, near: false, nextNearAt: null, nextKickoffAt: null, ...window },
    now,
    liveEveryMs: minutes(5),
    nearEveryMs: minutes(60),
  });
const before = (ms: number) => new Date(now.getTime() - ms);

describe('when the poller pulls next', () => {
  it('reads a feed never read at once, whatever the fixtures', () => {
    expect(plan(null, {})).toEqual({ mode: 'idle', dueAt: now });
    expect(plan(null, { live: true, near: true })).toEqual({ mode: 'live', dueAt: now });
  });

  it('every 5 minutes from a kick-off until its result, hourly while a match is near', () => {
    expect(plan(before(minutes(2)), { live: true, near: true })).toEqual({
      mode: 'live',
      dueAt: new Date(now.getTime() + minutes(3)),
    });
    expect(plan(before(minutes(50)), { near: true })).toEqual({ mode: 'near', dueAt: before(minutes(-10)) });
    // A kick-off passed since the last hourly pull: due at once.
    expect(plan(before(minutes(50)), { live: true, near: true }).dueAt!.getTime()).toBeLessThan(now.getTime());
  });

  it('pulls at the next kick-off when it comes before the next pull, live or near', () => {
    const kickoff = new Date(now.getTime() + minutes(4));
    expect(plan(before(minutes(10)), { near: true, nextKickoffAt: kickoff })).toEqual({ mode: 'near', dueAt: kickoff });
    expect(plan(before(minutes(3)), { live: true, near: true, nextKickoffAt: kickoff })).toEqual({
      mode: 'live',
      dueAt: new Date(now.getTime() + minutes(2)),
    });
    expect(plan(before(minutes(10)), { near: true, nextKickoffAt: new Date(now.getTime() + minutes(55)) })).toEqual({
      mode: 'near',
      dueAt: before(minutes(-50)),
    });
  });

  it('is idle while nothing is near, until the next match comes near', () => {
    const nextNearAt = new Date('2026-12-20T11:00:00Z');
    expect(plan(before(minutes(600)), { nextNearAt })).toEqual({ mode: 'idle', dueAt: nextNearAt });
    expect(plan(before(minutes(600)), {})).toEqual({ mode: 'idle', dueAt: null });
  });
});
