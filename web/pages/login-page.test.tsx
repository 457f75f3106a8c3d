import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/paths.ts';
import { stubFetch } from '../lib/test-fetch.ts';

const fetchMock = stubFetch();
const answerMail = (available: boolean) =>
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      url === '/auth/mail/availability'
        ? new Response(JSON.stringify({ available }), { status: 200 })
        : new Response(null, { status: 404 }),
    ),
  );

/** The server's answer is kept for the page's life (mail-availability.ts): each test loads the screen afresh. */
async function renderLogin() {
  const { LoginPage } = await import('./login-page.tsx');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Once the server's answer is read, the screen is as it stays.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(fetchMock).toHaveBeenCalledWith('/auth/mail/availability', expect.anything());
}

beforeEach(() => vi.resetModules());
afterEach(cleanup);

describe('the sign-in screen', () => {
  it('offers no reset by e-mail on a server without mail', async () => {
    answerMail(false);
    await renderLogin();
    expect(screen.getByTestId('sign-in-submit')).toBeTruthy();
    expect(screen.queryByText('¿Olvidaste tu contraseña?')).toBeNull();
  });

  it('offers "¿Olvidaste tu contraseña?" on a server that sends mail', async () => {
    answerMail(true);
    await renderLogin();
    // Shown by the time renderLogin returns: the case above waits as long.
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe(
      paths.forgotPassword,
    );
  });
});
