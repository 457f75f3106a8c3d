import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';
import { LAST_LALIGA_POOL, playerInPool, signInViaStorage, test } from './helpers.ts';

/**
 * Every control a finger can tap is at least 44×44 CSS px (Apple's and WCAG
 * 2.5.5's size; 2.5.8 asks 24): measured with boundingBox() on every visible
 * button, link, tab, segment button and form control of each screen, as the
 * user who sees it. Links inside running text are exempt: WCAG 2.5.8's inline
 * exception ("the target is in a sentence ... its size is constrained by the
 * line-height of non-target text").
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
  'ion-fab-button',
  'ion-segment-button',
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
].join(', ');

/** Marks every visible tap target outside running text with data-touch-target (their order is the page's). */
async function markTargets(page: Page): Promise<Locator> {
  await page.evaluate((selector) => {
    for (const marked of document.querySelectorAll('[data-touch-target]')) marked.removeAttribute('data-touch-target');
    let index = 0;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Ionic's form controls draw their native input inside themselves: the Ionic element is the target.
      if (element.matches('input, textarea') && element.closest('ion-input, ion-textarea, ion-searchbar, ion-select')) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      // WCAG 2.5.8's inline exception: a link inside a sentence is as tall as the line it sits in.
      const style = getComputedStyle(element);
      const parentText = element.parentElement?.textContent ?? '';
      if (element.matches('a') && style.display === 'inline' && parentText.trim() !== (element.textContent ?? '').trim()) continue;
      element.dataset.touchTarget = String(index++);
    }
  }, TARGETS);
  return page.locator('[data-touch-target]');
}

/** The targets on screen smaller than 44×44, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  // Sizes are read at rest: a segment's indicator or a modal's entrance would be measured mid-animation.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const targets = await markTargets(page);
  const small: string[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (box === null || box.width === 0 || box.height === 0) continue;
    if (box.width >= MIN - 0.5 && box.height >= MIN - 0.5) continue;
    const name = await target.evaluate(
      (element) =>
        `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.getAttribute('label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
    );
    small.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

async function expectTouchTargets(page: Page, screen: string): Promise<void> {
  expect(await smallTargets(page), `${screen}: targets under ${MIN}×${MIN} px`).toEqual([]);
}

async function selectSegment(page: Page, label: string): Promise<void> {
  const button = page.locator('ion-segment-button', { hasText: label }).filter({ visible: true });
  await button.click();
  await expect(button).toHaveClass(/segment-button-checked/);
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
  await selectSegment(page, 'Ranking');
  await expectTouchTargets(page, 'Quiniela (participante), Ranking');

  await signInViaStorage(page, api, owner);
  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('copy-code')).toBeVisible();
  await expectTouchTargets(page, 'Quiniela (creador), Participantes');
  await selectSegment(page, 'Ranking');
  await expectTouchTargets(page, 'Quiniela (creador), Ranking');
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
    await expect(page.getByTestId(`admin-section-${section}`)).toHaveClass(/segment-button-checked/);
    if (section !== 'import') await expect(page.locator('.admin__list').first()).toBeVisible();
    await expectTouchTargets(page, `Administración, ${label}`);
  }
  await selectSegment(page, 'Confederaciones');
  await expect(page.locator('.admin__list').first()).toBeVisible();
  await expectTouchTargets(page, 'Administración, Equipos, Confederaciones');
});
