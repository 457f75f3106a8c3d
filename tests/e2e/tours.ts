import { expect } from '@playwright/test';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  addVirtualAuthenticator,
  chooseOption,
  emulatePushService,
  expectToast,
  fillSignInForm,
  onEachPhone,
  openAdministracion,
  PHONES,
  type Phone,
  playerInPool,
  signedInUser,
  signInViaStorage,
  test,
  type Factories,
} from './helpers.ts';

/*
 * Walks through the app's screens and dialogs for the tests that hold each of them to the same bar: 44 px targets
 * (touch-targets.spec.ts), nothing wider than the phone (dialog-widths.spec.ts), the dark theme's contrast
 * (dark-theme.spec.ts). A tour opens each screen and dialog as its user reaches it and hands it to the test's `look`.
 */

export const MODAL = 'ion-modal.show-modal';
export const ALERT = 'ion-alert';
export const POPOVER = 'ion-popover';
/** Which dialog is on top: an Ionic modal, alert (the confirmations) or popover (a select's options). */
export type DialogScope = typeof MODAL | typeof ALERT | typeof POPOVER;

export interface Look {
  /** The screen as it is now; a test of dialogs only leaves it out. */
  screen?(what: string): Promise<void>;
  /** The dialog on top. */
  dialog(what: string, scope: DialogScope): Promise<void>;
}

const modal = (page: Page) => page.locator(MODAL);
const alert = (page: Page) => page.locator(ALERT);

/** A well-formed token that no link carries: the link screens show what a stale link gets. */
const STALE_TOKEN = 'x'.repeat(43);

/**
 * Taps `open` and waits until the overlay it brings up has come in (Ionic's `didPresent`): one measured while it
 * still grows (a popover starts at 80 %) would be measured small.
 */
async function present(page: Page, open: Locator): Promise<void> {
  const presented = page.evaluate(
    () => new Promise<void>((resolve) => document.addEventListener('didPresent', () => resolve(), { once: true })),
  );
  await open.click();
  await presented;
}

/** Opens a modal with `open`, hands it to `look` once `ready` shows, and closes it with its toolbar's button. */
async function lookAtModal(page: Page, look: Look, what: string, open: Locator, ready: (dialog: Locator) => Locator, close = 'Cerrar') {
  await present(page, open);
  await expect(ready(modal(page))).toBeVisible();
  await look.dialog(what, MODAL);
  await modal(page).locator('ion-toolbar').getByRole('button', { name: close }).click();
  await expect(modal(page)).toHaveCount(0);
}

/** Hands the alert `open` brings up to `look`, and dismisses it with `answer` ("Cancelar" leaves everything as it was). */
async function lookAtAlert(page: Page, look: Look, what: string, open: Locator, answer = 'Cancelar') {
  await present(page, open);
  await expect(alert(page)).toBeVisible();
  await look.dialog(what, ALERT);
  await alert(page).getByRole('button', { name: answer }).click();
  await expect(alert(page)).toHaveCount(0);
}

/**
 * The screens reached without a session: sign-in and register; the screens the mailed links open (a stale link's);
 * /demo on a server that is not a demo; the sign-in screen saying why a session ended on the server sent the user
 * there.
 */
export async function signedOutScreens(page: Page, api: Factories, look: Look): Promise<void> {
  const button = (name: string) => page.getByRole('button', { name });
  const screens: [what: string, path: string, ready: Locator][] = [
    ['Iniciar sesión', '/login', button('Iniciar Sesión')],
    ['Registro', '/register', button('Registrarse')],
    ['¿Olvidaste tu contraseña?', '/recuperar-contrasena', button('Enviar enlace')],
    ['Nueva contraseña', `/nueva-contrasena#${STALE_TOKEN}`, button('Guardar contraseña')],
    ['Confirmar correo', `/confirmar-correo#${STALE_TOKEN}`, page.getByText('El enlace no es válido')],
    ['Darse de baja', `/baja#${STALE_TOKEN}`, button('Darme de baja')],
    ['Demo (un servidor que no lo es)', '/demo', button('Reintentar')],
  ];
  for (const [what, path, ready] of screens) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await look.screen?.(what);
  }

  // Revoked on the server with the app closed (as signing out elsewhere would): the next load goes to the sign-in.
  const ended = await signedInUser(page, api, 'sesion-cerrada');
  await page.goto('about:blank');
  await api.call(ended, 'POST', '/auth/signout', { status: 200 });
  await page.goto('/tabs/home');
  await expect(page.getByTestId('sign-in-notice')).toBeVisible();
  await look.screen?.('Iniciar sesión, con el aviso de sesión cerrada');
}

