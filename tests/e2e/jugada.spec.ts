import { expect } from '@playwright/test';
import { createFutureMatch, expectToast, playerInPool, scrollToCard, seriousA11yViolations, test } from './helpers.ts';

/**
 * "Mi jugada" on Predecir at 390×844 (docs/decisions/081-one-set-of-picks-for-several-pools.md): a player in two pools
 * of the same game makes one pool's picks the jugada, sees what was copied where, sees on the other pool's card where
 * its pick came from, and is told what a pick saved later copied; axe finds nothing serious in the control, in both
 * themes, and nothing leaves a 320 px screen. A player in one pool only is not offered it.
 */
test('a player makes one pool’s picks the jugada of another', async ({ page, api }) => {
  const stamp = Date.now();
  const { admin, match, owner, player, pool: familia } = await playerInPool(page, api, 'jugada', { name: `Peña Familia ${stamp}` });
  await api.predict(player, familia, match, 'home');

  // One pool only: nothing offered.
  await page.goto(`/tabs/pool/${familia.id}`);
  await scrollToCard(page, 'prediction-card', match.id);
  await expect(page.getByTestId('jugada')).toHaveCount(0);

  const oficina = await api.pool(owner, { name: `Oficina ${stamp}`, players: [player] });
  await page.reload();
  const jugada = page.getByTestId('jugada');
  await expect(jugada.getByRole('heading', { name: 'Mi jugada' })).toBeVisible();
  await jugada.getByRole('button', { name: 'Usar estos pronósticos en tus otras quinielas' }).click();
  const target = jugada.getByRole('checkbox', { name: oficina.name });
  await expect(target).toBeChecked();
  const box = (await target.locator('xpath=..').boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await jugada.getByRole('checkbox', { name: 'Usar la misma jugada en todas' }).check();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page, { within: '[data-testid="jugada"]' })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await jugada.getByRole('button', { name: 'Guardar mi jugada' }).click();
  await expectToast(page, 'Jugada guardada.');
  const report = jugada.getByTestId('jugada-report');
  await expect(report).toContainText(`«${oficina.name}»`);
  await expect(report).toContainText('Copiado.');
  await expect(jugada).toContainText(`Esta quiniela es tu jugada. Copiado a «${oficina.name}». Usar la misma jugada en todas.`);
  expect(await seriousA11yViolations(page, { within: '[data-testid="jugada"]' })).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });

  // A pick saved now in the jugada's pool is copied too, and the player is told.
  const later = await createFutureMatch(api, admin);
  await page.reload();
  const card = await scrollToCard(page, 'prediction-card', later.id);
  await card.getByRole('button', { name: 'Empate' }).click();
  await expectToast(page, `Copiado a «${oficina.name}».`);

  // In the other pool, each copied pick says where it came from.
  await page.goto(`/tabs/pool/${oficina.id}`);
  const copied = await scrollToCard(page, 'prediction-card', match.id);
  await expect(copied).toContainText(`Tu pronóstico: Local · Copiado de «${familia.name}»`);
  await expect(await scrollToCard(page, 'prediction-card', later.id)).toContainText(`Copiado de «${familia.name}»`);
  await expect(page.getByTestId('jugada')).toContainText(`Tu jugada es «${familia.name}».`);
  expect(await seriousA11yViolations(page, { within: '[data-testid="jugada"]' })).toEqual([]);
});
