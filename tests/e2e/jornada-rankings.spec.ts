import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createFutureMatch, seriousA11yViolations, signedInUser, signInAsAdmin, test } from './helpers.ts';

const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });

async function choose(page: Page, option: string) {
  await page.getByTestId('round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: option }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
}

test('a season of two jornadas: each jornada names its winner, the general table shows movement, the chart draws the evolution', async ({
  page,
  api,
}) => {
  // Three players, three matches, nine picks and three results before the screen opens.
  test.slow();
  const admin = await signInAsAdmin(api);
  const owner = await api.user('temporada-crea');
  const ana = await signedInUser(page, api, 'ana');
  const beto = await api.user('beto');
  const carla = await api.user('carla');
  const pool = await api.pool(owner, { players: [ana, beto, carla] });
  // Weeks no other test uses: the pool's jornadas are the weeks its players picked in.
  const m1 = await createFutureMatch(api, admin, { weekNumber: 81 });
  const m2 = await createFutureMatch(api, admin, { weekNumber: 82 });
  const m3 = await createFutureMatch(api, admin, { weekNumber: 82 });
  for (const [player, picks] of [
    [ana, ['home', 'home', 'home']],
    [beto, ['away', 'away', 'home']],
    [carla, ['draw', 'away', 'draw']],
  ] as const) {
    for (const [j, match] of [m1, m2, m3].entries()) await api.predict(player, pool, match, picks[j]!);
  }
  // Jornada 81: 1-0, Ana wins it. Jornada 82: 0-1 and 2-2, Carla wins it with 6.
  await api.result(admin, m1, 1, 0);
  await api.result(admin, m2, 0, 1);
  await api.result(admin, m3, 2, 2);

  await page.goto(`/tabs/pool/${pool.id}`);
  await segment(page, 'Ranking').click();

  // General: Carla climbs from 2nd to 1st, Ana drops from 1st to 2nd, Beto stays 2nd. Ana and Beto have 3 points
  // and 1 correct pick each: Ana won a jornada, so she is listed first.
  const rows = page.getByTestId('ranking').getByTestId('ranking-row');
  await expect(rows).toHaveText([
    `1▲1${carla.name}1 jornada ganada6`,
    `2▼1${ana.name} (tú)1 jornada ganada3`,
    `2=${beto.name}3`,
  ]);
  await expect(rows.nth(0).getByRole('img', { name: 'Sube 1 puesto' })).toBeVisible();
  await expect(rows.nth(1).getByRole('img', { name: 'Baja 1 puesto' })).toBeVisible();
  await expect(rows.nth(2).getByRole('img', { name: 'Mantiene el puesto' })).toBeVisible();
  await expect(page.getByText('Empates: más aciertos, después más jornadas ganadas', { exact: false })).toBeVisible();

  // The evolution: drawn in the page, and its numbers in a table for screen readers.
  const chart = page.getByTestId('evolution');
  await expect(chart.getByTestId('evolution-picture')).toBeVisible();
  await expect(chart.locator('svg path.evolution__line')).toHaveCount(1);
  await expect(chart.locator('svg rect.evolution__bar')).toHaveCount(2);
  const evolutionRows = chart.getByTestId('evolution-table').locator('tbody tr');
  await expect(evolutionRows).toHaveText(['Jornada 811º de 333', 'Jornada 822º de 336']);
  await expect(chart.getByRole('table', { name: 'Tu posición y los puntos del líder tras cada jornada' })).toBeAttached();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Jornada 82: Carla is its winner.
  await choose(page, 'Jornada 82');
  const jornada = page.getByTestId('round-ranking');
  await expect(jornada.locator('caption')).toHaveText('Puntos de la jornada 82');
  await expect(jornada.getByTestId('ranking-row')).toHaveText([
    `1${carla.name}Ganador de la jornada6`,
    `2${beto.name}3`,
    `3${ana.name} (tú)0`,
  ]);
  await expect(jornada.getByTestId('jornada-winner')).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Jornada 81: Ana is; Carla and Beto tie on 0, Carla first as she won a jornada.
  await choose(page, 'Jornada 81');
  await expect(page.getByTestId('round-ranking').getByTestId('ranking-row')).toHaveText([
    `1${ana.name} (tú)Ganador de la jornada3`,
    `2${carla.name}0`,
    `2${beto.name}0`,
  ]);

  // Back to the general table.
  await choose(page, 'General');
  await expect(rows).toHaveCount(3);
});
