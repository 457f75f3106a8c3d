import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailStatus } from '#contract/mail';
import { stubFetch } from '../../../lib/test-fetch.ts';
import { MailStatusLine } from './mail-status.tsx';

const fetchMock = stubFetch();
afterEach(cleanup);

async function statusLine(status: MailStatus) {
  fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ data: status }), { status: 200 })));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MailStatusLine />
    </QueryClientProvider>,
  );
  const line = await screen.findByTestId('mail-status');
  expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/mail');
  return line.textContent;
}

const outbox = { queued: 0, sending: 0, failed: 0, lastFailure: null };

describe("the admin area's mail line", () => {
  it('says "Correo: sin configurar" on a server without mail', async () => {
    expect(await statusLine({ configured: false, from: null, ...outbox })).toBe(
      'Correo: sin configurar: nadie recibe correos de este servidor, y los enlaces para elegir contraseña se entregan en mano.',
    );
  });

  it('names the sender and counts the outbox on a server that sends mail', async () => {
    expect(await statusLine({ configured: true, from: 'quiniela@example.org', ...outbox, queued: 2, failed: 1 })).toBe(
      'Correo: lo envía quiniela@example.org. 2 en cola · 0 enviándose · 1 fallido.',
    );
  });
});
