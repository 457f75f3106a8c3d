import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createFutureMatch, seriousA11yViolations, signedInUser, signInAsAdmin, test } from './helpers.ts';

/*
 * "Clasificación de LaLiga" (docs/decisions/076-the-league-table-from-the-stored-results.md): opened from Inicio's
 * competition filter, computed from the shipped results (which other specs may add to: no number is taken for granted
 * here beyond what the data fixes).
 */

const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Competición' }).filter({ visible: true }).getByRole('button', { name, exact: true });
const table = (page: Page) => page.getByTestId('league-table').filter({ visible: true });

test('LaLiga chosen on Inicio leads to its table: every team, the columns read out in full, no serious axe finding', async ({
  page,
  api,
}) => {
  test.slow();
  // A second competition, so that Inicio offers its chips.
  await createFutureMatch(api, await signInAsAdmin(api), { competition: 'e2e' });
  await signedInUser(page, api, 'clasificacion');
  await page.goto('/tabs/home');
  // No competition chosen: no table to offer.
  await expect(chip(page, 'Todas')).toHaveAttribute('aria-pressed', 'true');
  const link = page.getByRole('link', { name: 'Clasificación de LaLiga 2026/27' });
  await expect(link).toHaveCount(0);
  // A competition that is not a league offers none either.
  await chip(page, 'e2e').click();
  await expect(chip(page, 'e2e')).toHaveAttribute('aria-pressed', 'true');
  await expect(link).toHaveCount(0);

  await chip(page, 'LaLiga 2026/27').click();
  const linkBox = await link.boundingBox();
  expect(linkBox?.height).toBeGreaterThanOrEqual(44);
  await link.click();
  await expect(page).toHaveURL(/\/tabs\/home\/clasificacion\/laliga-2026-27$/);
  await expect(page.getByRole('heading', { name: 'Clasificación de LaLiga 2026/27' })).toBeVisible();

  await expect(table(page).getByTestId('league-table-row')).toHaveCount(20);
  // The caption names the league (the title may be cut short) and says what it counts: the shipped data has results up to Jornada 6 at least.
  await expect(table(page).locator('caption')).toHaveText(
    /^LaLiga 2026\/27Con los \d+ partidos terminados guardados, hasta la Jornada \d+\.$/,
  );
  // Abbreviations on screen, the whole words for a screen reader; GF and GC only for the reader at 390 px.
  const names = [
    'Posición',
    'Equipo',
    'Partidos jugados',
    'Ganados',
    'Empatados',
    'Perdidos',
    'Goles a favor',
    'Goles en contra',
    'Diferencia de goles',
    'Puntos',
  ];
  for (const name of names) await expect(table(page).getByRole('columnheader', { name, exact: true })).toHaveCount(1);
  await expect(table(page).locator('thead').getByText('PJ', { exact: true })).toBeVisible();
  const goalsFor = await table(page).getByRole('columnheader', { name: 'Goles a favor' }).boundingBox();
  expect(goalsFor?.width).toBeLessThanOrEqual(1);
  // The leader's row: a place, a team with its logo and name, its numbers.
  const first = table(page).getByTestId('league-table-row').first();
  await expect(first.locator('td').first()).toHaveText('1');
  await expect(first.getByRole('rowheader').locator('img')).toBeVisible();
  // Nothing wider than the phone, down to 320 px.
  const overflow = () =>
    table(page).evaluate((element) => {
      const scroller = element.closest('main') ?? document.documentElement;
      return Math.max(
        element.getBoundingClientRect().right - window.innerWidth,
        scroller.scrollWidth - scroller.clientWidth,
      );
    });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });

  expect(await seriousA11yViolations(page)).toEqual([]);

  // Back to Inicio as it was left: LaLiga still chosen.
  await page.getByTestId('back-button').filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/tabs\/home$/);
  await expect(chip(page, 'LaLiga 2026/27')).toHaveAttribute('aria-pressed', 'true');
});

test('a competition without a league table says why, with nothing to retry', async ({ page, api }) => {
  await signedInUser(page, api, 'sin-clasificacion');
  await page.goto('/tabs/home/clasificacion/worldcup-2026');
  await expect(page.getByRole('heading', { name: 'Clasificación de Mundial 2026' })).toBeVisible();
  await expect(
    page.getByText('Mundial 2026 no tiene clasificación de liga: sus partidos no se juegan como una sola liga.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
