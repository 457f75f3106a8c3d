import { expect } from '@playwright/test';
import {
  createFutureMatch,
  expectToast,
  openAdministracion,
  overlaps,
  scrollToMatchCard,
  shownToast,
  signedInUser,
  signInAsAdmin,
  test,
} from './helpers.ts';

test('a match card keeps both logos level when one team name wraps onto two lines', async ({ page, api }) => {
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin, { between: ['Atlético de Madrid', 'Getafe'] });
  await signedInUser(page, api, 'logos');
  await page.goto('/tabs/home');

  const card = await scrollToMatchCard(page, match.id);
  await card.scrollIntoViewIfNeeded();
  const names = card.locator('.match-card__team-name');
  const [homeName, awayName] = [await names.nth(0).boundingBox(), await names.nth(1).boundingBox()];
  // The premise: "Atlético de Madrid" takes two lines at 390 px, "Getafe" one.
  expect(homeName!.height).toBeGreaterThan(awayName!.height * 1.5);

  const logos = card.locator('.match-card__team .team-logo');
  const [homeLogo, awayLogo] = [await logos.nth(0).boundingBox(), await logos.nth(1).boundingBox()];
  expect(Math.abs(homeLogo!.y - awayLogo!.y)).toBeLessThan(1);
});

test('Administración: the "Confederaciones" sub-tab shows its whole label, and the admin signs out from there', async ({
  page,
  api,
}) => {
  await openAdministracion(page, api, 'teams');
  const confederations = page.locator('.admin__subsegment').getByRole('tab', { name: 'Confederaciones', exact: true });
  await expect(confederations).toBeVisible();
  const fits = await confederations.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(fits.scrollWidth).toBeLessThanOrEqual(fits.clientWidth);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
});

test('a match card writes its kick-off as the admin list does: the lower-case weekday of es-ES', async ({
  page,
  api,
}) => {
  await signedInUser(page, api, 'fechas');
  await page.goto('/tabs/home');
  const kickoff = page.locator('.match-card__kickoff').first();
  await expect(kickoff).toBeVisible();
  // innerText is the text as drawn: a stylesheet capitalising the first letter would show here.
  expect(await kickoff.evaluate((element: HTMLElement) => element.innerText)).toMatch(
    /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}/,
  );
});

test("a toast covers neither the toolbar nor an open modal's header and its Cancelar", async ({ page, api }) => {
  await signedInUser(page, api, 'avisos');
  await page.goto('/tabs/quinelas');
  await page.getByTestId('open-create').click();
  const modal = page.locator('ion-modal', { hasText: 'Crear Nueva Quiniela' });
  const cancel = modal.getByRole('button', { name: 'Cancelar' });
  await expect(cancel).toBeVisible();
  await modal.getByTestId('pool-create-submit').click();
  await expectToast(page, 'El nombre de la quiniela es obligatorio.');
  // Measured where it rests: it slides in from below (toaster.css), and mid-slide it still overlaps the tab bar.
  await shownToast(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));

  const toast = (await shownToast(page).boundingBox())!;
  const covered = [
    ['the modal\'s "Cancelar"', await cancel.boundingBox()],
    ["the modal's toolbar", await modal.locator('ion-toolbar').boundingBox()],
    ["the screen's toolbar", await page.locator('.toolbar').filter({ visible: true }).first().boundingBox()],
    ['the tab bar', await page.getByTestId('tab-bar').boundingBox()],
  ] as const;
  for (const [name, box] of covered) {
    const overlap = overlaps(toast, box);
    expect(overlap, `the toast covers ${name}`).toBe(false);
  }
});
