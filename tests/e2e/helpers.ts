import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** Every test makes its own account, so tests never share state. */
export function newTestUser(label: string): TestUser {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `Prueba ${label}`, email: `${label}-${unique}@example.com`, password: 'contraseña-segura-1' };
}

export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/auth/signup', { data: user });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through the API and stores the session the way the app does, skipping the form. */
export async function signInViaStorage(page: Page, request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/auth/signin', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { session, userProfile } = (await response.json()) as { session: unknown; userProfile: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedSession, storedProfile]) => {
      localStorage.setItem('session', JSON.stringify(storedSession));
      localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    },
    [session, userProfile] as const,
  );
}

export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
}

/**
 * A toast that is on screen. Its texts live in ion-toast's shadow root, which
 * Playwright's CSS locators pierce.
 */
export async function expectToast(page: Page, message: string, header?: string): Promise<void> {
  const toast = page.locator('ion-toast:not(.overlay-hidden)').filter({
    has: page.locator('.toast-message', { hasText: message }),
  });
  await expect(toast).toBeVisible();
  if (header !== undefined) await expect(toast.locator('.toast-header')).toHaveText(header);
}

export async function storedKeys(page: Page): Promise<{ session: string | null; userProfile: string | null }> {
  return page.evaluate(() => ({
    session: localStorage.getItem('session'),
    userProfile: localStorage.getItem('userProfile'),
  }));
}
