import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';
import { addVirtualAuthenticator, chooseOption, emulatePushService, LAST_LALIGA_POOL, playerInPool, signInViaStorage, test } from './helpers.ts';

/**
 * Every control a finger can tap is at least 44×44 CSS px (Apple's and WCAG
 * 2.5.5's size; 2.5.8 asks 24): measured with boundingBox() on every visible
 * button, link, tab, segment button, disclosure and form control of each screen
 * and each dialog, as the user who sees it. Links in a sentence count too
 * ("Regístrate", the admin's "openfootball"): a thumb does not read them smaller.
 */
const MIN = 44;

const TARGETS = [
  'button',
  'a[href]',
  '[role="button"]',
  '[role="tab"]',
  '[role="radio"]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'ion-button',
  'ion-tab-button',
  'ion-back-button',
  'ion-input',
  'ion-textarea',
  'ion-select',
  'ion-searchbar',
  'ion-toggle',
  'ion-checkbox',
  'ion-item[button]',
  'ion-item[href]',
  'summary',
].join(', ');

/** Marks every visible tap target in `scope` (the page, or a dialog) with data-touch-target (in the page's order). */
async function markTargets(page: Page, scope: string): Promise<void> {
  await page.evaluate(([selector, within]) => {
    for (const marked of document.querySelectorAll('[data-touch-target]')) marked.removeAttribute('data-touch-target');
    let index = 0;
    for (const element of [...document.querySelectorAll(within)].at(-1)?.querySelectorAll<HTMLElement>(selector) ?? []) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Ionic's form controls draw their native input inside themselves: the Ionic element is the target.
      if (element.matches('input, textarea') && element.closest('ion-input, ion-textarea, ion-searchbar, ion-select')) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      // Ionic's toggle draws a native checkbox inside itself: the toggle (its whole row) is the target.
      if (element.matches('input') && element.closest('ion-toggle')) continue;
      element.dataset.touchTarget = String(index++);
    }
  }, [TARGETS, scope] as const);
}

/** The targets on screen smaller than 44×44, described for the failure message. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  // Sizes are read at rest: a segment's indicator or a modal's entrance would be measured mid-animation.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await markTargets(page, scope);
  // Measured in one pass: a list that renders more cards meanwhile (Predecir fills itself in) cannot move them.
  return page.evaluate((min) => {
    const small: string[] = [];
    for (const target of document.querySelectorAll<HTMLElement>('[data-touch-target]')) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const name = (target.getAttribute('aria-label') ?? target.getAttribute('label') ?? target.textContent ?? '').trim().slice(0, 40);
      small.push(`${target.tagName.toLowerCase()} "${name}": ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  }, MIN);
}

/** Every target of the screen, or of the dialog on top (`scope`: an Ionic modal or alert), is 44×44 at least. */
async function expectTouchTargets(page: Page, screen: string, scope = 'body'): Promise<void> {
  expect(await smallTargets(page, scope), `${screen}: targets under ${MIN}×${MIN} px`).toEqual([]);
}

const MODAL = 'ion-modal.show-modal';
const modal = (page: Page) => page.locator(MODAL);

async function selectSegment(page: Page, label: string): Promise<void> {
  const button = page.getByRole('tab', { name: label, exact: true }).filter({ visible: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
}

test('the sign-in and register screens: every control is at least 44×44', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expectTouchTargets(page, 'Iniciar sesión');

  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registrarse' })).toBeVisible();
  await expectTouchTargets(page, 'Registro');
});

test('the tabs, a pool as creator and as participant: every control is at least 44×44', async ({ page, api }) => {
  const { owner, pool } = await playerInPool(page, api, 'dedos', { name: 'Quiniela de los dedos', description: 'Para tocar' });

  await page.goto('/tabs/home');
  await expect(page.getByTestId('match-card').first()).toBeVisible();
  await expectTouchTargets(page, 'Inicio');

  await page.getByTestId('tab-favorites').click();
  await expect(page.getByRole('heading', { name: 'Partidos Guardados' })).toBeVisible();
  await expectTouchTargets(page, 'Favoritos');

  await page.getByTestId('tab-quinelas').click();
  await expect(page.getByRole('heading', { name: 'Mis Quinelas' })).toBeVisible();
  await expect(page.getByText('Quiniela de los dedos')).toBeVisible();
  await expectTouchTargets(page, 'Quinielas');

  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByRole('heading', { name: 'Quiniela de los dedos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Local' }).first()).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (participante), Predecir');
  await page.getByTestId('pool-more').locator('summary').click();
  await expect(page.getByTestId('pool-rules')).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (participante), Reglas');
  await selectSegment(page, 'Ranking');
  await expectTouchTargets(page, 'Quiniela (participante), Ranking');

  await signInViaStorage(page, api, owner);
  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('copy-code')).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (creador), Participantes');
  await page.getByTestId('pool-more').locator('summary').click();
  await expect(page.getByRole('button', { name: 'Desactivar' })).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (creador), Reglas y opciones');
  await page.getByRole('button', { name: 'Cambiar reglas' }).click();
  await expect(page.getByTestId('pool-options')).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (creador), Cambiar reglas');
  await selectSegment(page, 'Ranking');
  await expectTouchTargets(page, 'Quiniela (creador), Ranking');
});

