import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addVirtualAuthenticator,
  bearer,
  biometricKeys,
  expectToast,
  seriousA11yViolations,
  storedKeys,
  storedToken,
  submitSignInForm,
  test,
  type Credentials,
  type Factories,
  type VirtualAuthenticator,
} from './helpers.ts';

/*
 * Biometric sign-in (the spec's sign-in screen and flow, its biometric errors and
 * request constants) with a passkey, in Chromium with a virtual platform
 * authenticator (internal transport, resident keys, user verification) standing
 * in for the fingerprint reader. Every ceremony is verified by the real server.
 */

const fingerprintButton = (page: Page) => page.getByRole('button', { name: 'Usar huella o Face ID' });
/** The header's button to this user's passkeys (not the offer's 'Registrar Biometría'). */
const biometricsButton = (page: Page) => page.getByRole('button', { name: 'Biometría', exact: true });
const offer = (page: Page) => page.locator('ion-alert', { hasText: 'Registrar Biometría' });
const verificationPrompt = (page: Page) => page.locator('ion-alert', { hasText: 'Verificación biométrica' });

async function signInWithPassword(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login');
  await submitSignInForm(page, user.email, user.password);
}

/** The stored session's token answers a protected call: the session works. */
async function expectWorkingSession(page: Page, request: APIRequestContext): Promise<string> {
  const accessToken = await storedToken(page);
  const profile = await request.get('/auth/profile', bearer(accessToken));
  expect(profile.status(), await profile.text()).toBe(200);
  const teams = await request.get('/api/teams', bearer(accessToken));
  expect(teams.status()).toBe(200);
  return accessToken;
}

/** Password sign-in, then the offer's 'Registrar Biometría': biometric sign-in is on for this device. */
async function registerBiometrics(page: Page, user: Credentials): Promise<void> {
  await signInWithPassword(page, user);
  await offer(page).getByRole('button', { name: 'Registrar Biometría' }).click();
  await expectToast(page, 'Biometría registrada.');
  await expect(page).toHaveURL(/\/tabs\/home$/);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A new account that registered biometrics on this device, then signed out: the sign-in screen is shown. */
async function signedOutWithBiometrics(page: Page, api: Factories, label: string): Promise<Credentials> {
  const user = await api.signUp(label);
  await registerBiometrics(page, user);
  await signOut(page);
  return user;
}

/** A password sign-in on a device with biometrics enabled, up to the verification it asks for: the session's token. */
async function signInUpToVerification(page: Page, user: Credentials): Promise<string> {
  await signInWithPassword(page, user);
  await expect(verificationPrompt(page)).toBeVisible();
  return storedToken(page);
}

/** Back on a usable sign-in form, with the session forgotten here and revoked on the server, not only forgotten. */
async function expectSessionDiscarded(page: Page, request: APIRequestContext, accessToken: string): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
  expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });
  expect((await request.get('/auth/profile', bearer(accessToken))).status()).toBe(401);
}

