import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, dismissToast, queueToast, showToast, useShownToast } from './toast.ts';
import { renderHook } from '@testing-library/react';

function shown() {
  return renderHook(() => useShownToast()).result.current;
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
    queueToast({ message: 'Error al cargar los equipos', color: 'danger' });
    queueToast({ message: 'Error al cargar los partidos', color: 'danger' });
    expect(shown()?.message).toBe('Error al cargar los equipos');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(shown()?.message).toBe('Error al cargar los equipos');
    vi.advanceTimersByTime(1);
    expect(shown()?.message).toBe('Error al cargar los partidos');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(shown()).toBeNull();
  });

  it('a tap on a toast brings the next queued one at once', () => {
    queueToast({ message: 'a', color: 'danger' });
    queueToast({ message: 'b', color: 'danger' });
    const first = shown();
    if (!first) throw new Error('no toast');
    dismissToast(first.id);
    expect(shown()?.message).toBe('b');
  });
});
