import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For the unit tests: `fetch` is a mock during each test of the file, and the mock is
 * reset after each (with every other global a test stubbed). Call it once, at the top
 * level of the test file.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}