test('every dialog: create and join a pool, an invitation, Avisos, Biometría, a confirmation', async ({ page, context, api }) => {
  test.slow();
  await emulatePushService(context);
  await addVirtualAuthenticator(context, page);
  const { owner, pool } = await playerInPool(page, api, 'dedos-dialogos');

  // "Avisos", with a pool's switches (the player's).
  await page.goto('/tabs/quinelas');
  await page.getByTestId('notification-settings').filter({ visible: true }).click();
  await expect(modal(page).getByTestId(`setting-missing-${pool.id}`)).toBeVisible();
  await expectTouchTargets(page, 'Avisos', MODAL);
  await modal(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.getByTestId('passkey-settings').filter({ visible: true }).click();
  await expect(modal(page).getByTestId('passkey-register')).toBeVisible();
  await expectTouchTargets(page, 'Biometría', MODAL);
  await modal(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.getByTestId('open-join').click();
  await expect(modal(page).getByLabel('Código de invitación')).toBeVisible();
  await expectTouchTargets(page, 'Unirse a una Quiniela', MODAL);
  await modal(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  // The creator: the create dialog, every switch on and the exact-score game with its own points.
  await signInViaStorage(page, api, owner);
  await page.goto('/tabs/quinelas');
  await page.getByTestId('open-create').click();
  const create = modal(page);
  for (const toggle of ['option-edit-until-kickoff', 'option-creator-plays', 'game-joker']) await create.getByTestId(toggle).click();
  await chooseOption(page, create.getByTestId('game-mode'), 'Resultado exacto');
  await chooseOption(page, create.getByTestId('game-preset'), 'Personalizada');
  await expect(create.getByTestId('game-points-exact')).toBeVisible();
  await expectTouchTargets(page, 'Crear Nueva Quiniela', MODAL);
  await create.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  // A confirmation (Ionic's alert): "Desactivar".
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByTestId('pool-more').locator('summary').click();
  await page.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.locator('ion-alert')).toBeVisible();
  await expectTouchTargets(page, 'Desactivar la quiniela', 'ion-alert');
  await page.locator('ion-alert').getByRole('button', { name: 'Cancelar' }).click();

  // The join dialog an invitation link opens.
  await signInViaStorage(page, api, await api.user('dedos-invitado'));
  await page.goto(`/unirse/${pool.invitationCode}`);
  await expect(modal(page).getByTestId('invitation')).toContainText(pool.name);
  await expectTouchTargets(page, 'Unirse a una Quiniela (invitación)', MODAL);
});

test('a jornada of the ranking, with "Ver quién eligió qué": every control is at least 44×44', async ({ page, api }) => {
  const { admin, match, player, pool } = await playerInPool(page, api, 'dedos-jornada');
  await api.predict(player, pool, match, 'home');
  // Played: kicked off and finished in one change, so the pool's picks of it are shown.
  await api.updateMatch(admin, match, {
    matchDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    status: 'finished',
    scoreHome: 2,
    scoreAway: 0,
  });
  await page.goto(`/tabs/pool/${pool.id}`);
  await selectSegment(page, 'Ranking');
  await page.getByTestId('round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: `Jornada ${match.weekNumber}` }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  await expect(page.getByText('Ver quién eligió qué')).toBeVisible();
  await expectTouchTargets(page, 'Quiniela, Ranking de una jornada');
});

test('a pool’s Resultados: every control is at least 44×44', async ({ page, api }) => {
  // Apart from the test above, already near its limit on a busy machine; the seeded season's jornada is measured.
  test.slow();
  const { pool } = await playerInPool(page, api, 'dedos-resultados', { competition: LAST_LALIGA_POOL.competition, fromWeek: 1 });
  await page.goto(`/tabs/pool/${pool.id}`);
  await selectSegment(page, 'Resultados');
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (participante), Resultados');
  await page.getByTestId('match-comments-toggle').first().click();
  await expect(page.getByRole('region', { name: 'Comentarios' })).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (participante), Resultados, comentarios');
  await selectSegment(page, 'Muro');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (participante), Muro');
});

test('Administración and each of its sections: every control is at least 44×44', async ({ page, api }) => {
  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/tabs/admin');
  await expect(page.getByTestId('admin-section-matches')).toBeVisible();
  await expect(page.locator('.admin__list').first()).toBeVisible();
  await expectTouchTargets(page, 'Administración, Partidos');

  for (const [section, label] of [
    ['import', 'Importar'],
    ['users', 'Usuarios'],
    ['teams', 'Equipos'],
  ] as const) {
    await page.getByTestId(`admin-section-${section}`).click();
    await expect(page.getByTestId(`admin-section-${section}`)).toHaveAttribute('aria-selected', 'true');
    if (section !== 'import') await expect(page.locator('.admin__list').first()).toBeVisible();
    await expectTouchTargets(page, `Administración, ${label}`);
  }
  await selectSegment(page, 'Confederaciones');
  await expect(page.locator('.admin__list').first()).toBeVisible();
  await expectTouchTargets(page, 'Administración, Equipos, Confederaciones');
  await page.getByTestId('confederation-new').click();
  await expect(modal(page).getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectTouchTargets(page, 'Nueva confederación', MODAL);
  await modal(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.locator('.admin__subsegment').getByRole('tab', { name: 'Equipos', exact: true }).click();
  await page.getByTestId('team-new').click();
  await expect(modal(page).getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectTouchTargets(page, 'Nuevo equipo', MODAL);
  await modal(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.getByTestId('admin-section-matches').click();
  await page.getByTestId('admin-match').first().click();
  await expect(modal(page).getByTestId('result-history')).toBeVisible();
  await expectTouchTargets(page, 'Editar partido', MODAL);
});
