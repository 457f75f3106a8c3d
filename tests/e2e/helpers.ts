import AxeBuilder from '@axe-core/playwright';
import { expect, test as base } from '@playwright/test';
import type { APIRequestContext, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';
import type { Match, Pool, SignInResponse, Team } from '#contract/index';
import {
  createFactories,
  reply,
  unique,
  type Account,
  type Credentials,
  type Factories,
  type SignedIn,
  type Transport,
} from '../support/factories.ts';
import { e2eAdmin } from './admin-account.ts';
import { pushServiceModulePath, type PushServiceApi } from '../support/push-service-api.ts';
import { e2eSmtpPort, smtpServerModulePath, type SmtpServerApi } from '../support/smtp-server-api.ts';

export { newCredentials, unique, type Account, type Credentials, type Factories } from '../support/factories.ts';

/** The factories' transport for the e2e server: Playwright's request context, on the configured baseURL. */
export function requestTransport(request: APIRequestContext): Transport {
  return async (method, path, body, token) => {
    const response = await request.fetch(path, {
      method,
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      ...(body ? { data: body } : {}),
    });
    return reply(response.status(), await response.text());
  };
}

/**
 * Playwright's `test` with `api`: the shared factories (tests/support/factories.ts) against the e2e server, for
 * the accounts, pools, matches and picks a test starts from. Every test makes its own, so tests never share state.
 */
export const test = base.extend<{ api: Factories; push: E2ePushService }>({
  api: async ({ request }, use) => {
    await use(createFactories(requestTransport(request)));
  },
  /**
   * A push service of the test's own (`startE2ePushService`), closed after the test. What it receives comes from the
   * server's scheduler, which ticks every 2 seconds in these runs: a test that waits for it is slow.
   */
  push: async ({ baseURL }, use, testInfo) => {
    testInfo.slow();
    const push = await startE2ePushService(baseURL!);
    await use(push);
    await push.pushService.close();
  },
});

/** Signs in through the API and stores the session the way the app does, skipping the form. */
export async function signInViaStorage<C extends { email: string; password: string }>(
  page: Page,
  api: Factories,
  credentials: C,
): Promise<SignInResponse & C> {
  const account = await api.signIn(credentials);
  await page.goto('/login');
  await page.evaluate(
    ([storedSession, storedProfile]) => {
      localStorage.setItem('session', JSON.stringify(storedSession));
      localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    },
    [account.session, account.userProfile] as const,
  );
  return account;
}

/** A new account, registered through the API and signed in on the page (its session stored, as the app does). */
export async function signedInUser(page: Page, api: Factories, label: string): Promise<Account> {
  const { name, email, password } = await api.signUp(label);
  return signInViaStorage(page, api, { name, email, password });
}

/** The admin account the e2e server was started with, signed in through the API. */
export const signInAsAdmin = (api: Factories) => api.signIn(e2eAdmin);

/** Administración's sections, by their tabs' test ids (`admin-section-…`). */
export type AdminSection = 'matches' | 'import' | 'users' | 'teams';

/** That admin, signed in on the page, on Administración: on its section `section` when one is named. */
export async function openAdministracion(page: Page, api: Factories, section?: AdminSection): Promise<void> {
  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/tabs/admin');
  if (section) await page.getByTestId(`admin-section-${section}`).click();
}

export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
}

/** Fills the sign-in form and presses "Iniciar Sesión". */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await fillSignInForm(page, email, password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** Opens the register screen, fills its form and presses "Registrarse". */
export async function registerWithForm(page: Page, { name, email, password }: Credentials): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill(name);
  await fillSignInForm(page, email, password);
  await page.getByRole('button', { name: 'Registrarse' }).click();
}

/** The toast on screen, if any (web/components/toaster.tsx). */
export const shownToast = (page: Page) => page.getByTestId('toast');

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
/** Whether two boxes on screen share any area (`other` null: not on screen, so not). */
export const overlaps = (box: Box, other: Box | null) =>
  other !== null &&
  box.x < other.x + other.width &&
  other.x < box.x + box.width &&
  box.y < other.y + other.height &&
  other.y < box.y + box.height;

/** Picks `option` of a select whose options open in a popover, and waits for the popover to close. */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page
    .locator('ion-popover ion-radio')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
}

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

/** The access token of the session the app stored. */
export async function storedToken(page: Page): Promise<string> {
  const { session } = await storedKeys(page);
  return (JSON.parse(session ?? 'null') as { accessToken: string }).accessToken;
}

