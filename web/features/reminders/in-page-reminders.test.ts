import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testMatch } from '../matches/test-match.ts';
import { armReminders, cancelMatchReminders, planInPageReminders, type InPageReminder } from './in-page-reminders.ts';

const now = new Date('2026-11-28T12:00:00Z');

const match = testMatch;

describe('planInPageReminders', () => {
  it('plans the two reminders with their ids, tags, times and texts', () => {
    expect(planInPageReminders(match(), 'Real Betis', 'Sevilla', now)).toEqual([
      {
        id: 42_001,
        tag: 'reminder-42001',
        dueAt: new Date('2026-11-28T19:00:00Z'),
        title: 'Real Betis vs Sevilla',
        body: 'El partido empieza en una hora.',
      },
      {
        id: 42_002,
        tag: 'reminder-42002',
        dueAt: new Date('2026-11-28T20:00:00Z'),
        title: 'Real Betis vs Sevilla',
        body: '¡El partido empieza ahora!',
      },
    ]);
  });

  it('plans nothing for a kick-off time not fixed yet or a finished match', () => {
    expect(planInPageReminders(match({ kickoffConfirmed: false }), 'A', 'B', now)).toEqual([]);
    // Once the time is confirmed (the match list brings the change), the same favourite gets both, as any match does.
    expect(planInPageReminders(match({ kickoffConfirmed: true }), 'A', 'B', now).map((r) => r.id)).toEqual([42_001, 42_002]);
    expect(planInPageReminders(match({ status: 'finished', scoreHome: 1, scoreAway: 0 }), 'A', 'B', now)).toEqual([]);
  });
});

describe('armReminders', () => {
  const show = vi.fn<(reminder: InPageReminder) => void>();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => {
    cancelMatchReminders(42);
    vi.useRealTimers();
    show.mockReset();
  });

  it('shows each reminder when it is due, once, even when armed again', async () => {
    const plan = planInPageReminders(match(), 'Real Betis', 'Sevilla', now);
    armReminders(plan, show);
    armReminders(plan, show);
    await vi.advanceTimersByTimeAsync(7 * 3_600_000 - 1);
    expect(show).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(show.mock.calls.map(([reminder]) => reminder.id)).toEqual([42_001]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(show.mock.calls.map(([reminder]) => reminder.id)).toEqual([42_001, 42_002]);
  });

  it('waits longer than setTimeout can in one go', async () => {
    const far = match({ matchDate: '2027-01-28T20:00:00Z' });
    armReminders(planInPageReminders(far, 'A', 'B', now), show);
    await vi.advanceTimersByTimeAsync(30 * 24 * 3_600_000);
    expect(show).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(32 * 24 * 3_600_000);
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('cancels both when the favourite is removed', async () => {
    armReminders(planInPageReminders(match(), 'A', 'B', now), show);
    cancelMatchReminders(42);
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(show).not.toHaveBeenCalled();
  });
});
