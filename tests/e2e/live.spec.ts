import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { playerInPool, signedInUser, test } from './helpers.ts';

/*
 * The live channel (decisions 045–046) at the phone's size: two people on one pool's page see a result saved by an
 * admin move the ranking, and each other's wall messages, without reloading.
 */

const segment = (page: Page, label: string) => page.locator('.pool-detail__segment').getByRole('tab', { name: label, exact: true });
const pointsOf = (page: Page, name: string) =>
  page.getByTestId('ranking').getByTestId('ranking-row').filter({ hasText: name }).locator('td').nth(2);

test('a result and a wall message reach another open pool page without a reload', async ({ page, api, browser }, testInfo) => {
  test.slow();
  const { admin, match, player, pool } = await playerInPool(page, api, 'ana-directo');
  const other = await browser.newContext({ ...testInfo.project.use, viewport: { width: 390, height: 844 } });
  const second = await other.newPage();
  const beto = await signedInUser(second, api, 'beto-directo');
  await api.join(beto, pool);
  await api.predict(player, pool, match, 'home');

  await second.goto(`/tabs/pool/${pool.id}`);
  await segment(second, 'Ranking').click();
  await expect(pointsOf(second, player.name)).toHaveText('0');
  let reloads = 0;
  second.on('framenavigated', () => (reloads += 1));

  await api.result(admin, match, 2, 0);
  await expect(pointsOf(second, player.name)).toHaveText('3');

  await page.goto(`/tabs/pool/${pool.id}`);
  await segment(page, 'Muro').click();
  await segment(second, 'Muro').click();
  await expect(second.getByText('Aún no hay mensajes. ¡Escribe el primero!')).toBeVisible();
  await page.getByLabel('Mensaje').fill('¡Vaya golazo!');
  await expect(page.getByText('13/500')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('wall-message')).toContainText(['¡Vaya golazo!']);
  await expect(second.getByTestId('wall-message')).toContainText(['¡Vaya golazo!']);
  await expect(second.getByTestId('wall-message').first()).toContainText(player.name);
  expect(reloads).toBe(0);
  await other.close();
});
