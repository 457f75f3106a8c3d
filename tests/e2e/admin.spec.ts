import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account.ts';
import {
  bearer,
  chooseOption,
  createFutureMatch,
  expectToast,
  FIRST_LALIGA_FIXTURE,
  laligaUpload,
  openAdministracion,
  seriousA11yViolations,
  shownToast,
  signedInUser,
  signInAsAdmin,
  resetPasswordFromMail,
  signInViaStorage,
  startE2eSmtpServer,
  storedKeys,
  test,
  unique,
  type AdminSection,
  type Factories,
} from './helpers.ts';

const choose = (page: Page, testId: string, option: string) => chooseOption(page, page.getByTestId(testId), option);

/** Osasuna – Valencia (LaLiga, Matchday 38): its kick-off time in Madrid, or null while only the day is known. */
async function lastFixtureKickoff(api: Factories): Promise<string | null> {
  const admin = await signInAsAdmin(api);
  const { data: teams } = await api.call<{ data: { id: number; name: string }[] }>(admin, 'GET', '/api/teams');
  const id = (name: string) => teams.find((team) => team.name === name)?.id;
  const { data: matches } = await api.call<{
    data: {
      homeTeamId: number;
      awayTeamId: number;
      weekNumber: number;
      matchDate: string;
      kickoffConfirmed: boolean;
    }[];
  }>(admin, 'GET', '/api/matches');
  const match = matches.find(
    (m) => m.homeTeamId === id('Osasuna') && m.awayTeamId === id('Valencia') && m.weekNumber === 38,
  );
  if (!match) throw new Error('Osasuna – Valencia (Matchday 38) is not in the shipped data');
  return match.kickoffConfirmed
    ? new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(
        new Date(match.matchDate),
      )
    : null;
}

async function openSection(page: Page, section: AdminSection) {
  await page.getByTestId(`admin-section-${section}`).click();
  await expect(page.getByTestId(`admin-section-${section}`)).toHaveAttribute('aria-selected', 'true');
}

/** The admin, signed in, finds the account of `email` in Usuarios: its row. */
async function adminUserRow(page: Page, api: Factories, email: string) {
  await openAdministracion(page, api);
  await openSection(page, 'users');
  await page.getByTestId('admin-user-search').locator('input').fill(email);
  return page.getByTestId('admin-user').filter({ hasText: email });
}

test("an admin corrects a finished match's score, and a participant's ranking changes", async ({ page, api }) => {
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin, { weekNumber: 37 });
  const owner = await api.user('organiza');
  const ana = await api.user('ana');
  const beto = await api.user('beto');
  const pool = await api.pool(owner, { players: [ana, beto] });
  await api.predict(ana, pool, match, 'home');
  await api.predict(beto, pool, match, 'draw');
  await api.result(admin, match, 2, 1);
  const before = await api.call<{ leaderboard: { positions: { username: string; points: number }[] } }>(
    ana,
    'GET',
    `/api/leaderboard/pool/${pool.id}/ranking`,
  );
  expect(before.leaderboard.positions.map((p) => [p.username, p.points])).toEqual([
    [ana.name, 3],
    [beto.name, 0],
  ]);

  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/tabs/home');
  await page.getByTestId('tab-admin').click();
  await expect(page).toHaveURL(/\/tabs\/admin$/);
  await choose(page, 'admin-competition', 'Partidos añadidos a mano');
  await choose(page, 'admin-round', 'Jornada 37');
  await page.getByTestId('admin-match-search').locator('input').fill(match.home);
  const row = page.locator(`[data-testid="admin-match"][data-match-id="${match.id}"]`);
  await expect(row).toContainText(`${match.home} – ${match.away}`);
  await expect(row).toContainText('2 – 1');

  await row.click();
  const history = page.getByTestId('result-history').getByTestId('result-change');
  await expect(history).toHaveText([/^Programado → Finalizado 2 – 1Administrador · /]);
  await page.getByLabel('Goles local').fill('1');
  await page.getByTestId('match-save').click();
  await expectToast(page, 'Partido guardado. Las clasificaciones ya están al día.');
  await expect(history).toHaveText([
    /^Finalizado 2 – 1 → Finalizado 1 – 1Administrador · /,
    /^Programado → Finalizado 2 – 1/,
  ]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row).toContainText('1 – 1');

  // Ana, who picked the home win, drops; Beto, who picked the draw, now leads (the rest of jornada 37, LaLiga's, is
  // still to be played: nobody has won it yet).
  await page.evaluate(() => localStorage.clear());
  await signInViaStorage(page, api, ana);
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByRole('tab', { name: 'Ranking', exact: true }).click();
  await expect(page.getByTestId('ranking').getByTestId('ranking-row')).toHaveText([
    `1${beto.name}3`,
    `2${ana.name} (tú)0`,
  ]);
  // A non-admin has no admin tab.
  await expect(page.getByTestId('tab-admin')).toHaveCount(0);
});

