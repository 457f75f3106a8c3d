import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { noteServedFromCache, useConnectivity } from '../../lib/connectivity.ts';
import { connectApiClientToSession } from './api.ts';
import { storeSignIn } from '../../lib/session.ts';
import { loadContract } from '../../lib/contract.ts';
import { stubFetch } from '../../lib/test-fetch.ts';

// The app loads the schemas before reading a stored session (prepareStoredAccount at start-up).
beforeAll(() => loadContract());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const ana = { id: 4, name: 'Ana', email: 'ana@example.com', role: 'user' } as const;
const bea = { id: 9, name: 'Bea', email: 'bea@example.com', role: 'user' } as const;
const ListSchema = z.object({ data: z.array(z.number()) });
const fetchMock = stubFetch();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const cacheKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('api_cache_'));

beforeEach(() => {
  connectApiClientToSession(new QueryClient());
});
afterEach(() => {
  localStorage.clear();
});

describe('the API client, connected to the stored session', () => {
  it("keeps each account's answers under its own id", async () => {
    storeSignIn({ session, userProfile: ana });
    fetchMock.mockResolvedValueOnce(json(200, { data: [1] }));
    await apiRequest('/api/matches', { schema: ListSchema });
    expect(cacheKeys()).toEqual(['api_cache_4:/api/matches']);

    // Bea on the same device, offline: Ana's answer is not hers to see.
    storeSignIn({ session, userProfile: bea });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/matches', { schema: ListSchema })).rejects.toMatchObject({ status: 503 });
  });

  it('caches nothing while signed out', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: [1] }));
    await apiRequest('/api/matches', { schema: ListSchema });
    expect(cacheKeys()).toEqual([]);
  });

  it('forgets the session, the cached answers and the stale mark when the server ends the session (401)', async () => {
    storeSignIn({ session, userProfile: ana });
    localStorage.setItem('savedMatches', '[3]');
    localStorage.setItem('auth_bio_enabled', 'true');
    fetchMock.mockResolvedValueOnce(json(200, { data: [1] }));
    await apiRequest('/api/matches', { schema: ListSchema });
    noteServedFromCache(1000);

    fetchMock.mockResolvedValueOnce(json(401, { statusCode: 401, error: 'Unauthorized', message: 'Sesión caducada.' }));
    await expect(apiRequest('/api/teams', { schema: ListSchema })).rejects.toMatchObject({ status: 401 });

    expect(cacheKeys()).toEqual([]);
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('userProfile')).toBeNull();
    // The account's saved matches go with it; the device's own keys the spec names stay (here its biometrics).
    expect(localStorage.getItem('savedMatches')).toBeNull();
    expect(localStorage.getItem('auth_bio_enabled')).toBe('true');
    expect(readStaleSince()).toBeNull();
  });
});

/** The connectivity store's current value, read the way a component would. */
function readStaleSince(): number | null {
  return renderHook(() => useConnectivity()).result.current.staleSince;
}