/** A request's options signed in with `token`. */
export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export interface TestMatch {
  id: number;
  weekNumber: number;
  home: string;
  away: string;
}

/**
 * A match between two shipped clubs (the ones named, or two at random), kicking off months from now, entered by the
 * admin with the spec's body (week 38 unless given, kick-off, teams: it becomes a `manual` match): tests predict on
 * it whatever the calendar says, in a pool created with the spec's body, which counts every match. A feature's test
 * that needs it in a competition gives `competition` (and `weekNumber`, a round of it); its round label is then the
 * test's own, so it never clashes with a shipped fixture (nor renames the round: only a round without a data label
 * is named by its matches' own labels). A pair already playing in that round (409) is tried again with another pair
 * (the pair named: a week later), as a league's calendar would.
 */
export async function createFutureMatch(
  api: Factories,
  admin: SignedIn,
  {
    weekNumber = 38,
    between,
    competition,
  }: { weekNumber?: number; between?: [string, string]; competition?: string } = {},
): Promise<TestMatch> {
  const { data: teams } = await api.call<{ data: Team[] }>(admin, 'GET', '/api/teams');
  const clubs = teams.filter((team) => team.logoUrl?.startsWith('/logos/clubs/'));
  for (let attempt = 0; ; attempt += 1) {
    const first = Math.floor(Math.random() * clubs.length);
    const [home, away] = between
      ? between.map((name) => teams.find((team) => team.name === name))
      : [clubs[first], clubs[(first + 1 + Math.floor(Math.random() * (clubs.length - 1))) % clubs.length]];
    if (!home || !away) throw new Error(`The shipped data has no ${between ? between.join(' or ') : 'clubs'}`);
    // The pair named plays again a week later; two clubs at random are another pair.
    const week = between ? ((weekNumber - 1 + attempt) % 99) + 1 : weekNumber;
    const body = {
      weekNumber: week,
      matchDate: new Date(Date.now() + 200 * 86_400_000).toISOString(),
      homeTeamId: home.id,
      awayTeamId: away.id,
      ...(competition === undefined ? {} : { competition, round: `Prueba ${unique()}` }),
    };
    const created = await api.call<{ data: Match }>(admin, 'POST', '/api/matches', { body }).catch((error: unknown) => {
      if (attempt < 8 && error instanceof Error && error.message.includes(' answered 409')) return null;
      throw error;
    });
    if (created) return { id: created.data.id, weekNumber: week, home: home.name, away: away.name };
  }
}

/**
 * A match the admin enters in jornada `weekNumber` ("Matchday N") of `competition`, kicking off at `kickoff` (ms): in a
 * competition of the test's own (`e2e-…`), no other test's matches are in its jornadas.
 */
export const roundMatch = (api: Factories, admin: SignedIn, competition: string, weekNumber: number, kickoff: number) =>
  api.match(admin, {
    competition,
    round: `Matchday ${weekNumber}`,
    weekNumber,
    matchDate: new Date(kickoff).toISOString(),
  });

/**
 * A LaLiga fixture of the shipped season's last jornada, for a feature's test whose pool plays the season (one made
 * in the app's dialog counts LaLiga from its next jornada); `LAST_LALIGA_POOL` counts that jornada alone, so
 * Predecir lists a few matches, not a season. The spec's tests use the spec's body for both instead.
 */
/** The first LaLiga fixture exactly as shipped, as openfootball writes it: importing it changes nothing. */
export const FIRST_LALIGA_FIXTURE = {
  round: 'Matchday 1',
  date: '2026-08-15',
  time: '19:30',
  team1: 'Deportivo Alavés',
  team2: 'Getafe CF',
  score: { ht: [0, 0], ft: [3, 0] },
};

/** A LaLiga file of `matches` as openfootball names it (es.1.json), for the import screen's file input. */
export const laligaUpload = (matches: readonly object[]) => ({
  name: 'es.1.json',
  mimeType: 'application/json',
  // Node's Buffer, which this folder's tsconfig (the web app's DOM settings) does not declare.
  buffer: (globalThis as unknown as { Buffer: { from(text: string, encoding: 'utf8'): Uint8Array } }).Buffer.from(
    JSON.stringify({ name: 'Spain Primera División 2026/27', matches }),
    'utf8',
  ),
});

export const LAST_LALIGA_ROUND = { competition: 'laliga-2026-27', weekNumber: 38 } as const;
export const LAST_LALIGA_POOL = { competition: 'laliga-2026-27', fromWeek: 38 } as const;

