import { afterEach, beforeEach, vi } from 'vitest';

/** An observer the code under test created: `callback` says its target came into view. */
export interface StubObserver {
  callback: IntersectionObserverCallback;
  disconnected: boolean;
}

/**
 * For the unit tests: jsdom has no `IntersectionObserver`, so during each test of the file
 * it is a stub that records the observers created (newest last, emptied before each test);
 * every stubbed global is restored after each. Call it once, at the top level of the test file.
 */
export function stubIntersectionObserver(): StubObserver[] {
  const observers: StubObserver[] = [];
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: StubObserver;
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return observers;
}
