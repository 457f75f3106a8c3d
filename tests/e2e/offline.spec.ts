import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  createFutureMatch,
  expectToast,
  PHONES,
  playerInPool,
  scrollToMatchCard,
  scrollToPredictionCard,
  seriousA11yViolations,
  signedInUser,
  test,
} from './helpers.ts';

/** Ionic keeps the other tabs' pages in the DOM, hidden: only the visible cards count. */
const visibleMatchCards = (page: Page) => page.getByTestId('match-card').filter({ visible: true });
const banner = (page: Page) => page.getByRole('status').and(page.getByTestId('connection-banner'));

/** The service worker is active (the app shell is cached) and answers this page's requests. */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The spec's response cache: keys under `api_cache_`. */
function cachedAnswerKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('api_cache_'))
      .sort(),
  );
}

test('offline: Inicio and a pool open from saved data, marked as such; a pick is not sent; back online all is fresh', async ({
  page,
  context,
  api,
}) => {
  // Inicio lists the whole season: reaching a match added at its end takes a while on a busy machine.
  test.slow();
  const { admin, match, player, pool } = await playerInPool(page, api, 'metro', { description: 'Sin cobertura' });

  // Online: Inicio, then the pool, while the service worker installs and takes the page.
  await page.goto('/tabs/home');
  await waitForServiceWorkerControl(page);
  await expect(visibleMatchCards(page).first()).toBeVisible();
  const firstCardsOnline = (await visibleMatchCards(page).allInnerTexts()).slice(0, 3);
  await expect(banner(page)).toHaveText('');

  await page.goto(`/tabs/pool/${pool.id}`);
  const card = await scrollToPredictionCard(page, match.id);
  await expect(card).toContainText(match.home);
  expect(await cachedAnswerKeys(page)).toEqual(
    expect.arrayContaining([
      `api_cache_${player.userProfile.id}:/api/matches`,
      `api_cache_${player.userProfile.id}:/api/teams`,
      `api_cache_${player.userProfile.id}:/api/pools/${pool.id}`,
    ]),
  );

  // Offline, reload: the service worker opens the app shell, the API client the saved answers.
  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: pool.name })).toBeVisible();
  await scrollToPredictionCard(page, match.id);
  await expect(card).toContainText(match.home);
  await expect(card).toContainText(match.away);
  await expect(banner(page)).toHaveText(/^Sin conexión · mostrando datos guardados (de las|del [^,]+,) \d{2}:\d{2}$/);

  // A pick cannot be sent: a clear error, and the card does not show it as made.
  await card.getByRole('button', { name: 'Local' }).click();
  await expectToast(page, 'Error al enviar la predicción.');
  await expect(card.getByRole('button', { name: 'Local' })).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByRole('button', { name: 'Local' })).toBeEnabled();
  await expect(card).not.toContainText('Tu pronóstico');

  await page.getByTestId('tab-home').click();
  await expect(page).toHaveURL(/\/tabs\/home$/);
  await expect(visibleMatchCards(page).first()).toBeVisible();
  expect((await visibleMatchCards(page).allInnerTexts()).slice(0, 3)).toEqual(firstCardsOnline);
  await expect(banner(page)).toContainText('Sin conexión');

  // Something changes on the server meanwhile; back online, the screens fetch it and the mark goes.
  const newMatch = await createFutureMatch(api, admin);
  await context.setOffline(false);
  await expect(banner(page)).toHaveText('');
  // Retried: the refetch may land after the user has scrolled to the end of the list.
  await expect(async () => {
    await scrollToMatchCard(page, newMatch.id);
  }).toPass();

  const { data: stored } = await api.call<{ data: unknown[] }>(
    player,
    'GET',
    `/api/predictions/user/${player.userProfile.id}`,
  );
  expect(stored).toEqual([]);
});

// In the light theme and in the dark one (dark-theme.spec.ts checks the other screens dark).
for (const [colorScheme, viewport] of [
  ['light', PHONES[0]],
  ['dark', PHONES[0]],
] as const) {
  test.describe(`${colorScheme}, ${viewport.width}×${viewport.height}`, () => {
    test.use({ colorScheme, viewport });

    test('offline with nothing saved: the screen shows its error state and the banner says so', async ({
      page,
      context,
      api,
    }) => {
      await signedInUser(page, api, 'sin-nada');
      await page.goto('/login');
      await waitForServiceWorkerControl(page);

      await context.setOffline(true);
      await page.goto('/tabs/home');
      await expect(page.locator('.screen-state', { hasText: 'Error al cargar los partidos' })).toBeVisible();
      await expect(banner(page)).toHaveText('Sin conexión');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.setOffline(false);
      await expect(visibleMatchCards(page).first()).toBeVisible();
      await expect(banner(page)).toHaveText('');
    });
  });
}

test("signing out forgets this account's saved answers", async ({ page, api }) => {
  const user = await signedInUser(page, api, 'salida-cache');
  await page.goto('/tabs/home');
  await expect(visibleMatchCards(page).first()).toBeVisible();
  expect(await cachedAnswerKeys(page)).toEqual([
    `api_cache_${user.userProfile.id}:/api/matches`,
    `api_cache_${user.userProfile.id}:/api/teams`,
  ]);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cachedAnswerKeys(page)).toEqual([]);
});

test('installable: the manifest is linked and complete, Chromium finds nothing missing, the service worker controls the page', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium never calls a page installable in an incognito profile, which is what a test context is:
  // this test starts a browser of its own, with a throwaway profile (slow on a busy machine).
  test.slow();
  const { launchOptions, viewport, locale } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext('', {
    ...launchOptions,
    baseURL,
    viewport,
    locale,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/`);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Quiniela',
      short_name: 'Quiniela',
      lang: 'es',
      start_url: '/tabs/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#1b7a3d',
      background_color: '#f4f6f5',
    });
    expect(manifest).toHaveProperty('description', expect.stringMatching(/\S/));
    // The browser's bar follows the theme: green in the light one, the dark toolbar's colour in the dark one.
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute('content', '#1b7a3d');
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', '#1c211e');

    // Every icon is there at its declared size; any-purpose 192 and 512, and a maskable one.
    const naturalSize = (src: string) =>
      page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, src);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(await naturalSize(icon.src)).toBe(icon.sizes);
    }
    const declared = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await naturalSize(appleIcon ?? '')).toBe('180x180');

    // Chromium's own installability check (what Lighthouse reports): nothing missing.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a new version: the prompt offers it, and "Actualizar" switches to it and reloads', async ({ page, baseURL }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await page.evaluate(() => sessionStorage.setItem('before-update', 'yes'));
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A deploy, as the browser sees it: the registration's worker script changes. (Its update
  // check cannot be intercepted from the test; a new script URL in the same scope is an update too.)
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?version=next');
  });
  const prompt = page.getByTestId('update-prompt').filter({ hasText: 'Hay una nueva versión disponible' });
  await expect(prompt).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Actualizar' }).click();
  await reloaded;
  expect(before).toBe(`${baseURL}/sw.js`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${baseURL}/sw.js?version=next`,
  );
  // The same tab, reloaded (a new window object, same session storage).
  expect(await page.evaluate(() => sessionStorage.getItem('before-update'))).toBe('yes');
});