/** "Resultado exacto" with "Clásica" points and the comodín: the game whose cards have the most controls. */
export const EXACT_SCORE_WITH_JOKER = {
  mode: 'exactScore',
  preset: 'clasica',
  joker: true,
  knockoutFromWeek: null,
} as const;

/** Opens "Crear Nueva Quiniela" on Mis Quinelas and names the pool `${prefix} ${unique()}`: that name. */
export async function namePoolInDialog(page: Page, prefix: string): Promise<string> {
  await page.goto('/tabs/quinelas');
  await page.getByRole('button', { name: 'Crear Nueva Quiniela' }).click();
  const name = `${prefix} ${unique()}`;
  // Both pool dialogs stay in the page; only the open one is shown.
  await page.locator('ion-modal.show-modal').getByLabel('Nombre').fill(name);
  return name;
}

/**
 * The world a pool made in the dialog starts from: a match still to come, entered by the admin (a LaLiga fixture: a
 * pool made in the dialog plays a season), and its creator, signed in, with "Crear Nueva Quiniela" open on the pool
 * named (`namePoolInDialog`).
 */
export async function creatorInPoolDialog(page: Page, api: Factories, label: string, prefix: string) {
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin, LAST_LALIGA_ROUND);
  const owner = await signedInUser(page, api, label);
  const name = await namePoolInDialog(page, prefix);
  return { admin, match, owner, name };
}

/** The pool of `owner`'s named `name`, as the API lists the pools they made (what the dialog made). */
export async function ownedPool(api: Factories, owner: SignedIn, name: string): Promise<Pool> {
  const { data } = await api.call<{ data: { pools: Pool[] } }>(
    owner,
    'GET',
    `/api/pools/user/${owner.userProfile.id}/owned`,
  );
  const pool = data.pools.find((p) => p.name === name);
  if (!pool) throw new Error('the pool was not created');
  return pool;
}

/**
 * The world a pick needs: a match still to come, entered by the admin, and a new player, signed in on the page,
 * who joined a new pool of another new account (its creator, `owner`).
 */
export async function playerInPool(
  page: Page,
  api: Factories,
  label: string,
  poolFields: Parameters<Factories['pool']>[1] = {},
): Promise<{ admin: SignInResponse; match: TestMatch; owner: Account; player: Account; pool: Pool }> {
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin);
  const owner = await api.user(`${label}-crea`);
  const player = await signedInUser(page, api, label);
  // The spec's body unless the test gives more: the pool counts every match, the admin's one included.
  const pool = await api.pool(owner, { ...poolFields, players: [player] });
  return { admin, match, owner, player, pool };
}

/**
 * Scrolls a batched list down, as a user would, until it has rendered the card (`data-testid` = `testId`) of
 * the match: Inicio and Predecir render their cards in batches as the list's end comes into view.
 */
export async function scrollToCard(
  page: Page,
  testId: 'match-card' | 'prediction-card',
  matchId: number,
): Promise<Locator> {
  const card = page.locator(`[data-testid="${testId}"][data-match-id="${matchId}"]`);
  const more = page.getByRole('button', { name: 'Ver más partidos' }).filter({ visible: true });
  await expect(card.or(more).first()).toBeAttached();
  // Predecir also renders its next batches by itself while the page is idle: the card may come between two looks.
  await expect(async () => {
    if ((await card.count()) > 0) return;
    if ((await more.count()) > 0) await more.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => {});
    expect(await card.count(), `the list has no ${testId} for match ${matchId}`).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000, intervals: [100] });
  return card;
}

/**
 * Scrolls a batched list down to its end, until every card (`data-testid` = `testId`) is rendered: to show that a
 * card is nowhere in it. Returns how many there are.
 */
export async function scrollToListEnd(page: Page, testId: 'match-card' | 'prediction-card'): Promise<number> {
  const more = page.getByRole('button', { name: 'Ver más partidos' }).filter({ visible: true });
  const cards = page.getByTestId(testId).filter({ visible: true });
  await expect(cards.first()).toBeVisible();
  // Predecir also renders its next batches by itself while the page is idle: the button may go between two looks.
  await expect(async () => {
    if ((await more.count()) > 0) await more.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => {});
    expect(await more.count(), `the ${testId} list has more to show`).toBe(0);
  }).toPass({ timeout: 60_000, intervals: [100] });
  return cards.count();
}

/** Inicio's card of the match, scrolled to (`scrollToCard`). */
export const scrollToMatchCard = (page: Page, matchId: number) => scrollToCard(page, 'match-card', matchId);

/** Predecir's card of the match, scrolled to (`scrollToCard`). */
export const scrollToPredictionCard = (page: Page, matchId: number) => scrollToCard(page, 'prediction-card', matchId);

