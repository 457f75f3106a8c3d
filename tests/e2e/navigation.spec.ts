import { expect } from '@playwright/test';
import { bearer, expectToast, signedInUser, storedKeys, storedToken, test } from './helpers.ts';

test('/ opens the sign-in screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page, api }) => {
    await signedInUser(page, api, 'pestanas');
  });

  test('/tabs and /home open the home tab', async ({ page }) => {
    await page.goto('/tabs');
    await expect(page).toHaveURL(/\/tabs\/home$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expect(page.getByTestId('tab-bar')).toBeVisible();
  });

  test('a cold start on a tab breaks no rule of the Content Security Policy', async ({ page }) => {
    // Zod must be told not to probe eval before the tabs build the contract's schemas, whichever loads first.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.sourceFile}`),
      );
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation')) violations.push(message.text());
    });
    for (const tab of ['home', 'quinelas', 'favorites']) {
      await page.goto(`/tabs/${tab}`);
      await expect(page.getByTestId('tab-bar')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test('the tab bar switches between Inicio, Quinelas and Favoritos', async ({ page }) => {
    await page.goto('/tabs/home');
    await page.getByTestId('tab-quinelas').click();
    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(page.getByRole('heading', { name: 'Mis Quinelas' })).toBeVisible();

    await page.getByTestId('tab-favorites').click();
    await expect(page).toHaveURL(/\/tabs\/favorites$/);
    await expect(page.getByRole('heading', { name: 'Partidos Guardados' })).toBeVisible();
    await expect(page.getByText('Aún no tienes partidos favoritos. ¡Explora y añade algunos!')).toBeVisible();

    await page.getByTestId('tab-home').click();
    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
  });

  test('an unreadable stored profile sends the user back to sign in', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('userProfile', '{"id": 1,'));
    await page.goto('/tabs/home');

    await expectToast(page, 'Error al cargar tu perfil. Por favor, inicia sesión de nuevo.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });
  });

  test('a session the server has revoked sends the user back to sign in', async ({ page, request }) => {
    const signOut = await request.post('/auth/signout', bearer(await storedToken(page)));
    expect(signOut.status()).toBe(200);

    await page.goto('/tabs/home');

    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });
  });
});

test.describe('signed out', () => {
  test('the pools tab explains why it sends the visitor to sign in, without running the tabs or loading Ionic', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(() => {
      const record = window as unknown as { tabBarShown: boolean };
      record.tabBarShown = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="tab-bar"]')) record.tabBarShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/tabs/quinelas');
    await expectToast(page, 'Debes iniciar sesión para ver tus quinielas.');
    await expect(page).toHaveURL(/\/login$/);
    // The entry's own routes handled it all: no tab bar ever showed, and neither the pools screen nor Ionic was
    // fetched. (The tabs' chunks may be: a page in the tabs names them for preloading, for signed-in starts.)
    await expect(page.getByTestId('sign-in-submit')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { tabBarShown: boolean }).tabBarShown)).toBe(false);
    expect(scripts.filter((script) => /pools-page|setup/.test(script))).toEqual([]);
    expect(await page.evaluate(() => customElements.get('ion-button'))).toBeUndefined();
  });

  for (const path of ['/tabs/home', '/tabs/favorites', '/tabs']) {
    test(`${path} sends the visitor to sign in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});
