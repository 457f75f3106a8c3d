import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';
import { addVirtualAuthenticator, chooseOption, emulatePushService, playerInPool, signInViaStorage, test } from './helpers.ts';

/**
 * Nothing in a dialog is wider than the phone (issue 41: "Opciones del organizador" was 501 px wide, its switches
 * off-screen, and the dialog scrolled sideways after a toggle). Every dialog of the app, at 390×844 and 320×640:
 * "Crear Nueva Quiniela" (its switches toggled, the exact-score game with its own points), "Unirse a una Quiniela"
 * (by hand and from an invitation link), "Avisos", "Biometría", the confirmations (Ionic's alerts), and the admin's
 * "Editar partido", "Nuevo equipo" and "Nueva confederación". Match comments are not a dialog (they open inside a
 * result card), nor is sharing (the system's sheet).
 */
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

const modal = (page: Page) => page.locator('ion-modal.show-modal');

/** What sticks out of the dialog on top (or `selector`): its content and the page must not scroll sideways. */
async function overflow(page: Page, what: string, selector = 'ion-modal.show-modal'): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const found = await page.locator(selector).last().evaluate((dialog) => {
    const problems: string[] = [];
    const screen = document.documentElement.clientWidth;
    const scroller = dialog.querySelector('ion-content')?.shadowRoot?.querySelector<HTMLElement>('[part="scroll"]');
    if (scroller && (scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollLeft !== 0))
      problems.push(`its content scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    for (const page of [document.documentElement, document.body, document.querySelector<HTMLElement>('.app-outlet')]) {
      if (page && page.scrollWidth > page.clientWidth + 1) problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
    }
    // The widest thing the dialog shows (its content's children, not the full-width frame around them).
    let widest = 0;
    const content = dialog.querySelector('ion-content, .alert-wrapper') ?? dialog;
    for (const element of content.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !element.checkVisibility()) continue;
      widest = Math.max(widest, box.width);
    }
    for (const element of dialog.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !element.checkVisibility()) continue;
      if (box.left < -0.5 || box.right > screen + 0.5) {
        const name = `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
        problems.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    return { problems, widest: Math.round(widest), screen };
  });
  test.info().annotations.push({ type: `widest element (${found.screen} px)`, description: `${what}: ${found.widest} px` });
  return found.problems.map((problem) => `${what}: ${problem}`);
}

/** Opens a dialog with `open`, measures it, and closes it with its toolbar's button. */
async function measureModal(page: Page, what: string, open: () => Promise<void>, closeText = 'Cerrar'): Promise<string[]> {
  await open();
  await expect(modal(page)).toBeVisible();
  const problems = await overflow(page, what);
  await modal(page).locator('ion-toolbar').getByRole('button', { name: closeText }).click();
  await expect(modal(page)).toHaveCount(0);
  return problems;
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width}×${phone.height}`, () => {
    test.use({ viewport: phone });

    test("a player's dialogs fit the screen: create, join, invitation, Avisos, Biometría, a confirmation", async ({
      page,
      context,
      api,
    }) => {
      test.slow();
      await emulatePushService(context);
      await addVirtualAuthenticator(context, page);
      const { owner, pool } = await playerInPool(page, api, `anchos-${phone.width}`);
      await signInViaStorage(page, api, owner);
      await page.goto('/tabs/quinelas');
      await expect(page.getByRole('heading', { name: 'Mis Quinelas' })).toBeVisible();
      const problems: string[] = [];

      // "Crear Nueva Quiniela", as it opens and after every switch and the exact-score game with its own points.
      await page.getByTestId('open-create').click();
      const create = modal(page);
      await expect(create.getByTestId('pool-options')).toBeVisible();
      problems.push(...(await overflow(page, 'Crear Nueva Quiniela')));
      for (const toggle of ['option-edit-until-kickoff', 'option-creator-plays', 'game-joker']) {
        await create.getByTestId(toggle).click();
        await expect(create.getByTestId(toggle)).toHaveJSProperty('checked', true);
      }
      await chooseOption(page, create.getByTestId('game-mode'), 'Resultado exacto');
      await chooseOption(page, create.getByTestId('game-preset'), 'Personalizada');
      await expect(create.getByTestId('game-points-exact')).toBeVisible();
      problems.push(...(await overflow(page, 'Crear Nueva Quiniela, switches on, own points')));
      await create.locator('ion-toolbar').getByRole('button', { name: 'Cancelar' }).click();
      await expect(modal(page)).toHaveCount(0);

      problems.push(...(await measureModal(page, 'Unirse a una Quiniela', () => page.getByTestId('open-join').click(), 'Cancelar')));
      problems.push(
        ...(await measureModal(page, 'Avisos', () => page.getByTestId('notification-settings').filter({ visible: true }).click())),
      );
      problems.push(...(await measureModal(page, 'Biometría', () => page.getByTestId('passkey-settings').filter({ visible: true }).click())));

      // A confirmation: Ionic's alert ("Desactivar" on the pool).
      await page.goto(`/tabs/pool/${pool.id}`);
      await page.getByTestId('pool-more').locator('summary').click();
      await page.getByRole('button', { name: 'Desactivar' }).click();
      await expect(page.locator('ion-alert')).toBeVisible();
      problems.push(...(await overflow(page, 'Desactivar la quiniela (alert)', 'ion-alert')));
      await page.locator('ion-alert').getByRole('button', { name: 'Cancelar' }).click();

      // The join dialog an invitation link opens, naming its pool.
      const friend = await api.user(`anchos-amigo-${phone.width}`);
      await signInViaStorage(page, api, friend);
      await page.goto(`/unirse/${pool.invitationCode}`);
      await expect(modal(page).getByTestId('invitation')).toContainText(pool.name);
      problems.push(...(await overflow(page, 'Unirse a una Quiniela (invitación)')));

      expect(problems).toEqual([]);
    });

    test("the admin's dialogs fit the screen: Editar partido, Nuevo equipo, Nueva confederación", async ({ page, api }) => {
      await signInViaStorage(page, api, e2eAdmin);
      await page.goto('/tabs/admin');
      const problems: string[] = [];
      const firstMatch = page.getByTestId('admin-match').first();
      await expect(firstMatch).toBeVisible();
      problems.push(...(await measureModal(page, 'Editar partido', () => firstMatch.click())));

      await page.getByTestId('admin-section-teams').click();
      problems.push(...(await measureModal(page, 'Nuevo equipo', () => page.getByTestId('team-new').click(), 'Cancelar')));
      await page.locator('.admin__subsegment').getByRole('tab', { name: 'Confederaciones', exact: true }).click();
      problems.push(
        ...(await measureModal(page, 'Nueva confederación', () => page.getByTestId('confederation-new').click(), 'Cancelar')),
      );
      expect(problems).toEqual([]);
    });
  });
}