test('a non-admin sees no admin entry, and /admin says "No autorizado" (the API refuses too)', async ({
  page,
  request,
  api,
}) => {
  const user = await signedInUser(page, api, 'curioso');
  await page.goto('/tabs/home');
  await expect(page.getByTestId('tab-favorites')).toBeVisible();
  await expect(page.getByTestId('tab-admin')).toHaveCount(0);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/tabs\/admin$/);
  const denied = page.getByTestId('admin-not-authorized');
  await expect(denied).toContainText('No autorizado');
  await expect(denied).toContainText('Esta sección es solo para administradores.');
  await expect(page.getByTestId('admin-section-matches')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Claiming the role in local storage changes nothing: the server is asked.
  await page.evaluate(() => {
    const profile = JSON.parse(localStorage.getItem('userProfile') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('userProfile', JSON.stringify({ ...profile, role: 'admin' }));
  });
  await page.goto('/tabs/admin');
  await expect(page.getByTestId('admin-not-authorized')).toContainText('No autorizado');
  await expect(page.getByTestId('admin-section-matches')).toHaveCount(0);

  const { headers } = bearer(user.session.accessToken);
  expect((await request.put(`/api/users/${user.userProfile.id}/role`, { headers, data: { role: 'admin' } })).status()).toBe(
    403,
  );
  expect(
    (
      await request.post('/api/admin/import-results', { headers, data: { url: 'https://example.org/x.json' } })
    ).status(),
  ).toBe(403);
  expect((await request.get('/api/users', { headers })).status()).toBe(200);
});

test('the matches and import sections pass axe, and an imported file answers what changed', async ({ page, api }) => {
  test.slow();
  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-match').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await openSection(page, 'import');
  // The last LaLiga fixture gets a new kick-off time (a different one on every run); the first one is as shipped.
  const kickoff = await lastFixtureKickoff(api);
  const time = kickoff === '21:00' ? '18:30' : '21:00';
  const file = laligaUpload([
    FIRST_LALIGA_FIXTURE,
    { round: 'Matchday 38', date: '2027-05-30', time, team1: 'CA Osasuna', team2: 'Valencia CF' },
  ]);
  await page.getByTestId('import-file').setInputFiles(file);
  await expect(page.getByText('es.1.json')).toBeVisible();
  await page.getByTestId('import-file-submit').click();
  await expectToast(page, 'Importación completada.');
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('Origen: archivo subido');
  await expect(summary.locator('dl > div')).toHaveText([
    'Partidos leídos2',
    'Actualizados1',
    'Creados0',
    'Sin cambios1',
  ]);
  await expect(summary.getByTestId('import-change')).toHaveText([
    new RegExp(`^Osasuna – Valencia.*Jornada 38.*fecha: domingo, 30 de mayo de 2027, ${time}$`),
  ]);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The import ran as a job on the server: coming back to the screen shows the latest one.
  await page.reload();
  await openSection(page, 'import');
  await expect(summary).toContainText('Origen: archivo subido');
  await expect(summary.locator('dl > div')).toHaveText(['Partidos leídos2', 'Actualizados1', 'Creados0', 'Sin cambios1']);

  // A private address is refused with the server's message.
  await page.getByTestId('import-url').locator('input').fill('http://127.0.0.1:5432/');
  await page.getByTestId('import-url-submit').click();
  await expectToast(page, 'Por seguridad solo se importan URL públicas (no direcciones locales ni privadas).');
  // A tap hides it: axe would otherwise weigh the section tabs' text against the toast above them.
  await shownToast(page).click();
  await expect(shownToast(page)).toHaveCount(0);
});

test('the users, teams and confederations sections pass axe', async ({ page, api }) => {
  // The teams section lists every shipped team: axe takes a while over it on a busy machine.
  test.slow();
  await signInViaStorage(page, api, e2eAdmin);
  await page.goto('/admin');
  await openSection(page, 'users');
  await expect(page.getByTestId('admin-user').first()).toBeVisible();
  await expect(
    page.getByTestId('admin-user').filter({ hasText: 'Administrador (tú)' }).getByRole('button'),
  ).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await openSection(page, 'teams');
  await expect(page.getByTestId('admin-team').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Confederaciones', exact: true }).click();
  await expect(page.getByTestId('admin-confederation').filter({ hasText: 'UEFA' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('"Contraseña" mails a user a link to choose a new password, which opens the account with the new one', async ({
  page,
  api,
  baseURL,
}) => {
  const smtp = await startE2eSmtpServer(baseURL!);
  try {
    const user = await api.user('olvidadizo');
    const row = await adminUserRow(page, api, user.email);
    await row.getByRole('button', { name: `Enlace de contraseña para ${user.name}` }).click();
    await expectToast(page, `Enlace para elegir una contraseña nueva enviado a ${user.email}.`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The user opens the mailed link on their own device.
    await page.evaluate(() => localStorage.clear());
    await resetPasswordFromMail(page, smtp, user.email, 'clave-del-admin-1');
    expect(JSON.parse((await storedKeys(page)).userProfile ?? 'null')).toMatchObject({ email: user.email });
    await api.signIn({ email: user.email, password: 'clave-del-admin-1' });
  } finally {
    await smtp.close();
  }
});

test('an admin grants and revokes the admin role, and adds and switches off a team', async ({ page, request, api }) => {
  const helper = await api.user('ayudante');
  const row = await adminUserRow(page, api, helper.email);
  await expect(row).toContainText('Jugador');
  await row.getByRole('button', { name: `Hacer admin a ${helper.name}` }).click();
  await page.locator('ion-alert').getByRole('button', { name: 'Dar rol' }).click();
  await expectToast(page, 'Rol actualizado.');
  await expect(row).toContainText('Administrador');
  // The new admin's own session has the rights at once.
  expect((await request.get('/api/users?limit=1', bearer(helper.session.accessToken))).status()).toBe(200);
  const asHelper = await api.call<{ data: { id: number }[] }>(helper, 'GET', '/api/users?limit=5');
  expect(asHelper.data.length).toBeGreaterThan(1);

  const revoke = row.getByRole('button', { name: `Quitar admin a ${helper.name}` });
  // The button waits for the previous change to settle.
  await expect(revoke).toBeEnabled();
  await revoke.click();
  await page.locator('ion-alert').getByRole('button', { name: 'Quitar rol' }).click();
  await expect(row).toContainText('Jugador');

  await openSection(page, 'teams');
  const name = `Club Prueba ${unique()}`;
  await page.getByTestId('team-new').click();
  const modal = page.locator('ion-modal');
  await modal.getByLabel('Nombre').fill(name);
  await modal.getByRole('button', { name: 'Guardar equipo' }).click();
  await expectToast(page, `Equipo «${name}» guardado.`);
  const team = page.getByTestId('admin-team').filter({ hasText: name });
  await expect(team).toBeVisible();
  await team.getByRole('switch', { name: `Activo: ${name}` }).click();
  await expectToast(page, `${name}: inactivo.`);
  const { data: teams } = await api.call<{ data: { name: string; isActive: boolean }[] }>(helper, 'GET', '/api/teams');
  expect(teams.find((t) => t.name === name)).toMatchObject({ isActive: false });
});
