import { expect } from '@playwright/test';
import {
  bearer,
  expectToast,
  newCredentials,
  registerWithForm,
  shownToast,
  signedInUser,
  storedKeys,
  submitSignInForm,
  test,
} from './helpers.ts';

test('a new user registers, signs in and sees the upcoming matches in the tab shell', async ({ page, request }) => {
  const user = newCredentials('registro');

  await registerWithForm(page, user);

  await expect(page).toHaveURL(/\/login$/);
  await expect(shownToast(page)).toBeVisible();

  await submitSignInForm(page, user.email, user.password);

  await expect(page).toHaveURL(/\/tabs\/home$/);
  const tabs = page.getByTestId('tab-bar').getByRole('link');
  await expect(tabs).toHaveText(['Inicio', 'Quinelas', 'Favoritos']);

  const firstCard = page.getByTestId('match-card').first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard).toContainText('VS');
  await expect(firstCard.locator('time')).toHaveText(
    /^[a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}(, \d{1,2}:\d{2}| · hora por confirmar)$/,
  );
  await expect(firstCard.getByRole('img')).toHaveCount(2);

  const keys = await storedKeys(page);
  expect(JSON.parse(keys.userProfile ?? 'null')).toMatchObject({ name: user.name, email: user.email });
  const session = JSON.parse(keys.session ?? 'null') as { accessToken: string; tokenType: string };
  expect(session.tokenType).toBe('Bearer');

  // The shipped LaLiga clubs are the teams with a club badge.
  const teamsResponse = await request.get('/api/teams', bearer(session.accessToken));
  const { data: teams } = (await teamsResponse.json()) as { data: { name: string; logoUrl: string | null }[] };
  const clubNames = teams.filter((team) => team.logoUrl?.startsWith('/logos/clubs/')).map((team) => team.name);
  const namesOnCards = await page.locator('.match-card__team-name').allTextContents();
  expect(
    namesOnCards.some((name) => clubNames.includes(name)),
    namesOnCards.join(', '),
  ).toBe(true);
});

test('signing in with empty fields asks to complete them', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToast(page, 'Por favor, completa todos los campos.');
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows the server's message", async ({ page, api }) => {
  const user = await api.signUp('clave');

  await page.goto('/login');
  await submitSignInForm(page, user.email, 'no-es-mi-clave');

  await expectToast(page, 'Correo o contraseña incorrectos.', 'Error al iniciar sesión');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });
});

test('signing out forgets the session, protects the tabs again and allows signing back in', async ({ page, api }) => {
  const user = await signedInUser(page, api, 'salir');
  await page.goto('/tabs/quinelas');
  await expect(page.getByRole('heading', { name: 'Mis Quinelas' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });

  await submitSignInForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/tabs\/home$/);
  await expect(page.getByTestId('match-card').first()).toBeVisible();
  // Leaving the pools tab by signing out is not a visit by a signed-out user.
  await expect(shownToast(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/tabs/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session ended on the server sends the user to the sign-in screen, which says why once', async ({
  page,
  request,
  api,
}) => {
  const { session } = await signedInUser(page, api, 'caducada');
  await page.goto('/tabs/home');
  await expect(page.getByTestId('match-card').first()).toBeVisible();

  // Revoked on the server (as signing out elsewhere, or its expiry, would): the next load is answered 401. The app
  // is closed first: an open page may call the server between the revocation and a reload, go to the sign-in
  // screen with the notice, and the reload would then rightly start without it.
  await page.goto('about:blank');
  const signOut = await request.post('/auth/signout', bearer(session.accessToken));
  expect(signOut.status(), await signOut.text()).toBe(200);
  await page.goto('/tabs/home');

  await expect(page).toHaveURL(/\/login$/);
  // Revoked, not expired: the notice does not say "caducado" alone.
  await expect(page.getByTestId('sign-in-notice')).toHaveText('Tu sesión se cerró o caducó. Inicia sesión de nuevo.');
  expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });

  // Once: a reload of the sign-in screen does not repeat it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page.getByTestId('sign-in-notice')).toHaveCount(0);
  await expect(page.getByText('Tu sesión se cerró o caducó. Inicia sesión de nuevo.')).toHaveCount(0);
});