/** The phones the layout tests run on (issue 41): a common one, and the narrowest still in use. */
export const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
export type Phone = (typeof PHONES)[number];

/** Declares `tests` once for each phone (of `phones`), in a group named after its size that runs at that viewport. */
export function onEachPhone(tests: (phone: Phone) => void, phones: readonly Phone[] = PHONES): void {
  for (const phone of phones) {
    test.describe(`at ${phone.width}×${phone.height}`, () => {
      test.use({ viewport: phone });
      tests(phone);
    });
  }
}

/** Waits until nothing moves (a modal opening, a segment sliding): what is measured then is what stays. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * axe-core's serious and critical findings on the current screen (the brief's accessibility bar: none), or `within`
 * a part of it (a dialog on top), by `rules` alone when given.
 */
export async function seriousA11yViolations(page: Page, { within, rules }: { within?: string; rules?: string[] } = {}) {
  // Colours are measured mid-fade otherwise.
  await settled(page);
  let axe = new AxeBuilder({ page });
  if (within) axe = axe.include(within);
  if (rules) axe = axe.withRules(rules);
  const results = await axe.analyze();
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
 * give the page a subscription the server accepts instead: by default an https endpoint on 127.0.0.1
 * that nothing answers, or `subscription`, a test's own push service and browser keys
 * (tests/support/push-service.ts), to read what the server pushes.
 */
export async function emulatePushService(
  context: BrowserContext,
  subscription?: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript((given) => {
    if (!('PushManager' in window)) return;
    let current: PushSubscription | null = null;
    const made = (options: PushSubscriptionOptionsInit | undefined): PushSubscription => {
      // 127.0.0.1 is the one private address the e2e server may push to (OUTBOUND_ALLOWED_ADDRESSES, playwright.config.ts);
      // nothing listens on port 9. (A made-up public name would not resolve: these machines have no DNS.)
      const endpoint = given?.endpoint ?? `https://127.0.0.1:9/e2e/${Math.random().toString(36).slice(2)}`;
      const key = options?.applicationServerKey;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: key instanceof Uint8Array ? key.buffer : (key ?? null),
        },
        getKey: () => null,
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: given?.keys ?? {
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
  }, subscription ?? null);
}

/**
 * A push service of the test's own (tests/support/push-service.ts), which the e2e server trusts
 * (playwright.config.ts), with what reads what it was pushed: give a page its `url` and a browser's keys through
 * `emulatePushService`. Tests take it as the `push` fixture.
 */
async function startE2ePushService(baseURL: string) {
  const api = ((await import(pushServiceModulePath)) as { default: PushServiceApi }).default;
  const pushService = await api.startPushService(api.e2ePushTls(new URL(baseURL).port));
  return { pushService, newBrowserKeys: api.newBrowserKeys, decryptPush: api.decryptPush };
}
type E2ePushService = Awaited<ReturnType<typeof startE2ePushService>>;

/** The run's SMTP server on 127.0.0.1 (the one the e2e server sends to: playwright.config.ts), recording what it gets. */
export async function startE2eSmtpServer(baseURL: string) {
  const api = ((await import(smtpServerModulePath)) as { default: SmtpServerApi }).default;
  return api.startSmtpServer(e2eSmtpPort(new URL(baseURL).port));
}

/**
 * Opens the link to choose a new password mailed to `email` (after the sign-up's confirmation), on a screen axe finds
 * nothing serious on, and chooses `password`: the account is signed in, on Inicio.
 */
export async function resetPasswordFromMail(
  page: Page,
  smtp: Awaited<ReturnType<typeof startE2eSmtpServer>>,
  email: string,
  password: string,
): Promise<void> {
  const mails = await smtp.waitFor(email, 2);
  const reset = mails.find((mail) => mail.subject === 'Elige una contraseña nueva para Quiniela');
  const link = reset?.links.find((href) => new URL(href).pathname === '/nueva-contrasena');
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel('Nueva contraseña').fill(password);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/tabs\/home$/);
}

/** Opens the pool's folded "Reglas" row and answers its section `testId` (the bote, the bonus questions…). */
export async function openPoolMoreSection(page: Page, pool: Pool, testId: string) {
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByTestId('pool-more').locator('summary').click();
  return page.getByTestId(testId);
}

/** Axe finds nothing serious in section `testId`, in both themes, and nothing leaves a 320 px screen. */
export async function checkSectionLayout(page: Page, testId: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page, { within: `[data-testid="${testId}"]` })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
}
