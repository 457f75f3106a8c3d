import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectToast, namePoolInDialog, seriousA11yViolations, signedInUser, submitSignInForm, test, unique } from './helpers.ts';

const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });
// Both dialogs stay in the page; only the open one is shown.
const modal = (page: Page) => page.locator('ion-modal.show-modal');
/** The pool an invitation link opens, as the join dialog names it. */
const invitation = (page: Page) => modal(page).getByTestId('invitation');

test('creating a pool: the name is required, then its card shows the code and the status', async ({ page, api }) => {
  const owner = await signedInUser(page, api, 'creador');
  await page.goto('/tabs/quinelas');
  await expect(segment(page, 'Unidas')).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Crear Nueva Quiniela' }).click();
  await expect(modal(page).locator('ion-title')).toHaveText('Crear Nueva Quiniela');
  await expect(modal(page).getByLabel('Máximo de participantes')).toHaveValue('20');
  await modal(page).getByLabel('Nombre').fill('   ');
  await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
  await expectToast(page, 'El nombre de la quiniela es obligatorio.');

  const name = `Peña ${unique()}`;
  await modal(page).getByLabel('Nombre').fill(`  ${name}  `);
  await modal(page).getByLabel('Descripción (opcional)').fill('Los viernes, en el bar de siempre.');
  await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();

  await expect(modal(page)).toBeHidden();
  await expect(segment(page, 'Creadas')).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('pool-card').filter({ hasText: name });
  await expect(card).toContainText('Los viernes, en el bar de siempre.');
  await expect(card).toContainText('Participantes: 0/20');
  await expect(card).toContainText('Estado: Activa • Abierta');
  const { data } = await api.call<{ data: { pools: { name: string; invitationCode: number }[] } }>(
    owner,
    'GET',
    `/api/pools/user/${owner.userProfile.id}/owned`,
  );
  const [created] = data.pools;
  expect(created?.name).toBe(name);
  await expect(card).toContainText(`Código: ${created?.invitationCode}`);
});

test('joining with a code: empty and unknown codes are refused, a good one lists the pool under Unidas', async ({ page, api }) => {
  const owner = await api.user('anfitrion');
  const pool = await api.pool(owner, { description: 'Pronósticos de la liga' });
  // A pool that existed and was deleted: its code is known to be unknown.
  const gone = await api.pool(owner);
  await api.call(owner, 'DELETE', `/api/pools/${gone.id}`);

  await signedInUser(page, api, 'invitado');
  await page.goto('/tabs/quinelas');
  await expect(page.getByText('Aún no te has unido a ninguna quiniela.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Unirse a una Quiniela' }).click();
  const code = modal(page).getByLabel('Código de invitación');
  await expect(code).toBeVisible();
  // A code typed by hand names no pool before joining: the spec's dialog, as it was.
  await expect(invitation(page)).toHaveCount(0);
  await expect(code).toHaveAttribute('type', 'number');
  await expect(code).toHaveAttribute('min', '100000');
  await expect(code).toHaveAttribute('max', '999999');
  await modal(page).getByRole('button', { name: 'Unirse' }).click();
  await expectToast(page, 'Por favor, introduce un código de invitación válido.');

  await code.fill(String(gone.invitationCode));
  await modal(page).getByRole('button', { name: 'Unirse' }).click();
  await expectToast(page, 'No existe ninguna quiniela con ese código.');

  await code.fill(String(pool.invitationCode));
  await modal(page).getByRole('button', { name: 'Unirse' }).click();
  await expectToast(page, 'Te has unido a la quiniela.');
  await expect(modal(page)).toBeHidden();
  const card = page.getByTestId('pool-card').filter({ hasText: pool.name });
  await expect(card).toContainText('Pronósticos de la liga');
  await expect(card).toContainText('Participantes: 1/20');
  await expect(card).toContainText(`Código: ${pool.invitationCode}`);
  // Only the creator's cards carry the status line.
  await expect(card).not.toContainText('Estado:');

  await segment(page, 'Creadas').click();
  await expect(page.getByText('Aún no has creado ninguna quiniela.', { exact: false })).toBeVisible();
});