/**
 * Every dialog a player and a pool's creator meet, on a device with push and a platform authenticator: "Avisos" (with
 * the pool's switches), "Mi cuenta", "Unirse a una Quiniela", "Biometría" before and after a passkey with the
 * confirmation that removes it, "Crear Nueva Quiniela" (as it opens, with a select's options open, and with every
 * switch on and the exact-score game's own points), the confirmations "Quitar participante" and "Desactivar", the
 * biometric offer after a password sign-in, and the join dialog of an invitation link; and on the way, the creator's
 * "La jornada en una tabla" (a screen of Resultados), and the player's "Clasificación de LaLiga" (a screen of Inicio).
 */
export async function playerDialogs(page: Page, context: BrowserContext, api: Factories, label: string, look: Look) {
  await emulatePushService(context);
  await addVirtualAuthenticator(context, page);
  const { admin, match, owner, player, pool } = await playerInPool(page, api, label);
  await page.goto('/tabs/quinelas');
  await expect(page.getByRole('heading', { name: 'Mis Quinelas' })).toBeVisible();
  const toolbarButton = (testId: string) => page.getByTestId(testId).filter({ visible: true });

  await lookAtModal(page, look, 'Avisos', toolbarButton('notification-settings'), (dialog) => dialog.getByTestId(`setting-missing-${pool.id}`));
  await lookAtModal(page, look, 'Mi cuenta', toolbarButton('account-settings'), (dialog) => dialog.getByTestId('change-email'));
  await lookAtModal(page, look, 'Unirse a una Quiniela', page.getByTestId('open-join'), (dialog) => dialog.getByLabel('Código de invitación'), 'Cancelar');

  await present(page, toolbarButton('passkey-settings'));
  await expect(modal(page).getByTestId('passkey-register')).toBeVisible();
  await look.dialog('Biometría, sin huella', MODAL);
  await modal(page).getByTestId('passkey-register').click();
  await expectToast(page, 'Biometría registrada.');
  await expect(modal(page).getByTestId('passkey-item')).toBeVisible();
  await look.dialog('Biometría, con una huella', MODAL);
  // Removed for good: the device offers biometrics again at the next password sign-in.
  await lookAtAlert(page, look, '¿Eliminar la biometría?', modal(page).getByTestId('passkey-remove'), 'Eliminar');
  await expectToast(page, 'Biometría eliminada.');
  await modal(page).locator('ion-toolbar').getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.goto('/tabs/home/clasificacion/laliga-2026-27');
  await expect(page.getByTestId('league-table').filter({ visible: true })).toBeVisible();
  await look.screen?.('Clasificación de LaLiga');

  await signInViaStorage(page, api, owner);
  await page.goto('/tabs/quinelas');
  await present(page, page.getByTestId('open-create'));
  const create = modal(page);
  await expect(create.getByTestId('pool-options')).toBeVisible();
  await look.dialog('Crear Nueva Quiniela', MODAL);
  for (const toggle of ['option-edit-until-kickoff', 'option-creator-plays', 'game-joker']) {
    await create.getByTestId(toggle).click();
    await expect(create.getByTestId(toggle)).toHaveJSProperty('checked', true);
  }
  await present(page, create.getByTestId('game-mode'));
  await look.dialog('Modo de juego (sus opciones)', POPOVER);
  await page.locator(POPOVER).locator('ion-radio').filter({ hasText: /^Resultado exacto$/ }).click();
  await expect(page.locator(POPOVER)).toHaveCount(0);
  await chooseOption(page, create.getByTestId('game-preset'), 'Personalizada');
  await expect(create.getByTestId('game-points-exact')).toBeVisible();
  await look.dialog('Crear Nueva Quiniela, con todo activado y puntos propios', MODAL);
  await create.locator('ion-toolbar').getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal(page)).toHaveCount(0);

  await page.goto(`/tabs/pool/${pool.id}`);
  await lookAtAlert(page, look, 'Quitar participante', page.getByRole('button', { name: `Quitar a ${player.name}` }));
  await page.getByTestId('pool-more').locator('summary').click();
  await lookAtAlert(page, look, 'Desactivar la quiniela', page.getByRole('button', { name: 'Desactivar' }));

  // "La jornada en una tabla" (a screen in Resultados), once the player's pick of a finished match is in it.
  await api.predict(player, pool, match, 'home');
  await api.result(admin, match, 1, 0);
  await page.getByRole('tab', { name: 'Resultados', exact: true }).click();
  await page.getByRole('tab', { name: 'En una tabla', exact: true }).click();
  await expect(page.getByTestId('jornada-table').getByRole('table')).toBeVisible();
  await look.screen?.('Resultados, la jornada en una tabla');

  // Last, as a friend: the invitation link is remembered on the device, and the next sign-in there would open it.
  const friend = await api.signUp(`${label}-amigo`);
  await page.goto('/tabs/quinelas');
  await toolbarButton('sign-out').click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignInForm(page, friend.email, friend.password);
  await lookAtAlert(page, look, 'Registrar Biometría', page.getByRole('button', { name: 'Iniciar Sesión' }), 'Ahora No');
  await expect(page).toHaveURL(/\/tabs\/home$/);
  await page.goto(`/unirse/${pool.invitationCode}`);
  await expect(modal(page).getByTestId('invitation')).toContainText(pool.name);
  await look.dialog('Unirse a una Quiniela (invitación)', MODAL);
}

