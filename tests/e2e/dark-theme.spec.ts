import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';
import {
  LAST_LALIGA_POOL,
  LAST_LALIGA_ROUND,
  createFutureMatch,
  playerInPool,
  seriousA11yViolations,
  signInAsAdmin,
  signInViaStorage,
  test,
} from './helpers.ts';

/**
 * The dark theme follows the device (prefers-color-scheme: dark) and passes the same contrast checks as the light
 * one: axe finds no serious or critical violation on the main screens and dialogs (issue 41).
 */
test.use({ colorScheme: 'dark' });

const modal = (page: Page) => page.locator('ion-modal.show-modal');

/** The page is really drawn dark: its background and the toolbar's. */
async function expectDark(page: Page): Promise<void> {
  const luminance = await page.evaluate(() => {
    const channel = (element: Element) => {
      const [r = 255, g = 255, b = 255] = (getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      return (r + g + b) / 3;
    };
    const toolbar = [...document.querySelectorAll('.toolbar')].find((element) => (element as HTMLElement).checkVisibility());
    return { page: channel(document.querySelector('.app-outlet')!), toolbar: toolbar ? channel(toolbar) : 0 };
  });
  expect(luminance.page).toBeLessThan(40);
  expect(luminance.toolbar).toBeLessThan(40);
}

test('the sign-in and register screens are dark and pass axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expectDark(page);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registrarse' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('Inicio, Favoritos, Quinielas and its dialogs, a pool as player and as creator are dark and pass axe', async ({ page, api }) => {
  test.slow();
  const { owner, player, pool } = await playerInPool(page, api, 'oscuro', { ...LAST_LALIGA_POOL, description: 'De noche' });
  // The season from its first jornada, for Resultados' played matches.
  const season = await api.pool(owner, { competition: LAST_LALIGA_POOL.competition, fromWeek: 1, players: [player] });

  await page.goto('/tabs/home');
  await expect(page.getByTestId('match-card').first()).toBeVisible();
  await expectDark(page);
  expect(await seriousA11yViolations(page), 'Inicio').toEqual([]);

  await page.getByTestId('tab-favorites').click();
  await expect(page.getByRole('heading', { name: 'Partidos Guardados' })).toBeVisible();
  expect(await seriousA11yViolations(page), 'Favoritos').toEqual([]);

  await page.getByTestId('tab-quinelas').click();
  await expect(page.getByTestId('pool-card')).toHaveCount(2);
  expect(await seriousA11yViolations(page), 'Quinielas').toEqual([]);
  await page.getByTestId('open-join').click();
  await expect(modal(page).getByLabel('Código de invitación')).toBeVisible();
  expect(await seriousA11yViolations(page), 'Unirse a una Quiniela').toEqual([]);
  await modal(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('prediction-card').first()).toBeVisible();
  await page.getByTestId('pool-more').locator('summary').click();
  expect(await seriousA11yViolations(page), 'Quiniela (participante), Predecir').toEqual([]);
  await page.goto(`/tabs/pool/${season.id}`);
  await page.locator('.pool-detail__segment').getByRole('tab', { name: 'Resultados', exact: true }).click();
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  expect(await seriousA11yViolations(page), 'Quiniela (participante), Resultados').toEqual([]);

  // Ranking with a played match: the general table, the evolution chart and the jornada's (provisional) table.
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin, LAST_LALIGA_ROUND);
  await api.predict(player, pool, match, 'home');
  await api.result(admin, match, 1, 0);
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.locator('.pool-detail__segment').getByRole('tab', { name: 'Ranking', exact: true }).click();
  await expect(page.getByTestId('ranking').getByTestId('ranking-row')).toHaveCount(1);
  await expect(page.getByTestId('evolution')).toBeVisible();
  expect(await seriousA11yViolations(page), 'Quiniela (participante), Ranking').toEqual([]);

  await signInViaStorage(page, api, owner);
  await page.goto('/tabs/quinelas');
  await page.getByTestId('open-create').click();
  await expect(modal(page).getByLabel('Nombre')).toBeVisible();
  expect(await seriousA11yViolations(page), 'Crear Nueva Quiniela').toEqual([]);
  await modal(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('participant-list')).toBeVisible();
  await page.getByTestId('pool-more').locator('summary').click();
  await expect(page.getByRole('button', { name: 'Desactivar' })).toBeVisible();
  expect(await seriousA11yViolations(page), 'Quiniela (creador), Participantes, reglas y opciones').toEqual([]);
});

test('Administración is dark and passes axe', async ({ page, api }) => {
  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/tabs/admin');
  await expect(page.locator('.admin__list').first()).toBeVisible();
  await expectDark(page);
  expect(await seriousA11yViolations(page), 'Administración, Partidos').toEqual([]);
  await page.getByTestId('admin-match').first().click();
  await expect(modal(page).getByTestId('result-history')).toBeVisible();
  expect(await seriousA11yViolations(page), 'Editar partido').toEqual([]);
  await modal(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal(page)).toHaveCount(0);
  await page.getByTestId('admin-section-import').click();
  await expect(page.getByTestId('admin-section-import')).toHaveAttribute('aria-selected', 'true');
  expect(await seriousA11yViolations(page), 'Administración, Importar').toEqual([]);
});