test.describe('the pool detail', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test("the creator's view: participants first, copy the code, ranking", async ({ page, api }) => {
    const owner = await signedInUser(page, api, 'organiza');
    const marta = await api.user('marta');
    const pool = await api.pool(owner, { description: 'La de la tercera planta', maxParticipants: 8, players: [marta] });

    await page.goto('/tabs/quinelas');
    await segment(page, 'Creadas').click();
    const card = page.getByTestId('pool-card').filter({ hasText: pool.name });
    await expect(card).toContainText('Participantes: 1/8');
    await card.click();

    await expect(page).toHaveURL(new RegExp(`/tabs/pool/${pool.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: pool.name })).toBeVisible();
    const info = page.getByTestId('pool-info');
    await expect(info).toContainText('La de la tercera planta');
    await expect(info).toContainText(String(pool.invitationCode));
    await expect(info).toContainText('Participantes');
    await expect(info).toContainText('1/8');
    await expect(segment(page, 'Participantes')).toHaveAttribute('aria-selected', 'true');
    await expect(segment(page, 'Predecir')).toHaveCount(0);
    const participants = page.getByTestId('participant-list');
    await expect(participants).toContainText(marta.name);
    await expect(participants).toContainText(/Se unió el \d{1,2} de [a-z]+ de \d{4}/);

    await page.getByRole('button', { name: 'Copiar Código' }).click();
    await expectToast(page, `Código ${pool.invitationCode} copiado al portapapeles.`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(pool.invitationCode));

    await segment(page, 'Ranking').click();
    await expect(page.getByTestId('ranking').getByTestId('ranking-row')).toHaveText([`1${marta.name}0`]);
    await expect(page.getByRole('button', { name: 'Actualizar Resultados' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a tab keeps its screen: the pool stays open across a visit to Inicio, and back returns to the list as it was', async ({
    page,
    api,
  }) => {
    const owner = await signedInUser(page, api, 'vuelve');
    const pool = await api.pool(owner, { description: '', maxParticipants: 5 });
    const poolHeading = page.getByRole('heading', { level: 1, name: pool.name });
    const listHeading = page.getByRole('heading', { level: 1, name: 'Mis Quinelas' });

    await page.goto('/tabs/quinelas');
    await segment(page, 'Creadas').click();
    await page.getByTestId('pool-card').filter({ hasText: pool.name }).click();
    await segment(page, 'Ranking').click();

    await page.getByTestId('tab-home').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partidos' })).toBeVisible();
    await page.getByTestId('tab-quinelas').click();
    await expect(page).toHaveURL(new RegExp(`/tabs/pool/${pool.id}$`));
    await expect(poolHeading).toBeVisible();
    await expect(segment(page, 'Ranking')).toHaveAttribute('aria-selected', 'true');

    // Back goes back in history: the list is the one that was left, still on Creadas.
    await page.getByRole('button', { name: 'Volver a Quinelas' }).click();
    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(listHeading).toBeVisible();
    await expect(segment(page, 'Creadas')).toHaveAttribute('aria-selected', 'true');

    // Opened straight from its address, the pool's back button still leads to the list.
    await page.goto(`/tabs/pool/${pool.id}`);
    await page.getByRole('button', { name: 'Volver a Quinelas' }).click();
    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(listHeading).toBeVisible();
  });

  test("a participant's view: Predecir first, no creator tools", async ({ page, api }) => {
    // The pool counts every match: axe reads the whole season's cards, slow on a loaded machine.
    test.slow();
    const player = await signedInUser(page, api, 'primo');
    const pool = await api.pool(await api.user('duena'), { description: 'Primos y tíos', players: [player] });

    await page.goto('/tabs/quinelas');
    await page.getByTestId('pool-card').filter({ hasText: pool.name }).click();
    await expect(page).toHaveURL(new RegExp(`/tabs/pool/${pool.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: pool.name })).toBeVisible();
    const info = page.getByTestId('pool-info');
    await expect(info).toContainText('Primos y tíos');
    await expect(info).toContainText(String(pool.invitationCode));
    await expect(info).not.toContainText('Participantes');
    await expect(segment(page, 'Predecir')).toHaveAttribute('aria-selected', 'true');
    await expect(segment(page, 'Participantes')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actualizar Resultados' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copiar Código' })).toHaveCount(0);
    await expect(page.getByTestId('prediction-card').first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('an unknown pool and somebody else\'s pool show the error panel', async ({ page, api }) => {
    const owner = await api.user('ajeno');
    const pool = await api.pool(owner);
    await signedInUser(page, api, 'curioso');

    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByText('Error al cargar la quiniela: No participas en esta quiniela.')).toBeVisible();
    await expect(page.getByText(String(pool.invitationCode))).toHaveCount(0);

    await api.call(owner, 'DELETE', `/api/pools/${pool.id}`);
    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByText('Quinela no encontrada')).toBeVisible();
  });
});

