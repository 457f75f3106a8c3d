import { expect } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';
import { expectToast, seriousA11yViolations, shownToast, signInViaStorage, test } from './helpers.ts';

/** Node's Buffer, which this folder's tsconfig (the web app's DOM settings) does not declare. */
const fileContents = (text: string) =>
  (globalThis as unknown as { Buffer: { from(text: string, encoding: 'utf8'): Uint8Array } }).Buffer.from(text, 'utf8');

/** The first LaLiga fixture exactly as shipped: importing it changes nothing. */
const asShipped = {
  name: 'Spain Primera División 2026/27',
  matches: [
    {
      round: 'Matchday 1',
      date: '2026-08-15',
      time: '19:30',
      team1: 'Deportivo Alavés',
      team2: 'Getafe CF',
      score: { ht: [0, 0], ft: [3, 0] },
    },
  ],
};

test('"Fuente de resultados": none, a private URL refused in Spanish, and the last import once one ran', async ({
  page,
  api,
}) => {
  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/admin');
  await page.getByTestId('admin-section-import').click();
  const card = page.getByTestId('results-source');
  await expect(card.getByRole('heading', { name: 'Fuente de resultados' })).toBeVisible();
  // The test server has no RESULTS_SOURCE, and no admin chose one.
  await expect(card.getByTestId('results-source-kind')).toHaveText('Ninguna');
  await expect(card).toContainText(
    'No se lee ninguna fuente: «Actualizar Resultados» solo recalcula las clasificaciones.',
  );
  await expect(card.getByTestId('results-source-poll')).toHaveText('Lectura automática: ninguna, no hay fuente.');
  await expect(card.getByTestId('results-source-last-import')).toContainText('Última importación: ');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A private address: the server's Spanish message under the field, no "saved" toast, nothing changes.
  await card.getByTestId('results-source-url').locator('input').fill('http://192.168.1.10/resultados.json');
  await card.getByTestId('results-source-save').click();
  await expect(card.getByTestId('results-source-error')).toHaveText(
    'Por seguridad solo se importan URL públicas (no direcciones locales ni privadas).',
  );
  await expect(shownToast(page)).toHaveCount(0);
  await expect(card.getByTestId('results-source-kind')).toHaveText('Ninguna');

  // An import runs (a file as shipped: nothing changes): the card tells when it ran, how, and what it changed.
  await page
    .getByTestId('import-file')
    .setInputFiles({
      name: 'es.1.json',
      mimeType: 'application/json',
      buffer: fileContents(JSON.stringify(asShipped)),
    });
  await page.getByTestId('import-file-submit').click();
  await expectToast(page, 'Importación completada.');
  await expect(card.getByTestId('results-source-last-import')).toHaveText(
    /^Última importación: [^,]+, \d{1,2} de [^ ]+ de \d{4}, \d{1,2}:\d\d, 0 partidos actualizados, 0 creados, 1 sin cambios \(importación de un administrador: archivo subido\)$/,
  );
  // And so does the screen when it opens again: it comes from the server.
  await page.reload();
  await page.getByTestId('admin-section-import').click();
  await expect(card.getByTestId('results-source-last-import')).toContainText(
    '0 partidos actualizados, 0 creados, 1 sin cambios (importación de un administrador: archivo subido)',
  );
});
