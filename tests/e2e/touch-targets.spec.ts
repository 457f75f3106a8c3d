import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createFutureMatch, EXACT_SCORE_WITH_JOKER, LAST_LALIGA_POOL, LAST_LALIGA_ROUND, onEachPhone, playerInPool, scrollToPredictionCard, settled, signInViaStorage, test } from './helpers.ts';
import { tourTests, type Look } from './tours.ts';

/**
 * Every control a finger can tap is at least 44×44 CSS px (Apple's and WCAG
 * 2.5.5's size; 2.5.8 asks 24): measured with boundingBox() on every visible
 * button, link, tab, segment button, disclosure and form control of each screen
 * and each dialog (tours.ts), as the user who sees it, on a 390×844 and a 320×640 phone. Links in a sentence count too
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
  await page.evaluate(
    ([selector, within]) => {
      for (const marked of document.querySelectorAll('[data-touch-target]'))
        marked.removeAttribute('data-touch-target');
      let index = 0;
      for (const element of [...document.querySelectorAll(within)].at(-1)?.querySelectorAll<HTMLElement>(selector) ??
        []) {
        if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        // Ionic's form controls draw their native input inside themselves: the Ionic element is the target.
        if (element.matches('input, textarea') && element.closest('ion-input, ion-textarea, ion-searchbar, ion-select'))
          continue;
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        // Ionic's toggle draws a native checkbox inside itself: the toggle (its whole row) is the target.
        if (element.matches('input') && element.closest('ion-toggle')) continue;
        element.dataset.touchTarget = String(index++);
      }
    },
    [TARGETS, scope] as const,
  );
}

/** The targets on screen smaller than 44×44, described for the failure message. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  // Sizes are read at rest: a segment's indicator or a modal's entrance would be measured mid-animation.
  await settled(page);
  await markTargets(page, scope);
  // Measured in one pass: a list that renders more cards meanwhile (Predecir fills itself in) cannot move them.
  return page.evaluate((min) => {
    const small: string[] = [];
    for (const target of document.querySelectorAll<HTMLElement>('[data-touch-target]')) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const name = (target.getAttribute('aria-label') ?? target.getAttribute('label') ?? target.textContent ?? '')
        .trim()
        .slice(0, 40);
      small.push(`${target.tagName.toLowerCase()} "${name}": ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  }, MIN);
}

/**
 * Every target of the screen, or of the dialog on top (`scope`: an Ionic modal, alert or popover), is 44×44 at least
 * (checked softly: one test reports every screen and dialog that fails).
 */
async function expectTouchTargets(page: Page, screen: string, scope = 'body'): Promise<void> {
  expect.soft(await smallTargets(page, scope), `${screen}: targets under ${MIN}×${MIN} px`).toEqual([]);
}

const look = (page: Page): Look => ({
  screen: (what) => expectTouchTargets(page, what),
  dialog: (what, scope) => expectTouchTargets(page, what, scope),
});

async function selectSegment(page: Page, label: string): Promise<void> {
  const button = page.getByRole('tab', { name: label, exact: true }).filter({ visible: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
}

tourTests('every control is at least 44×44', 'dedos', look);

onEachPhone((phone) => {
  test('the tabs, a pool as creator and as participant: every control is at least 44×44', async ({ page, api }) => {
    const { owner, pool } = await playerInPool(page, api, `dedos-${phone.width}`, {
      name: `Quiniela de los dedos ${phone.width}`,
      description: 'Para tocar',
    });

    await page.goto('/tabs/home');
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await expectTouchTargets(page, 'Inicio');

    await page.getByTestId('tab-favorites').click();
    await expect(page.getByRole('heading', { name: 'Partidos Guardados' })).toBeVisible();
    await expectTouchTargets(page, 'Favoritos');

    await page.getByTestId('tab-quinelas').click();
    await expect(page.getByRole('heading', { name: 'Mis Quinelas' })).toBeVisible();
    await expect(page.getByText(pool.name)).toBeVisible();
    await expectTouchTargets(page, 'Quinielas');

    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByRole('heading', { name: pool.name })).toBeVisible();
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
    await page.getByTestId('invite-by-email').click();
    await expect(page.getByTestId('send-invitations')).toBeVisible();
    await expectTouchTargets(page, 'Quiniela (creador), Invitar por correo');
    await page.getByRole('button', { name: 'Cambiar reglas' }).click();
    await expect(page.getByTestId('pool-options')).toBeVisible();
    await expectTouchTargets(page, 'Quiniela (creador), Cambiar reglas');
    await selectSegment(page, 'Ranking');
    await expectTouchTargets(page, 'Quiniela (creador), Ranking');
  });

  test('a jornada of the ranking, with "Ver quién eligió qué": every control is at least 44×44', async ({
    page,
    api,
  }) => {
    const { admin, match, player, pool } = await playerInPool(page, api, `dedos-jornada-${phone.width}`);
    await api.predict(player, pool, match, 'home');
    await api.result(admin, match, 2, 0);
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
    const { pool } = await playerInPool(page, api, `dedos-resultados-${phone.width}`, {
      competition: LAST_LALIGA_POOL.competition,
      fromWeek: 1,
    });
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

  test('Predecir of an exact-score pool with the comodín, and of the same pool made inactive: every control is at least 44×44', async ({
    page,
    api,
  }) => {
    const { admin, owner, player, pool } = await playerInPool(page, api, `dedos-exacto-${phone.width}`, {
      ...LAST_LALIGA_POOL,
      game: EXACT_SCORE_WITH_JOKER,
    });
    const match = await createFutureMatch(api, admin, LAST_LALIGA_ROUND);
    // A pick, so its card offers the comodín.
    await api.predict(player, pool, match, { scoreHome: 1, scoreAway: 0 });
    await page.goto(`/tabs/pool/${pool.id}`);
    const card = await scrollToPredictionCard(page, match.id);
    await expect(card.getByTestId('joker')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Guardar resultado' }).first()).toBeVisible();
    await expectTouchTargets(page, 'Predecir (resultado exacto, comodín)');

    await api.call(owner, 'PATCH', `/api/pools/${pool.id}`, { body: { isActive: false } });
    await page.reload();
    await expect(page.getByTestId('pool-inactive')).toBeVisible();
    await expect((await scrollToPredictionCard(page, match.id)).getByTestId('joker')).toBeDisabled();
    await expectTouchTargets(page, 'Predecir (quiniela desactivada)');
  });
});
