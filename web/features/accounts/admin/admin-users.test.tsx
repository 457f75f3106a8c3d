import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, resetLinkSent, type AdminPasswordResetResponse, type User } from '#contract/accounts';
import { Toaster } from '../../../components/toaster.tsx';
import { stubFetch } from '../../../lib/test-fetch.ts';
import { AdminUsers } from './admin-users.tsx';

const fetchMock = stubFetch();
afterEach(() => {
  // The toast outlives a test (web/lib/toast.ts): a tap hides it.
  screen.queryByTestId('toast')?.click();
  cleanup();
  document.querySelectorAll('ion-alert').forEach((alert) => alert.remove());
  Reflect.deleteProperty(navigator, 'clipboard');
});

const user = (id: number, name: string, role: User['role']): User => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  emailConfirmed: true,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const admin = user(1, 'Admin', 'admin');
const ana = user(4, 'Ana', 'user');
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** Usuarios, whose server answers Ana's reset link with `answer`; tapping her "Contraseña". */
async function resetAnasPassword(answer: AdminPasswordResetResponse) {
  fetchMock.mockImplementation((url, init) =>
    Promise.resolve(
      init?.method === 'POST' && url === `/api/users/${ana.id}/password-reset`
        ? json(answer)
        : json({ data: [admin, ana] }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminUsers selfId={admin.id} />
      <Toaster />
    </QueryClientProvider>,
  );
  const row = (await screen.findAllByTestId('admin-user')).find((item) => item.dataset.userId === String(ana.id));
  fireEvent.click(within(row!).getByTestId('admin-reset-link'));
  await waitFor(() =>
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/users/${ana.id}/password-reset`,
      expect.objectContaining({ method: 'POST' }),
    ),
  );
}

describe('Usuarios: a link to choose a new password', () => {
  it('says it was mailed, on a server that sends mail', async () => {
    await resetAnasPassword({ message: resetLinkSent(ana.email), data: null });
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Enlace para elegir una contraseña nueva enviado a ana@example.com.',
    );
    expect(document.querySelector('ion-alert')).toBeNull();
  });

  it('shows the link once to hand over, with "Copiar", on a server without mail', async () => {
    const link = 'http://localhost:3000/nueva-contrasena?token=abc';
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await resetAnasPassword({
      message: accountMessages.resetLinkCreated,
      data: { link, expiresAt: '2026-11-29T12:30:00.000Z' },
    });

    const alert = await waitFor(() => {
      const shown = document.querySelector('ion-alert');
      if (!(shown instanceof HTMLElement)) throw new Error('no alert yet');
      return shown;
    });
    expect(within(alert).getByText(`Enlace para ${ana.name}`)).toBeTruthy();
    expect(within(alert).getByText(accountMessages.resetLinkCreated)).toBeTruthy();
    expect(within(alert).getByTestId<HTMLInputElement>('reset-link').value).toBe(link);
    // Nothing says it was sent.
    expect(screen.queryByTestId('toast')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect((await screen.findByTestId('toast')).textContent).toBe('Enlace copiado.');
  });
});
