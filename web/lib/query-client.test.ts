import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { queryClient, shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it('retries a server or network failure twice while online', () => {
    const unavailable = new ApiRequestError(503, null, 'down');
    expect(shouldRetry(0, unavailable, true)).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'), true)).toBe(true);
    expect(shouldRetry(2, unavailable, true)).toBe(false);
  });

  it('never retries a refusal (4xx), which would answer the same', () => {
    expect(shouldRetry(0, new ApiRequestError(404, 'No existe.', 'not found'), true)).toBe(false);
  });

  it('does not retry while the device is offline: the error state shows at once', () => {
    expect(
      shouldRetry(
        0,
        new ApiRequestError(503, 'Sin conexión y sin datos guardados para esta consulta.', 'offline'),
        false,
      ),
    ).toBe(false);
  });
});

describe('the query client', () => {
  it('runs queries and writes offline (the API client answers from its cache or fails), never pauses them', () => {
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
    expect(defaults.queries?.refetchOnReconnect).toBe('always');
  });
});