/**
 * Administración: each section, and its dialogs: "Editar partido", the confirmation of an admin role, the reset link
 * handed over where the server sends no mail, "Nuevo equipo", "Nueva confederación".
 */
export async function adminScreensAndDialogs(page: Page, api: Factories, look: Look): Promise<void> {
  await openAdministracion(page, api);
  await expect(page.getByTestId('admin-match').first()).toBeVisible();
  await look.screen?.('Administración, Partidos');
  await lookAtModal(page, look, 'Editar partido', page.getByTestId('admin-match').first(), (dialog) => dialog.getByTestId('result-history'));

  const section = async (name: string, what: string, ready: Locator) => {
    await page.getByTestId(`admin-section-${name}`).click();
    await expect(page.getByTestId(`admin-section-${name}`)).toHaveAttribute('aria-selected', 'true');
    await expect(ready).toBeVisible();
    await look.screen?.(what);
  };
  await section('import', 'Administración, Importar', page.getByTestId('import-file-submit'));
  await section('users', 'Administración, Usuarios', page.getByTestId('admin-user').first());
  const user = page.getByTestId('admin-user').filter({ has: page.getByTestId('admin-reset-link') }).first();
  await lookAtAlert(page, look, 'Dar o quitar el rol de administrador', user.getByRole('button', { name: /^(Hacer|Quitar) admin a / }));
  // The e2e server sends mail, so it mails the link: the alert that hands it over (a server without mail) is drawn
  // from that server's answer.
  const handedOver = {
    message: 'Este servidor no envía correos: entrega este enlace a la persona. Sirve una vez y caduca en 30 minutos.',
    data: { link: `${new URL(page.url()).origin}/nueva-contrasena#${STALE_TOKEN}`, expiresAt: new Date(Date.now() + 1_800_000).toISOString() },
  };
  await page.route('**/api/users/*/password-reset', (route) => route.fulfill({ json: handedOver }));
  await lookAtAlert(page, look, 'Enlace de contraseña (para entregar)', user.getByTestId('admin-reset-link'), 'Cerrar');
  await page.unroute('**/api/users/*/password-reset');

  await section('teams', 'Administración, Equipos', page.getByTestId('admin-team').first());
  await lookAtModal(page, look, 'Nuevo equipo', page.getByTestId('team-new'), (dialog) => dialog.getByLabel('Nombre'), 'Cancelar');
  await page.locator('.admin__subsegment').getByRole('tab', { name: 'Confederaciones', exact: true }).click();
  await expect(page.getByTestId('admin-confederation').first()).toBeVisible();
  await look.screen?.('Administración, Equipos, Confederaciones');
  await lookAtModal(page, look, 'Nueva confederación', page.getByTestId('confederation-new'), (dialog) => dialog.getByLabel('Nombre'), 'Cancelar');
}

/**
 * The tours' tests on each phone, for a spec whose `look` checks what `holds` says (the titles' end); `label` names
 * the accounts they make. A test of dialogs only leaves the signed-out screens out.
 */
export function tourTests(
  holds: string,
  label: string,
  look: (page: Page) => Look,
  { signedOut = true, phones = PHONES }: { signedOut?: boolean; phones?: readonly Phone[] } = {},
): void {
  onEachPhone((phone) => {
    if (signedOut) {
      test(`the screens before signing in, those the mailed links open and the sign-in notice: ${holds}`, async ({ page, api }) => {
        await signedOutScreens(page, api, look(page));
      });
    }
    test(`every dialog of a player and a creator, the confirmations and a select's options: ${holds}`, async ({ page, context, api }) => {
      test.slow();
      await playerDialogs(page, context, api, `${label}-${phone.width}`, look(page));
    });
    test(`Administración, each of its sections and its dialogs: ${holds}`, async ({ page, api }) => {
      // The teams section lists every shipped team: a check of each takes a while on a busy machine.
      test.slow();
      await adminScreensAndDialogs(page, api, look(page));
    });
  }, phones);
}
