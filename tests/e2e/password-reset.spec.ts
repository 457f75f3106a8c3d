import { expect } from '@playwright/test';
import { expectToast, resetPasswordFromMail, seriousA11yViolations, signedInUser, startE2eSmtpServer, submitSignInForm, test, unique } from './helpers.ts';

/**
 * "¿Olvidaste tu contraseña?" end to end at 390×844: the sign-in screen's link, the mail the server really sends (to
 * the run's SMTP server on 127.0.0.1), the link in it, the new password, signed in. And the screens of the other links
 * the server mails, and "Invitar por correo": no serious or critical axe violation on any of them.
 */
let smtp: Awaited<ReturnType<typeof startE2eSmtpServer>>;
test.beforeAll(async ({ baseURL }) => {
  smtp = await startE2eSmtpServer(baseURL!);
});
test.afterAll(() => smtp.close());

test('a player who forgot the password gets a link by mail, chooses a new one and is signed in', async ({ page, api }) => {
  const player = await api.signUp('olvido');
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Correo electrónico').fill(player.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByTestId('forgot-password-sent')).toHaveText(
    'Si hay una cuenta con ese correo, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en 30 minutos.',
  );

  await resetPasswordFromMail(page, smtp, player.email, 'mi-clave-nueva-1');
  await expectToast(page, 'Contraseña cambiada: se han cerrado todas tus otras sesiones.');

  // Signed in with the new one, on any device: the old one no longer opens the account.
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignInForm(page, player.email, player.password);
  await expectToast(page, 'Correo o contraseña incorrectos.');
  await submitSignInForm(page, player.email, 'mi-clave-nueva-1');
  await expect(page).toHaveURL(/\/tabs\/home$/);

  // The link came to the address: "Mi cuenta" says it is confirmed.
  await page.getByTestId('account-settings').click();
  await expect(page.getByText('Correo confirmado')).toBeVisible();
});

test('"Mi cuenta" says "Correo sin confirmar" until the link mailed at sign-up is opened; then a pool\'s reminders by mail can be turned on in "Avisos", and stay on', async ({
  page,
  api,
}) => {
  const player = await signedInUser(page, api, 'confirma');
  const pool = await api.pool(await api.user('confirma-crea'), { players: [player] });
  const [mail] = await smtp.waitFor(player.email);
  const avisos = page.locator('ion-modal.show-modal');
  const missingByMail = avisos.getByTestId(`setting-missing-email-${pool.id}`);
  // Until the address is confirmed, the pool's reminders by mail cannot be turned on, and "Avisos" says why.
  await page.goto('/tabs/home?avisos');
  await expect(avisos.getByTestId('email-notifications')).toHaveText(
    'Para recibir avisos por correo, confirma tu correo en «Mi cuenta».',
  );
  await expect(missingByMail).toBeDisabled();
  await avisos.getByRole('button', { name: 'Cerrar' }).click();
  await expect(avisos).toHaveCount(0);

  await page.getByTestId('account-settings').click();
  await expect(page.getByTestId('email-unconfirmed')).toHaveText('Correo sin confirmar');
  await expect(page.getByTestId('resend-confirmation')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.goto(mail!.links.find((href) => new URL(href).pathname === '/confirmar-correo')!);
  await expect(page.getByTestId('email-confirmation')).toHaveText('Correo confirmado.');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/tabs/home?avisos');
  await expect(avisos.getByTestId('email-notifications')).toHaveText(
    'También por correo, si quieres: 24 horas antes de cada jornada y al terminar.',
  );
  await expect(missingByMail).toBeEnabled();
  await expect(missingByMail).not.toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // A tap on the switch's words turns it on, as on its knob; the switch waits for the server's answer.
  await avisos.getByText('Pronósticos pendientes, por correo', { exact: true }).click();
  await expect(missingByMail).toBeChecked();
  await expect(missingByMail).toBeEnabled();
  await avisos.getByRole('button', { name: 'Cerrar' }).click();
  await expect(avisos).toHaveCount(0);

  // Saved: on again when "Avisos" opens after the app starts anew; the summary by mail stays off.
  await page.goto('/tabs/home');
  await page.getByTestId('notification-settings').filter({ visible: true }).click();
  await expect(missingByMail).toBeChecked();
  await expect(avisos.getByTestId(`setting-results-email-${pool.id}`)).not.toBeChecked();
});

test('a reminder mail\'s unsubscribe page is reached without signing in, and says what the link does', async ({ page }) => {
  await page.goto('/baja#no-es-un-enlace-valido');
  await expect(page.getByRole('heading', { name: 'Darse de baja' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(page.getByTestId('unsubscribed')).toHaveText('El enlace para darte de baja no es válido.');
});

test('the creator invites by mail from "Reglas y opciones": each address gets the link with the pool\'s and the inviter\'s names', async ({ page, api }) => {
  const owner = await signedInUser(page, api, 'invita');
  const pool = await api.pool(owner, { name: `Peña ${unique()}` });
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByTestId('pool-more').locator('summary').click();
  await page.getByTestId('invite-by-email').click();
  const to = [`ana-${unique()}@example.com`, `beto-${unique()}@example.com`];
  await page.getByTestId('invitation-emails').fill(`${to[0]}, ${to[1]}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByTestId('send-invitations').click();
  await expectToast(page, 'Invitación enviada a 2 correos.');
  for (const address of to) {
    const [mail] = await smtp.waitFor(address);
    expect(mail!.subject).toBe(`${owner.userProfile.name} te invita a «${pool.name}» en Quiniela`);
    expect(mail!.links.some((href) => new URL(href).pathname === `/unirse/${pool.invitationCode}`)).toBe(true);
  }
});
