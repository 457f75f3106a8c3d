import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';

interface SignInAnswer {
  session: { accessToken: string };
  userProfile: { id: number };
}

/** A signed-in account as the API sees it. */
export interface ApiSession {
  token: string;
  userId: number;
}

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
export async function signInViaStorage(page: Page, request: APIRequestContext, user: TestUser): Promise<ApiSession> {
  const response = await request.post('/auth/signin', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { session, userProfile } = (await response.json()) as SignInAnswer;
  await page.goto('/login');
  await page.evaluate(
    ([storedSession, storedProfile]) => {
      localStorage.setItem('session', JSON.stringify(storedSession));
      localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    },
    [session, userProfile] as const,
  );
  return { token: session.accessToken, userId: userProfile.id };
}

export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
}

/** The toast on screen, if any (web/components/toaster.tsx). */
export const shownToast = (page: Page) => page.getByTestId('toast');

/** A toast that is on screen, with this message (and header). */
export async function expectToast(page: Page, message: string, header?: string): Promise<void> {
  const toast = shownToast(page).filter({ has: page.locator('.toast-message', { hasText: message }) });
  await expect(toast).toBeVisible();
  if (header !== undefined) await expect(toast.locator('.toast-header')).toHaveText(header);
}

export async function storedKeys(page: Page): Promise<{ session: string | null; userProfile: string | null }> {
  return page.evaluate(() => ({
    session: localStorage.getItem('session'),
    userProfile: localStorage.getItem('userProfile'),
  }));
}

/** Signs in through the API only: for accounts that set up data behind the screens. */
export async function signInViaApi(request: APIRequestContext, credentials: { email: string; password: string }): Promise<ApiSession> {
  const response = await request.post('/auth/signin', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const { session, userProfile } = (await response.json()) as SignInAnswer;
  return { token: session.accessToken, userId: userProfile.id };
}

/** A registered and signed-in account, made through the API. */
export async function newApiUser(request: APIRequestContext, label: string): Promise<TestUser & ApiSession> {
  const user = newTestUser(label);
  await registerViaApi(request, user);
  return { ...user, ...(await signInViaApi(request, user)) };
}

/** An authenticated API call that must answer `status`; returns the parsed body. */
export async function callApi<T>(
  request: APIRequestContext,
  as: ApiSession,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  { data, status = method === 'POST' ? 201 : 200 }: { data?: object; status?: number } = {},
): Promise<T> {
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${as.token}` }, ...(data ? { data } : {}) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

export interface TestPool {
  id: number;
  name: string;
  invitationCode: number;
}

/** A pool owned by `owner`, with a fresh random code (a taken one is retried, like the app does). */
export async function createPoolViaApi(
  request: APIRequestContext,
  owner: ApiSession,
  fields: { name: string; description?: string; maxParticipants?: number },
): Promise<TestPool> {
  for (;;) {
    const invitationCode = 100000 + Math.floor(Math.random() * 900000);
    const response = await request.post('/api/pools', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { description: '', ...fields, invitationCode, creatorId: owner.userId },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: TestPool }).data;
  }
}

export async function joinPoolViaApi(request: APIRequestContext, user: ApiSession, pool: TestPool): Promise<void> {
  await callApi(request, user, 'POST', '/api/pools/join', {
    data: { invitationCode: pool.invitationCode, userId: user.userId },
    status: 200,
  });
}

export interface TestMatch {
  id: number;
  weekNumber: number;
  home: string;
  away: string;
}

/**
 * A match between two shipped clubs, kicking off months from now, entered by
 * the admin: tests predict on it whatever the calendar says.
 */
export async function createFutureMatch(request: APIRequestContext, admin: ApiSession, weekNumber = 38): Promise<TestMatch> {
  const { data: teams } = await callApi<{ data: { id: number; name: string; logoUrl: string | null }[] }>(request, admin, 'GET', '/api/teams');
  const clubs = teams.filter((team) => team.logoUrl?.startsWith('/logos/clubs/'));
  const first = Math.floor(Math.random() * clubs.length);
  const home = clubs[first];
  const away = clubs[(first + 1) % clubs.length];
  if (!home || !away) throw new Error('The shipped data has no clubs');
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const { data: match } = await callApi<{ data: { id: number } }>(request, admin, 'POST', '/api/matches', {
    data: {
      competition: 'e2e',
      round: `Prueba ${unique}`,
      weekNumber,
      matchDate: new Date(Date.now() + 200 * 86_400_000).toISOString(),
      homeTeamId: home.id,
      awayTeamId: away.id,
    },
  });
  return { id: match.id, weekNumber, home: home.name, away: away.name };
}

/**
 * Scrolls Inicio down, as a user would, until the list has rendered the match's
 * card: the list renders its cards in batches as its end comes into view.
 */
export async function scrollToMatchCard(page: Page, matchId: number): Promise<Locator> {
  const card = page.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);
  const more = page.getByRole('button', { name: 'Ver más partidos' }).filter({ visible: true });
  const cards = page.getByTestId('match-card').filter({ visible: true });
  await expect(card.or(more).first()).toBeAttached();
  while ((await card.count()) === 0) {
    if ((await more.count()) === 0) throw new Error(`Inicio lists no match ${matchId}`);
    const rendered = await cards.count();
    await more.scrollIntoViewIfNeeded();
    await expect(cards).not.toHaveCount(rendered);
  }
  return card;
}

/** The admin account the e2e server was started with. */
export const signInAsAdmin = (request: APIRequestContext) => signInViaApi(request, e2eAdmin);

/** axe-core's serious and critical findings on the current screen (the brief's accessibility bar: none). */
export async function seriousA11yViolations(page: Page) {
  // Colours are measured mid-fade otherwise (a modal opening, a segment sliding).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** The device's biometric keys the spec names: the passkey's credential id and the enabled flag. */
export async function biometricKeys(page: Page): Promise<{ credentialId: string | null; enabled: string | null }> {
  return page.evaluate(() => ({
    credentialId: localStorage.getItem('auth_credId'),
    enabled: localStorage.getItem('auth_bio_enabled'),
  }));
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials it holds; ids in base64url, as the app and the server write them. */
  credentials(): Promise<{ id: string; rpId: string | undefined; isResidentCredential: boolean }[]>;
  /** Whether the next ceremonies verify the user (a finger that is recognised, or not). */
  setUserVerified(isUserVerified: boolean): Promise<void>;
}

/**
 * A platform authenticator with user verification (fingerprint, face) for the
 * page, through Chromium's WebAuthn DevTools domain. Add it before the app
 * loads: the app asks once per load whether one is available.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.map((credential) => ({
        id: credential.credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
        rpId: credential.rpId,
        isResidentCredential: credential.isResidentCredential,
      }));
    },
    async setUserVerified(isUserVerified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
  };
}

/**
 * Playwright's headless Chromium has no push service: `pushManager.subscribe` is refused,
 * as in a browser whose push service is unavailable. Tests of a push-capable browser
 * give the page a subscription the server accepts instead (a made-up https endpoint;
 * nothing is pushed to it, since no test's server-side reminder falls due during the run).
 */
export async function emulatePushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!('PushManager' in window)) return;
    let current: PushSubscription | null = null;
    const made = (options: PushSubscriptionOptionsInit | undefined): PushSubscription => {
      const endpoint = `https://push.example.com/e2e/${Math.random().toString(36).slice(2)}`;
      const key = options?.applicationServerKey;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key instanceof Uint8Array ? key.buffer : (key ?? null) },
        getKey: () => null,
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      };
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = function (options) {
      current = made(options);
      return Promise.resolve(current);
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
  });
}
