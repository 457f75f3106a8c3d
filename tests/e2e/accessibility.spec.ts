import { expect } from '@playwright/test';
import { seriousA11yViolations as seriousViolations, signedInUser, test } from './helpers.ts';

test('the sign-in screen has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the register screen has no serious accessibility violation', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registrarse' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the home tab with its match cards has no serious accessibility violation', async ({ page, api }) => {
  await signedInUser(page, api, 'accesible');
  await page.goto('/tabs/home');
  await expect(page.getByTestId('match-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
