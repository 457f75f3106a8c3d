import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Prediction } from '#contract/index';
import { creatorInPoolDialog, expectToast, ownedPool, scrollToPredictionCard, signedInUser, signInViaStorage, test } from './helpers.ts';

/**
 * The organiser's options (issue 20, part B) at 390×844: a pool created with "Permitir cambiar el pronóstico hasta
 * el inicio del partido", "Cierre antes del partido" and "El creador también juega"; the creator changes a pick,
 * sees when it closes, removes a participant, who is told why on their next visit, and closes the pool.
 */
const modal = (page: Page) => page.locator('ion-modal.show-modal');
const segment = (page: Page, name: string) => page.locator('.pool-detail__segment').getByRole('tab', { name: name, exact: true });

test('an organiser creates a pool with options, changes a pick, sees when it closes and removes a participant', async ({ page, api }) => {
  test.slow();
  const { match, owner, name } = await creatorInPoolDialog(page, api, 'organiza', 'Opciones');
  const options = modal(page).getByTestId('pool-options');
  await expect(options).toContainText('Opciones del organizador');
  await options.getByTestId('option-edit-until-kickoff').click();
  await options.getByTestId('option-creator-plays').click();
  await options.getByLabel('Cierre antes del partido (minutos)').fill('1440');
  await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
  await expect(modal(page)).toBeHidden();

  const pool = await ownedPool(api, owner, name);
  expect(pool.options).toEqual({ editUntilKickoff: true, closeMinutesBefore: 1440, creatorPlays: true, lateJoiners: 'zero', tieBreak: 'correctPicks' });
  const leaving = await api.user('se-va');
  await api.join(leaving, pool);

  await page.getByTestId('pool-card').filter({ hasText: name }).click();
  // The rules are folded under "Reglas y opciones" and made on the first opening.
  await page.getByTestId('pool-more').locator('summary').click();
  await expect(page.getByTestId('pool-rules')).toContainText('Los pronósticos se pueden cambiar hasta que cierran.');
  await expect(page.getByTestId('pool-rules')).toContainText('Los pronósticos cierran 24 horas antes del partido.');
  await expect(page.getByTestId('pool-rules')).toContainText('El creador también juega.');
  // The creator who plays has both their segments.
  await expect(page.locator('.pool-detail__segment').getByRole('tab')).toHaveText(['Participantes', 'Predecir', 'Ranking', 'Resultados', 'Muro']);

  await segment(page, 'Predecir').click();
  const card = await scrollToPredictionCard(page, match.id);
  await expect(card.getByTestId('prediction-closes')).toHaveText(/^Cierra en \d+ d$/);
  await card.getByRole('button', { name: 'Local' }).click();
  await expect(card).toContainText('Tu pronóstico: Local · puedes cambiarlo hasta el cierre');
  // The pick stays editable: another choice replaces it.
  await card.getByRole('button', { name: 'Visitante' }).click();
  await expect(card).toContainText('Tu pronóstico: Visitante');
  await expect
    .poll(async () => {
      const { data: picks } = await api.call<{ data: Prediction[] }>(owner, 'GET', '/api/predictions');
      return picks.filter((p) => p.poolId === pool.id).map((p) => p.prediction);
    })
    .toEqual(['away']);

  await segment(page, 'Participantes').click();
  const list = page.getByTestId('participant-list');
  await expect(list).toContainText(leaving.userProfile.name);
  // The creator plays, and cannot be removed.
  await expect(list.getByRole('button', { name: `Quitar a ${owner.userProfile.name}` })).toHaveCount(0);
  await list.getByRole('button', { name: `Quitar a ${leaving.userProfile.name}` }).click();
  await page.locator('ion-alert').getByRole('button', { name: 'Quitar' }).click();
  await expectToast(page, 'Participante quitado.');
  await expect(list).not.toContainText(leaving.userProfile.name);

  // "Reglas y opciones" is still open from above.
  await page.getByRole('button', { name: 'Cerrar a nuevos miembros' }).click();
  await expect(page.getByTestId('pool-status')).toHaveText('Estado: Activa • Cerrada');

  // The one removed is told why on their next visit, until they dismiss it.
  await page.evaluate(() => localStorage.clear());
  await signInViaStorage(page, api, leaving);
  await page.goto('/tabs/quinelas');
  const notice = page.getByTestId('pool-notice');
  await expect(notice).toContainText(`Te han quitado de «${name}»`);
  await notice.getByRole('button', { name: 'Entendido' }).click();
  await expect(notice).toHaveCount(0);
});

test('options changed before the form renders again all stick (a second tap can beat the first one’s render)', async ({ page, api }) => {
  await signedInUser(page, api, 'rapido');
  await page.goto('/tabs/quinelas');
  await page.getByRole('button', { name: 'Crear Nueva Quiniela' }).click();
  const options = modal(page).getByTestId('pool-options');
  await expect(options).toContainText('Opciones del organizador');
  // Both taps in one task: React renders Ionic's change events after it, so the second change meets a stale render.
  await options.evaluate((fieldset) => {
    for (const id of ['option-edit-until-kickoff', 'option-creator-plays'])
      fieldset.querySelector<HTMLElement>(`[data-testid="${id}"]`)!.click();
  });
  await expect(options.getByTestId('option-edit-until-kickoff')).toHaveJSProperty('checked', true);
  await expect(options.getByTestId('option-creator-plays')).toHaveJSProperty('checked', true);
});
