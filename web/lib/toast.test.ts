import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, dismissToast, queueToast, showToast, useShownToast } from './toast.ts';
import { renderHook } from '@testing-library/react';

function shown() {
  return renderHook(() => useShownToast()).result.current;
}

/** Queues a danger toast for each message, in order. */
function queueAll(...messages: string[]) {
  for (const message of messages) queueToast({ message, color: 'danger' });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('the toast', () => {
  it('shows a new toast in place of the one on screen', () => {
    showToast({ message: 'uno', color: 'medium' });
    showToast({ message: 'dos', color: 'medium' });
    expect(shown()?.message).toBe('dos');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(shown()).toBeNull();
  });

  it('shows queued toasts in turn, each for its full time', () => {
    queueAll('Error al cargar los equipos', 'Error al cargar los partidos');
    expect(shown()?.message).toBe('Error al cargar los equipos');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(shown()?.message).toBe('Error al cargar los equipos');
    vi.advanceTimersByTime(1);
    expect(shown()?.message).toBe('Error al cargar los partidos');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(shown()).toBeNull();
  });

  it('a tap on a toast brings the next queued one at once', () => {
    queueAll('a', 'b');
    const first = shown();
    if (!first) throw new Error('no toast');
    dismissToast(first.id);
    expect(shown()?.message).toBe('b');
  });
});
