import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  createFutureMatch,
  expectToast,
  LAST_LALIGA_POOL,
  LAST_LALIGA_ROUND,
  onEachPhone,
  PHONES,
  playerInPool,
  seriousA11yViolations,
  signInAsAdmin,
  signInViaStorage,
  test,
} from './helpers.ts';
import { POPOVER, tourTests, type Look } from './tours.ts';

/**
 * The dark theme follows the device (prefers-color-scheme: dark) and passes the same contrast checks as the light
 * one (issue 41), at 390×844 and 320×640: axe finds no serious or critical violation on any screen or dialog the
 * light tests check (the signed-out screens and those the mailed links open, the tabs, a pool as player and as
 * creator, every dialog and confirmation, Administración), nor on Avisos, the Muro, a jornada's table, the sign-in
 * notice and a toast; and nothing there is drawn as a light box on the dark page. The offline error state is
 * checked dark in offline.spec.ts.
 */
test.use({ colorScheme: 'dark' });

/** The page is really drawn dark: its background and the toolbar's. */
async function expectDark(page: Page, what: string): Promise<void> {
  const luminance = await page.evaluate(() => {
    const channel = (element: Element) => {
      const [r = 255, g = 255, b = 255] = (getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(
        Number,
      );
      return (r + g + b) / 3;
    };
    const toolbar = [...document.querySelectorAll('.toolbar')].find((element) =>
      (element as HTMLElement).checkVisibility(),
    );
    return { page: channel(document.querySelector('.app-outlet')!), toolbar: toolbar ? channel(toolbar) : 0 };
  });
  expect.soft(luminance.page, `${what}: the page's background`).toBeLessThan(40);
  expect.soft(luminance.toolbar, `${what}: the toolbar's background`).toBeLessThan(40);
}

/**
 * What the app draws on a light background (white-ish, opaque): a colour written for the light theme only, a light
 * box on the dark page that axe passes when its own text is dark. Ionic's components draw inside their shadow roots,
 * from the theme's variables: the app's own elements are the ones looked at.
 */
function lightSurfaces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const [r = 0, g = 0, b = 0, alpha = 1] = (
        getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? []
      ).map(Number);
      if (alpha < 0.5 || (r + g + b) / 3 < 200 || !element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = element.dataset.testid ?? element.className.toString();
      found.push(`${element.tagName.toLowerCase()} "${name}": rgb(${r}, ${g}, ${b})`);
    }
    return found;
  });
}

/** Dark, no light box, and axe-clean: the screen or the dialog on top (softly: one test reports every one that fails). */
const dark = (page: Page): Required<Look> => ({
  screen: async (what) => {
    await expectDark(page, what);
    expect.soft(await lightSurfaces(page), `${what}: drawn light`).toEqual([]);
    expect.soft(await seriousA11yViolations(page), `${what}: axe`).toEqual([]);
  },
  // The dialog alone: the screen behind it is checked as a screen. Ionic 9's select popover breaks two ARIA rules in
  // either theme (aria-modal on a host without a dialog role, a radiogroup inside a list): that markup is Ionic's,
  // not the theme's, so only its colours are checked here.
  dialog: async (what, scope) => {
    expect.soft(await lightSurfaces(page), `${what}: drawn light`).toEqual([]);
    const rules = scope === POPOVER ? ['color-contrast'] : undefined;
    expect.soft(await seriousA11yViolations(page, { within: scope, rules }), `${what}: axe`).toEqual([]);
  },
});

const segment = (page: Page, label: string) =>
  page.locator('.pool-detail__segment').getByRole('tab', { name: label, exact: true });

// Colours and contrast do not change with the width, and the light theme's axe checks run at 390 px: so do these
// (the 44 px and width checks take both phones).
const DARK_PHONES = [PHONES[0]];

tourTests('dark, and axe finds nothing serious', 'oscuro', dark, { phones: DARK_PHONES });

onEachPhone((phone) => {
  test('Inicio, Favoritos, Quinielas, a pool as player (Predecir, Resultados, Muro, Ranking, a jornada) and as creator (with a toast) are dark and pass axe', async ({
    page,
    api,
  }) => {
    test.slow();
    const look = dark(page);
    const { owner, player, pool } = await playerInPool(page, api, `oscuro-${phone.width}`, {
      ...LAST_LALIGA_POOL,
      description: 'De noche',
    });
    // The season from its first jornada, for Resultados' played matches.
    const season = await api.pool(owner, { competition: LAST_LALIGA_POOL.competition, fromWeek: 1, players: [player] });
    // A played match, picked: the general table, the evolution chart and the jornada's table with its picks.
    const admin = await signInAsAdmin(api);
    const match = await createFutureMatch(api, admin, LAST_LALIGA_ROUND);
    await api.predict(player, pool, match, 'home');
    await api.result(admin, match, 1, 0);

    await page.goto('/tabs/home');
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await look.screen('Inicio');
    await page.getByTestId('tab-favorites').click();
    await expect(page.getByRole('heading', { name: 'Partidos Guardados' })).toBeVisible();
    await look.screen('Favoritos');
    await page.getByTestId('tab-quinelas').click();
    await expect(page.getByTestId('pool-card')).toHaveCount(2);
    await look.screen('Quinielas');

    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByTestId('prediction-card').first()).toBeVisible();
    await page.getByTestId('pool-more').locator('summary').click();
    await look.screen('Quiniela (participante), Predecir, con las reglas');
    await segment(page, 'Ranking').click();
    await expect(page.getByTestId('ranking').getByTestId('ranking-row')).toHaveCount(1);
    await expect(page.getByTestId('evolution')).toBeVisible();
    await look.screen('Quiniela (participante), Ranking');
    await page.getByTestId('round-select').click();
    await page.locator('ion-popover ion-radio', { hasText: `Jornada ${match.weekNumber}` }).click();
    await expect(page.locator('ion-popover')).toHaveCount(0);
    await page.getByText('Ver quién eligió qué').click();
    await expect(page.getByTestId('jornada-provisional')).toBeVisible();
    await look.screen('Quiniela (participante), Ranking de una jornada, con sus pronósticos');
    await segment(page, 'Muro').click();
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await look.screen('Quiniela (participante), Muro');

    await page.goto(`/tabs/pool/${season.id}`);
    await segment(page, 'Resultados').click();
    await expect(page.getByTestId('result-card').first()).toBeVisible();
    await look.screen('Quiniela (participante), Resultados');
    await page.getByTestId('match-comments-toggle').first().click();
    await expect(page.getByRole('region', { name: 'Comentarios' })).toBeVisible();
    await look.screen('Quiniela (participante), Resultados, comentarios');

    await signInViaStorage(page, api, owner);
    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByTestId('participant-list')).toBeVisible();
    await page.getByTestId('pool-more').locator('summary').click();
    await page.getByTestId('invite-by-email').click();
    await look.screen('Quiniela (creador), Participantes, reglas y opciones, invitar por correo');
    await page.getByRole('button', { name: 'Cerrar a nuevos miembros' }).click();
    await expectToast(page, 'Quiniela cerrada a nuevos miembros.');
    await look.screen('Quiniela (creador), con un aviso (toast)');
  });
}, DARK_PHONES);