test('the pools list has no serious accessibility violation', async ({ page, api }) => {
  await api.pool(await signedInUser(page, api, 'accesible'), { description: 'Con descripción' });
  await page.goto('/tabs/quinelas');
  await segment(page, 'Creadas').click();
  await expect(page.getByTestId('pool-card')).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Crear Nueva Quiniela' }).click();
  // Measured mid-fade, the dialog's colours would be wrong: wait until it is fully in.
  await expect(modal(page).locator('.modal-wrapper')).toHaveCSS('opacity', '1');
  await expect(modal(page).getByLabel('Nombre')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test.describe('the invitation link', () => {
  test('the creator shares a link that opens the join flow, after signing in', async ({ page, api }) => {
    // Record what the share sheet would get.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
      Object.defineProperty(navigator, 'canShare', { value: () => true });
    });
    const pool = await api.pool(await signedInUser(page, api, 'comparte'));
    await page.goto(`/tabs/pool/${pool.id}`);
    // Passing the invitation on is among the organiser's tools, folded under "Reglas y opciones".
    await page.getByTestId('pool-more').getByText('Reglas y opciones').click();
    await page.getByRole('button', { name: 'Compartir invitación' }).click();
    const shared = await page.waitForFunction(() => (window as unknown as { shared?: ShareData }).shared);
    const { url, text } = (await shared.jsonValue()) as ShareData;
    expect(url).toMatch(new RegExp(`^http://localhost:\\d+/unirse/${pool.invitationCode}$`));
    expect(text).toContain(String(pool.invitationCode));

    // A friend without a session opens it, signs in, and finds the code filled in.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const friend = await api.signUp('amigo');
    await page.goto(new URL(url ?? '').pathname);
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Inicia sesión para unirte a la quiniela.');
    await submitSignInForm(page, friend.email, friend.password);

    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(modal(page).getByLabel('Código de invitación')).toHaveValue(String(pool.invitationCode));
    // Signed in now, the dialog names the pool the link is for before anyone presses "Unirse".
    await expect(invitation(page).getByRole('heading', { name: pool.name })).toBeVisible();
    await expect(invitation(page)).toContainText('0 de 20 participantes');
    await modal(page).getByRole('button', { name: 'Unirse' }).click();
    await expectToast(page, 'Te has unido a la quiniela.');
    // The pool the link was for opens, ready to predict; back on the list it is among the joined ones.
    await expect(page).toHaveURL(new RegExp(`/tabs/pool/${pool.id}$`));
    await expect(page.getByRole('heading', { name: pool.name })).toBeVisible();
    await page.getByRole('button', { name: 'Volver a Quinelas' }).click();
    await expect(page.getByTestId('pool-card').filter({ hasText: pool.name })).toContainText('Participantes: 1/20');
  });

  test('without a share sheet the link is copied; a signed-in visitor goes straight to the dialog', async ({ page, context, api }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    const pool = await api.pool(await signedInUser(page, api, 'copia'));
    await page.goto(`/tabs/pool/${pool.id}`);
    // Passing the invitation on is among the organiser's tools, folded under "Reglas y opciones".
    await page.getByTestId('pool-more').getByText('Reglas y opciones').click();
    await page.getByRole('button', { name: 'Compartir invitación' }).click();
    await expectToast(page, 'Enlace de invitación copiado al portapapeles.');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/unirse/${pool.invitationCode}$`));

    await signedInUser(page, api, 'conectado');
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(modal(page).getByLabel('Código de invitación')).toHaveValue(String(pool.invitationCode));
    await expect(invitation(page).getByRole('heading', { name: pool.name })).toBeVisible();
  });

  test('a signed-in friend opens the link of a pool made on screen, sees its name, joins and lands on it', async ({ page, api }) => {
    // Two accounts, a pool made on screen, an axe pass and two visits of the link.
    test.slow();
    const owner = await signedInUser(page, api, 'organizadora');
    const name = await namePoolInDialog(page, 'Porra');
    await modal(page).getByLabel('Descripción (opcional)').fill('La del trabajo');
    await modal(page).getByLabel('Máximo de participantes').fill('12');
    await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
    const card = page.getByTestId('pool-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    const code = /Código: (\d{6})/.exec((await card.textContent()) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await signedInUser(page, api, 'companero');
    await page.goto(`/unirse/${code}`);
    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(invitation(page).getByRole('heading', { name })).toBeVisible();
    await expect(invitation(page)).toContainText('La del trabajo');
    await expect(invitation(page)).toContainText(`Creada por ${owner.name}`);
    await expect(invitation(page)).toContainText('0 de 12 participantes');
    await expect(invitation(page).getByRole('button', { name: 'Abrir quiniela' })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await modal(page).getByRole('button', { name: 'Unirse' }).click();
    await expectToast(page, 'Te has unido a la quiniela.');
    await expect(page).toHaveURL(/\/tabs\/pool\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('pool-info')).toContainText(String(code));

    // The same link again: already in, the dialog offers the pool instead of a join that would be refused.
    await page.goto(`/unirse/${code}`);
    await expect(invitation(page)).toContainText('1 de 12 participantes');
    await expect(invitation(page)).toContainText('Ya participas en esta quiniela.');
    await expect(modal(page).getByRole('button', { name: 'Unirse', exact: true })).toBeDisabled();
    await invitation(page).getByRole('button', { name: 'Abrir quiniela' }).click();
    await expect(page).toHaveURL(/\/tabs\/pool\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the link says when its pool takes nobody: its creator, a full pool, a closed one; a changed code names none', async ({ page, api }) => {
    // Five accounts and three pools, each link opened in turn.
    test.slow();
    const owner = await signedInUser(page, api, 'duenya');
    const full = await api.pool(owner, { maxParticipants: 2, players: [await api.user('uno'), await api.user('dos')] });
    await page.goto(`/unirse/${full.invitationCode}`);
    await expect(page).toHaveURL(/\/tabs\/quinelas$/);
    await expect(modal(page).getByLabel('Código de invitación')).toHaveValue(String(full.invitationCode));
    await expect(invitation(page).getByRole('heading', { name: full.name })).toBeVisible();
    await expect(invitation(page)).toContainText('Eres el creador de esta quiniela: no puedes unirte como participante.');
    await expect(modal(page).getByRole('button', { name: 'Unirse', exact: true })).toBeDisabled();
    await invitation(page).getByRole('button', { name: 'Abrir quiniela' }).click();
    await expect(page).toHaveURL(new RegExp(`/tabs/pool/${full.id}$`));

    await signedInUser(page, api, 'tarde');
    await page.goto(`/unirse/${full.invitationCode}`);
    await expect(invitation(page)).toContainText('2 de 2 participantes');
    await expect(invitation(page)).toContainText('La quiniela está llena.');
    await expect(modal(page).getByRole('button', { name: 'Unirse', exact: true })).toBeDisabled();
    await expect(invitation(page).getByRole('button', { name: 'Abrir quiniela' })).toHaveCount(0);

    // Another code typed over the link's: the dialog no longer names a pool and the join is the user's to try.
    const other = await api.pool(owner);
    await modal(page).getByLabel('Código de invitación').fill(String(other.invitationCode));
    await expect(invitation(page)).toHaveCount(0);
    await modal(page).getByRole('button', { name: 'Unirse', exact: true }).click();
    await expectToast(page, 'Te has unido a la quiniela.');
    await expect(page).toHaveURL(new RegExp(`/tabs/pool/${other.id}$`));

    const closed = await api.pool(owner);
    await api.call(owner, 'PATCH', `/api/pools/${closed.id}`, { body: { isClose: true } });
    await page.goto(`/unirse/${closed.invitationCode}`);
    await expect(invitation(page)).toContainText('La quiniela está cerrada.');
    await expect(modal(page).getByRole('button', { name: 'Unirse', exact: true })).toBeDisabled();
  });
});
