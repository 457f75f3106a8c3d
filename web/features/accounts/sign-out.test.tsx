import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadContract } from '../../lib/contract.ts';
import { stubFetch } from '../../lib/test-fetch.ts';
import { connectApiClientToSession, useSignOut } from './api.ts';
import { readStoredAccount, storeSignIn } from '../../lib/session.ts';

beforeAll(() => loadContract());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const userProfile = { id: 4, name: 'Ana', email: 'ana@example.com', role: 'user' } as const;
const endpoint = 'https://push.example.com/send/shared-browser';
const fetchMock = stubFetch();
const unsubscribe = vi.fn(() => Promise.resolve(true));

beforeEach(() => {
  const registration = { pushManager: { getSubscription: () => Promise.resolve({ endpoint, unsubscribe }) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  storeSignIn({ session, userProfile });
});
afterEach(() => {
  unsubscribe.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

describe('signing out on a shared device', () => {
  it("removes this browser's push subscription from the server while the session still works, then ends it", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ message: 'ok' }), { status: 200 })),
    );
    const queryClient = new QueryClient();
    connectApiClientToSession(queryClient);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const signOut = renderHook(() => useSignOut(), { wrapper }).result.current;

    await signOut.mutateAsync();

    // The next account on this browser can then save the same endpoint (the server refuses it while it is Ana's).
    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      request: `${init?.method} ${url as string}`,
      token: new Headers(init?.headers).get('Authorization'),
    }));
    expect(calls).toEqual([
      { request: 'DELETE /api/push/subscriptions', token: 'Bearer token-123' },
      { request: 'POST /auth/signout', token: 'Bearer token-123' },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ endpoint }));
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(readStoredAccount().status).toBe('signed-out');
  });
});
