import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../lib/test-fetch.ts';

const fetchMock = stubFetch();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

// The module keeps the answer for the page's life: each test loads it afresh.
const load = async () => (await import('./mail-availability.ts')).useMailAvailable;
beforeEach(() => vi.resetModules());

describe('useMailAvailable', () => {
  it('is false until the server says it sends mail, and asks once for every screen after', async () => {
    fetchMock.mockResolvedValue(json(200, { available: true }));
    const useMailAvailable = await load();
    const first = renderHook(() => useMailAvailable());
    expect(first.result.current).toBe(false);
    await waitFor(() => expect(first.result.current).toBe(true));
    expect(renderHook(() => useMailAvailable()).result.current).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/auth/mail/availability');
  });

  it('stays false on a server without mail, and asks again after a failed request (offline)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(json(200, { available: false }));
    const useMailAvailable = await load();
    const offline = renderHook(() => useMailAvailable());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(offline.result.current).toBe(false);
    const online = renderHook(() => useMailAvailable());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(online.result.current).toBe(false);
  });
});
