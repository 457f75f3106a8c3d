import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signedInUser, test } from './helpers.ts';

/*
 * Error panels (the spec's error catalogue): a server's failure and a lost connection are told
 * apart, and both offer 'Reintentar'. Only the visible panel counts: Ionic's
 * tabs keep other pages in the DOM.
 */

const panel = (page: Page) => page.locator('.screen-state', { hasText: 'Error al cargar los partidos' }).filter({ visible: true });
const visibleMatchCards = (page: Page) => page.getByTestId('match-card').filter({ visible: true });
const serverError = { statusCode: 500, error: 'Internal Server Error', message: 'Error interno del servidor.' };

test('teams and matches failing on the server: both toasts in turn, the server panel, and "Reintentar" loads them', async ({
  page,
  api,
}) => {
  await signedInUser(page, api, 'error-500');
  const failing = /\/api\/(teams|matches)$/;
  await page.route(failing, (route) => route.fulfill({ status: 500, json: serverError }));
  await page.goto('/tabs/home');

  // The query client retries a 5xx twice before giving up; then each spec text is shown, one after the other
  // (whichever load gave up first goes first), each long enough to be read.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        for (const text of await page.locator('[data-testid="toast"] .toast-message').allTextContents()) seen.add(text);
        return [...seen].sort();
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toEqual(['Error al cargar los equipos', 'Error al cargar los partidos']);

  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toHaveAttribute('data-kind', 'server');
  await expect(panel(page)).toContainText('Error interno del servidor.');
  await expect(panel(page)).not.toContainText('Sin conexión');

  await page.unroute(failing);
  await panel(page).getByRole('button', { name: 'Reintentar' }).click();
  await expect(visibleMatchCards(page).first()).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
});

test('no connection to the server and nothing saved: the offline panel, and "Reintentar" loads once it is back', async ({
  page,
  api,
}) => {
  await signedInUser(page, api, 'error-red');
  const apiCalls = /\/api\//;
  await page.route(apiCalls, (route) => route.abort('internetdisconnected'));
  await page.goto('/tabs/home');

  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toHaveAttribute('data-kind', 'offline');
  await expect(panel(page)).toContainText('Sin conexión y sin datos guardados para esta consulta.');

  await page.unroute(apiCalls);
  await panel(page).getByRole('button', { name: 'Reintentar' }).click();
  await expect(visibleMatchCards(page).first()).toBeVisible();
});
