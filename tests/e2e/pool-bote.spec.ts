import { expect, type Page } from '@playwright/test';
import type { Pool } from '#contract/index';
import {
  checkSectionLayout,
  expectToast,
  openPoolMoreSection,
  playerInPool,
  signedInUser,
  test,
} from './helpers.ts';

/**
 * "Bote" on the pool screen at 390×844 (docs/decisions/079-a-prize-pot-that-moves-no-money.md): under the folded
 * rules, the creator sets it up and ticks who has paid; a player sees the entry, what was collected, what each
 * position would take today and who has paid, and that the app handles no money; axe finds nothing serious in it,
 * in both themes, and nothing leaves a 320 px screen.
 */
const NO_MONEY = 'La app no maneja dinero: el bote se paga y se reparte entre vosotros.';

const openBote = (page: Page, pool: Pool) => openPoolMoreSection(page, pool, 'pool-pot');
const checkLayout = (page: Page) => checkSectionLayout(page, 'pool-pot');

test('the creator sets up the bote and ticks who has paid', async ({ page, api }) => {
  const owner = await signedInUser(page, api, 'bote-crea');
  const ana = await api.user('bote-ana');
  const pool = await api.pool(owner, { players: [ana] });
  const bote = await openBote(page, pool);

  await bote.getByRole('button', { name: 'Poner un bote' }).click();
  await bote.getByLabel('Cuota por persona (€)').fill('25');
  await bote.getByLabel(/Reparto por puesto final/).fill('60/30/5');
  await bote.getByRole('button', { name: 'Guardar el bote' }).click();
  await expectToast(page, 'Las partes deben sumar 100 % (los puestos más la parte de las jornadas).');
  await bote.getByLabel(/Reparto por puesto final/).fill('60/30/10');
  await bote.getByRole('button', { name: 'Guardar el bote' }).click();
  await expectToast(page, 'Bote guardado.');

  await expect(bote).toContainText(NO_MONEY);
  await expect(bote.getByTestId('pool-pot-entry')).toHaveText('25,00 €');
  await expect(bote.getByTestId('pool-pot-collected')).toHaveText('0,00 € (0 han pagado)');
  const paid = bote.getByRole('checkbox', { name: ana.userProfile.name });
  const box = (await paid.locator('xpath=..').boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  // Ticked once the server has it (the box follows the answer).
  await paid.click();
  await expect(paid).toBeChecked();
  await expectToast(page, `${ana.userProfile.name} ha pagado.`);
  await expect(bote.getByTestId('pool-pot-collected')).toHaveText('25,00 € (1 ha pagado)');
  // Ana alone in the table: the first share, 60 % of 25 €.
  await expect(bote.getByRole('row', { name: /1\.º/ })).toContainText(`${ana.userProfile.name}: 15,00 €`);
  await checkLayout(page);
});

test('a player sees the bote, who has paid and what each position would take today', async ({ page, api }) => {
  const { owner, player, pool } = await playerInPool(page, api, 'bote-jugador');
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/pot`, { body: { entryCents: 1000, positionShares: [100] } });
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/pot/payments/${player.userProfile.id}`);

  const bote = await openBote(page, pool);
  await expect(bote).toContainText(NO_MONEY);
  await expect(bote.getByTestId('pool-pot-entry')).toHaveText('10,00 €');
  await expect(bote.getByTestId('pool-pot-collected')).toHaveText('10,00 € (1 ha pagado)');
  await expect(bote.getByRole('listitem').filter({ hasText: player.userProfile.name })).toContainText('✓');
  await expect(bote.getByRole('checkbox')).toHaveCount(0);
  await expect(bote.getByRole('button')).toHaveCount(0);
  await checkLayout(page);
});
