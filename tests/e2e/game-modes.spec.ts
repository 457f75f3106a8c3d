import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chooseOption, creatorInPoolDialog, ownedPool, scrollToPredictionCard, signInViaStorage, test } from './helpers.ts';

/*
 * A pool's game (issue 20, part A): created as "Resultado exacto" with "Clásica" through the dialog, shown under
 * "Reglas", predicted with the score steppers, and scored by a result: "+3" for the exact score, "+1" for the
 * outcome only, and the table to match.
 */

const modal = (page: Page) => page.locator('ion-modal.show-modal');
const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });

const choose = (page: Page, testId: string, option: string) => chooseOption(page, modal(page).getByTestId(testId), option);

test('an exact-score pool with "Clásica": two players predict scores, a result gives "+3" and "+1", the table follows', async ({ page, api }) => {
  // Four accounts, a pool made through the dialog, a pick through the steppers, a result and three screens.
  test.slow();
  const { admin, match, owner, name } = await creatorInPoolDialog(page, api, 'exacto-crea', 'Exacto');
  await expect(modal(page).getByTestId('game-mode')).toContainText('Quiniela 1X2');
  await choose(page, 'game-mode', 'Resultado exacto');
  await expect(modal(page).getByTestId('game-preset')).toContainText('Clásica');
  await expect(modal(page).getByTestId('game-preset-example')).toContainText('Ejemplo con un 2-1: 2-1 suma 3, 3-2 suma 2, 1-0 suma 1.');
  await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
  await expect(modal(page)).toBeHidden();

  const pool = await ownedPool(api, owner, name);
  expect(pool.game).toMatchObject({ mode: 'exactScore', preset: 'clasica', points: { exact: 3, difference: 2, outcome: 1, teamGoals: 0 } });

  const ana = await api.user('ana-exacto');
  const beto = await api.user('beto-exacto');
  await api.join(ana, pool);
  await api.join(beto, pool);
  await api.predict(beto, pool, match, { scoreHome: 3, scoreAway: 0 });

  // Ana predicts 2-1 with the steppers.
  await page.evaluate(() => localStorage.clear());
  await signInViaStorage(page, api, ana);
  await page.goto(`/tabs/pool/${pool.id}`);
  // The rules are folded under "Reglas" and made on the first opening.
  await page.getByTestId('pool-more').locator('summary').click();
  await expect(page.getByTestId('pool-rules')).toContainText('Resultado exacto · Clásica');
  await expect(page.getByTestId('pool-rules')).toContainText('Resultado exacto: 3');
  const card = await scrollToPredictionCard(page, match.id);
  await card.getByRole('button', { name: `Un gol más para ${match.home}` }).click();
  await card.getByRole('button', { name: `Un gol más para ${match.home}` }).click();
  await card.getByRole('button', { name: `Un gol más para ${match.away}` }).click();
  await expect(card.getByTestId('goals')).toHaveText(['2', '1']);
  await card.getByRole('button', { name: 'Guardar resultado' }).click();
  await expect(card).toContainText('Tu pronóstico: 2-1');
  await expect(card.getByRole('button', { name: 'Guardar resultado' })).toHaveCount(0);

  await api.result(admin, match, 2, 1);
  await page.reload();
  await segment(page, 'Resultados').click();
  await page.getByTestId('results-round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: `Jornada ${match.weekNumber}` }).click();
  const result = page.locator(`[data-testid="result-card"][data-match-id="${match.id}"]`);
  await expect(result.getByTestId('own-pick')).toContainText('Tu pronóstico: 2-1');
  await expect(result.getByTestId('own-pick').getByTestId('points')).toContainText('+3');
  const betoPick = result.getByTestId('result-picks').getByRole('listitem').filter({ hasText: beto.name });
  await expect(betoPick).toContainText(`${beto.name}: 3-0`);
  await expect(betoPick.getByTestId('points')).toContainText('+1');

  await segment(page, 'Ranking').click();
  // LaLiga's jornada 38 is still to be played: nobody has won it yet.
  await expect(page.getByTestId('ranking').getByTestId('ranking-row')).toHaveText([
    `1${ana.name} (tú)3`,
    `2${beto.name}1`,
  ]);
});
