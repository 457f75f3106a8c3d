import { expect } from '@playwright/test';
import { expectToast, FIRST_LALIGA_FIXTURE, laligaUpload, openAdministracion, seriousA11yViolations, shownToast, test } from './helpers.ts';

test('"Fuente de resultados": none, a private URL refused in Spanish, and the last import once one ran', async ({
  page,
  api,
}) => {
  await openAdministracion(page, api, 'import');
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
  await page.getByTestId('import-file').setInputFiles(laligaUpload([FIRST_LALIGA_FIXTURE]));
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
