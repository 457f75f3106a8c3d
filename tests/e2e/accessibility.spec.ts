import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { newTestUser, registerViaApi, signInViaStorage } from './helpers.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

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

test('the home tab with its match cards has no serious accessibility violation', async ({ page, request }) => {
  const user = newTestUser('accesible');
  await registerViaApi(request, user);
  await signInViaStorage(page, request, user);
  await page.goto('/tabs/home');
  await expect(page.getByTestId('match-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
