import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationMessages, type NotificationSettings } from '#contract/notifications';
import { stubFetch } from '../../lib/test-fetch.ts';
import { NotificationSettingsModal } from './notification-settings.tsx';

const fetchMock = stubFetch();
let closeDialog: (() => Promise<void>) | undefined;
// Ionic finishes a dismissal after the unmount, asynchronously, and touches the document; closed by the test and
// awaited, the dialog is gone before the file's environment is torn down.
afterEach(async () => {
  await closeDialog?.();
  closeDialog = undefined;
  cleanup();
});

const pool = {
  poolId: 5,
  poolName: 'Peña del Bar',
  missingPicks: true,
  jornadaResults: true,
  missingPicksEmail: false,
  jornadaResultsEmail: false,
};

async function openAvisos(email: NotificationSettings['email']) {
  const settings: NotificationSettings = { favoriteReminders: true, email, pools: [pool] };
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ data: settings }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const dialog = (isOpen: boolean) => (
    <QueryClientProvider client={client}>
      <NotificationSettingsModal isOpen={isOpen} onClose={onClose} />
    </QueryClientProvider>
  );
  const { rerender } = render(dialog(true));
  closeDialog = async () => {
    rerender(dialog(false));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  };
  // The pool's push switches: the settings are in.
  await screen.findByTestId(`setting-missing-${pool.poolId}`);
}

describe('"Avisos"', () => {
  it('says a server without mail sends no e-mail, and offers no e-mail switch', async () => {
    await openAvisos({ available: false, confirmed: false });
    expect(screen.getByTestId('email-notifications').textContent).toBe(notificationMessages.emailUnavailable);
    expect(screen.queryByTestId(`setting-missing-email-${pool.poolId}`)).toBeNull();
    expect(screen.queryByTestId(`setting-results-email-${pool.poolId}`)).toBeNull();
  });

  it('offers the e-mail switches per pool on a server that sends mail', async () => {
    await openAvisos({ available: true, confirmed: true });
    expect(screen.getByTestId('email-notifications').textContent).toBe(notificationMessages.emailOffered);
    expect(screen.getByTestId(`setting-missing-email-${pool.poolId}`)).toBeTruthy();
    expect(screen.getByTestId(`setting-results-email-${pool.poolId}`)).toBeTruthy();
  });
});
