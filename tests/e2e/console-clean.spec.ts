import { expect, type Page } from '@playwright/test';
import { playerInPool, signedInUser, test } from './helpers.ts';

/** Every warning or error the page writes to the console while `visit` runs (React, Ionic, the app, the browser). */
async function consoleNoise(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') noise.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
  await visit();
  return noise;
}

test('the sign-in and register screens load without a console warning', async ({ page }) => {
  const noise = await consoleNoise(page, async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Registrarse' })).toBeVisible();
  });
  expect(noise).toEqual([]);
});

test('every tab loads without a console warning', async ({ page, api }) => {
  await signedInUser(page, api, 'consola');
  const noise = await consoleNoise(page, async () => {
    for (const tab of ['home', 'quinelas', 'favorites']) {
      await page.goto(`/tabs/${tab}`);
      await expect(page.getByTestId('tab-bar')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
  expect(noise).toEqual([]);
});

test("a pool's page loads without a console warning", async ({ page, api }) => {
  const { pool } = await playerInPool(page, api, 'consola-quiniela');
  const noise = await consoleNoise(page, async () => {
    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pool.name);
  });
  expect(noise).toEqual([]);
});