test.describe('on a device with a platform authenticator', () => {
  let authenticator: VirtualAuthenticator;
  // Added before the app loads: the app asks once per load whether one is there.
  test.beforeEach(async ({ context, page }) => {
    authenticator = await addVirtualAuthenticator(context, page);
  });

  test('the offer after a password sign-in: "Ahora No" goes home and registers nothing', async ({
    page,
    request,
    api,
  }) => {
    const user = await api.signUp('ahora-no');

    await signInWithPassword(page, user);
    await expect(offer(page)).toBeVisible();
    await expect(offer(page).getByRole('button', { name: 'Ahora No' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await offer(page).getByRole('button', { name: 'Ahora No' }).click();

    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await expectWorkingSession(page, request);
    expect(await authenticator.credentials()).toEqual([]);
    expect(await biometricKeys(page)).toEqual({ credentialId: null, enabled: null });
  });

  test('register from the offer, sign out, then sign in with the fingerprint button', async ({
    page,
    request,
    api,
  }) => {
    const user = await api.signUp('huella');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    // Nothing is enabled on this device yet: no fingerprint button.
    await expect(fingerprintButton(page)).toHaveCount(0);

    await registerBiometrics(page, user);

    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
    expect(await biometricKeys(page)).toEqual({ credentialId: credentials[0]?.id, enabled: 'true' });
    const passwordToken = await expectWorkingSession(page, request);

    // Signing out forgets the session but keeps this device's passkey.
    await signOut(page);
    expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });
    expect(await biometricKeys(page)).toEqual({ credentialId: credentials[0]?.id, enabled: 'true' });

    await expect(fingerprintButton(page)).toBeVisible();
    await fingerprintButton(page).click();

    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    const passkeyToken = await expectWorkingSession(page, request);
    expect(passkeyToken).not.toBe(passwordToken);
    const { userProfile } = await storedKeys(page);
    expect(JSON.parse(userProfile ?? 'null')).toMatchObject({ name: user.name, email: user.email });

    // The server recorded the use of the passkey.
    const list = await request.get('/auth/passkeys', bearer(passkeyToken));
    const { data: passkeys } = (await list.json()) as { data: { id: string; lastUsedAt: string | null }[] };
    expect(passkeys).toEqual([expect.objectContaining({ id: credentials[0]?.id, lastUsedAt: expect.any(String) })]);
  });

  test('a finger that is not recognised on the fingerprint button leaves the user on the form', async ({
    page,
    api,
  }) => {
    await signedOutWithBiometrics(page, api, 'no-reconocida');

    await authenticator.setUserVerified(false);
    await fingerprintButton(page).click();

    await expectToast(page, 'Fallo en el inicio de sesión biométrico.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual({ session: null, userProfile: null });
    // The passkey is still there for the next try.
    await expect(fingerprintButton(page)).toBeVisible();
  });

  test('an enabled device asks for the verification after a password sign-in, and passes it', async ({
    page,
    request,
    api,
  }) => {
    const user = await signedOutWithBiometrics(page, api, 'verifica');

    await signInWithPassword(page, user);
    await expect(verificationPrompt(page)).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
    await verificationPrompt(page).getByRole('button', { name: 'Verificar' }).click();

    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expectWorkingSession(page, request);
  });

  test('a failed verification after a password sign-in goes back to the form and discards the session', async ({
    page,
    request,
    api,
  }) => {
    const user = await signedOutWithBiometrics(page, api, 'verifica-mal');

    await authenticator.setUserVerified(false);
    const accessToken = await signInUpToVerification(page, user);
    await verificationPrompt(page).getByRole('button', { name: 'Verificar' }).click();

    await expectToast(page, 'Fallo en la verificación biométrica.');
    await expectSessionDiscarded(page, request, accessToken);
    await page.goto('/tabs/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('"Cancelar" on the verification after a password sign-in says the sign-in was cancelled', async ({
    page,
    request,
    api,
  }) => {
    const user = await signedOutWithBiometrics(page, api, 'cancela');

    const accessToken = await signInUpToVerification(page, user);
    await verificationPrompt(page).getByRole('button', { name: 'Cancelar' }).click();

    await expectToast(page, 'Inicio de sesión cancelado');
    await expectSessionDiscarded(page, request, accessToken);
  });

  test('removing the passkey from "Biometría" hides the fingerprint button', async ({ page, request, api }) => {
    const user = await api.signUp('quitar');
    await registerBiometrics(page, user);

    await biometricsButton(page).click();
    const item = page.getByTestId('passkey-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Este dispositivo');
    await expect(item).toContainText('Sin usar todavía');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await item.getByRole('button', { name: 'Eliminar biometría: Este dispositivo' }).click();
    await page.locator('ion-alert').getByRole('button', { name: 'Eliminar' }).click();

    await expectToast(page, 'Biometría eliminada.');
    await expect(item).toHaveCount(0);
    expect(await biometricKeys(page)).toEqual({ credentialId: null, enabled: 'false' });
    // The browser is told the passkey is gone (WebAuthn signal), and the authenticator drops it.
    await expect.poll(() => authenticator.credentials()).toEqual([]);
    const list = await request.get('/auth/passkeys', bearer(await storedToken(page)));
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);

    // Ionic un-hides the app when its last overlay closes, judged when each dismissal starts: a dialog closed while
    // the confirmation is still fading out would leave the app hidden from the accessibility tree.
    await expect(page.locator('ion-alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await signOut(page);
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(fingerprintButton(page)).toHaveCount(0);
  });

  test('after "Ahora No", biometrics can still be registered from "Biometría"', async ({ page, api }) => {
    const user = await api.signUp('mas-tarde');
    await signInWithPassword(page, user);
    await offer(page).getByRole('button', { name: 'Ahora No' }).click();
    await expect(page).toHaveURL(/\/tabs\/home$/);

    await biometricsButton(page).click();
    await expect(page.getByText('No tienes ninguna huella o Face ID registrada.')).toBeVisible();
    await page.getByTestId('passkey-register').click();

    await expectToast(page, 'Biometría registrada.');
    await expect(page.getByTestId('passkey-item')).toContainText('Este dispositivo');
    await expect(page.getByTestId('passkey-register')).toHaveCount(0);
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(await biometricKeys(page)).toEqual({ credentialId: credentials[0]?.id, enabled: 'true' });
  });

  test('on http://127.0.0.1, where passkeys cannot work, a password sign-in goes home with no offer', async ({
    page,
    baseURL,
    api,
  }) => {
    const user = await api.signUp('ip');
    const ipOrigin = (baseURL ?? '').replace('//localhost:', '//127.0.0.1:');
    expect(ipOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    await page.goto(`${ipOrigin}/login`);
    await submitSignInForm(page, user.email, user.password);

    await expect(page).toHaveURL(`${ipOrigin}/tabs/home`);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await expect(page.locator('ion-alert')).toHaveCount(0);
  });

  test('"Ahora No" is remembered for that user on this device, not for another; "Biometría" brings the offer back', async ({
    page,
    api,
  }) => {
    const user = await api.signUp('recuerda');
    const other = await api.signUp('otro');

    await signInWithPassword(page, user);
    await offer(page).getByRole('button', { name: 'Ahora No' }).click();
    await expect(page).toHaveURL(/\/tabs\/home$/);
    await signOut(page);

    // The same user again: straight home.
    await signInWithPassword(page, user);
    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await expect(page.locator('ion-alert')).toHaveCount(0);
    await signOut(page);

    // Another user on the same device is still offered it.
    await signInWithPassword(page, other);
    await expect(offer(page)).toBeVisible();
    await offer(page).getByRole('button', { name: 'Ahora No' }).click();
    await expect(page).toHaveURL(/\/tabs\/home$/);

    // The answer can be changed in "Biometría": the offer comes back at the next sign-in.
    await biometricsButton(page).click();
    await page.getByTestId('passkey-offer-again').click();
    await expectToast(page, 'Te la ofreceremos la próxima vez que inicies sesión.');
    await expect(page.getByTestId('passkey-offer-again')).toHaveCount(0);
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await signOut(page);
    await signInWithPassword(page, other);
    await expect(offer(page)).toBeVisible();
  });

  test('the sign-in screen with the fingerprint button has no serious accessibility violation', async ({
    page,
    api,
  }) => {
    await signedOutWithBiometrics(page, api, 'accesible-huella');

    await expect(fingerprintButton(page)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('on a device without a platform authenticator', () => {
  test('a password sign-in goes straight home, with no offer and no fingerprint button', async ({ page, api }) => {
    const user = await api.signUp('sin-huella');

    await signInWithPassword(page, user);
    await expect(page).toHaveURL(/\/tabs\/home$/);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await expect(page.locator('ion-alert')).toHaveCount(0);
    await expect(biometricsButton(page)).toHaveCount(0);

    // Even keys left behind by an earlier authenticator do not bring the button back without one.
    await page.evaluate(() => {
      localStorage.setItem('auth_credId', 'AAAA');
      localStorage.setItem('auth_bio_enabled', 'true');
    });
    await signOut(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(fingerprintButton(page)).toHaveCount(0);
  });
});
