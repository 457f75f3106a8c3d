import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, roles, users as usersTable } from '#server/db/schema';
import { linkIn, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { createTestApp, testAppPerFile, type TestApp } from '#tests/support/test-app';

/**
 * An account's address, by mail (a real SMTP server on 127.0.0.1): sign-up as the spec says, then a confirmation
 * link; "Reenviar"; a change of one's own e-mail takes effect only when the link sent to the new address is opened,
 * the old address is told, and the answer is the same whether or not another account has the new one (which is
 * told by mail instead).
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = testAppPerFile(() => ({ env: smtp.appEnv }));

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const as: TestApp['as'] = (...request) => t.as(...request);
const confirm = (link: URL) => post('/auth/email-confirmation', { token: link.hash.slice(1) });

describe('confirming an address', () => {
  it('mails a link at sign-up (the spec answer unchanged), which confirms it once, without a session', async () => {
    const ana = await t.api.user('ana');
    expect((await as(ana, 'GET', `/api/users/${ana.userProfile.id}`)).json().data.emailConfirmed).toBe(false);
    const [mail] = await smtp.waitFor(ana.email);
    expect(mail!.subject).toBe('Confirma tu correo de Quiniela');
    expect(mail!.text).toContain(`Confirma que ${ana.email} es tu correo`);
    const link = linkIn(mail!, '/confirmar-correo');
    const res = await confirm(link);
    expect(res.json()).toEqual({ message: 'Correo confirmado.' });
    expect((await as(ana, 'GET', `/api/users/${ana.userProfile.id}`)).json().data.emailConfirmed).toBe(true);
    expect((await confirm(link)).statusCode).toBe(400);
    // Confirmed: nothing to send again.
    const resend = await as(ana, 'POST', `/api/users/${ana.userProfile.id}/email-confirmation`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('Tu correo ya está confirmado.');
  });

  it('sends the link again on "Reenviar", to one\'s own account only', async () => {
    const bea = await t.api.user('bea');
    await smtp.waitFor(bea.email);
    const res = await as(bea, 'POST', `/api/users/${bea.userProfile.id}/email-confirmation`);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(`Te hemos enviado un enlace a ${bea.email} para confirmarlo.`);
    const mails = await smtp.waitFor(bea.email, 2);
    expect((await confirm(linkIn(mails[1]!, '/confirmar-correo'))).statusCode).toBe(200);
    const other = await t.api.user('otra');
    expect((await as(other, 'POST', `/api/users/${bea.userProfile.id}/email-confirmation`)).statusCode).toBe(403);
  });
});

describe('a cause rolled back', () => {
  it('queues no mail: of sign-ups racing for one address only the one that committed, and an admin\'s refused correction none', async () => {
    const queuedTo = async (email: string) =>
      (await t.db.select({ kind: mailOutbox.kind, userId: mailOutbox.userId }).from(mailOutbox).where(eq(mailOutbox.recipient, email)));
    const email = 'repetida@example.com';
    const signUps = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post('/auth/signup', { name: `Repetida ${i}`, email, password: 'una-clave-larga' })),
    );
    expect(signUps.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const created = signUps.find((res) => res.statusCode === 201)!.json().data;
    expect(await queuedTo(email)).toEqual([{ kind: 'email-confirmation', userId: created.id }]);

    const admin = await t.createUser({ role: 'admin' });
    const gema = await t.api.user('gema');
    const refused = await as(admin, 'PATCH', `/api/users/${gema.userProfile.id}`, { email });
    expect(refused.statusCode).toBe(409);
    // Neither "your address changed" to Gema nor a second link to the taken address.
    expect((await queuedTo(gema.email)).map((row) => row.kind)).toEqual(['email-confirmation']);
    expect(await queuedTo(email)).toHaveLength(1);
  });
});

describe('changing one\'s e-mail', () => {
  it('takes effect when the link mailed to the new address is opened, and the old address is told', async () => {
    const carla = await t.api.user('carla');
    const res = await as(carla, 'PATCH', `/api/users/${carla.userProfile.id}`, { name: 'Carla R.', email: 'Carla.Nueva@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Te hemos enviado un enlace a carla.nueva@example.com: tu correo cambiará cuando lo abras.',
      data: { name: 'Carla R.', email: carla.email },
    });
    const [mail] = await smtp.waitFor('carla.nueva@example.com');
    expect(mail!.subject).toBe('Confirma tu nuevo correo de Quiniela');
    expect((await confirm(linkIn(mail!, '/confirmar-correo'))).statusCode).toBe(200);
    expect((await as(carla, 'GET', `/api/users/${carla.userProfile.id}`)).json().data).toMatchObject({
      email: 'carla.nueva@example.com',
      emailConfirmed: true,
    });
    const told = (await smtp.waitFor(carla.email, 2)).find((m) => m.subject === 'El correo de tu cuenta de Quiniela ha cambiado');
    expect(told?.text).toContain('es ahora carla.nueva@example.com');
  });

  it('answers the same when another account has the address, which is told by mail instead', async () => {
    const dani = await t.api.user('dani');
    const owner = await t.api.user('duena');
    const answer = async (email: string) => {
      const res = await as(dani, 'PATCH', `/api/users/${dani.userProfile.id}`, { email });
      return { status: res.statusCode, body: res.body.replace(email, '<correo>') };
    };
    const free = await answer('libre@example.com');
    const taken = await answer(owner.email);
    expect(taken).toEqual(free);
    const [toOwner] = (await smtp.waitFor(owner.email, 2)).filter((m) => m.subject === 'Quiniela: este correo ya tiene una cuenta');
    expect(toOwner!.links).toEqual([`${t.config.publicOrigin}/login`]);
    expect(toOwner!.text).not.toContain(dani.email);
    // Nothing changed for either account.
    expect((await as(dani, 'GET', `/api/users/${dani.userProfile.id}`)).json().data.email).toBe(dani.email);
  });

  it('bounds the changes per user: of 100 simultaneous ones, only the limit are queued', async () => {
    const [userRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'user'));
    const taken = Array.from({ length: 100 }, (_, i) => `sondeo${i}@example.com`);
    await t.db
      .insert(usersTable)
      .values(taken.map((email) => ({ name: 'Sondeada', email, passwordHash: 'scrypt$x', roleId: userRole!.id })));
    const prober = await t.createUser({ name: 'Sonda' });
    const answers = await Promise.all(taken.map((email) => as(prober, 'PATCH', `/api/users/${prober.userProfile.id}`, { email })));
    const { max } = t.config.rateLimits.emailChanges;
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(max);
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(limited).toHaveLength(100 - max);
    expect(limited[0]!.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Demasiados cambios de correo electrónico. Inténtalo de nuevo más tarde.',
    });
  });

  it('is corrected by an admin at once, unconfirmed, the old address told and the new one sent its link', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const eva = await t.api.user('eva');
    await smtp.waitFor(eva.email);
    const res = await as(admin, 'PATCH', `/api/users/${eva.userProfile.id}`, { email: 'eva.corregida@example.com' });
    expect(res.json().data).toMatchObject({ email: 'eva.corregida@example.com', emailConfirmed: false });
    expect((await as(admin, 'PATCH', `/api/users/${eva.userProfile.id}`, { email: admin.userProfile.email })).statusCode).toBe(409);
    await smtp.waitFor(eva.email, 2);
    const [link] = await smtp.waitFor('eva.corregida@example.com');
    expect(link!.subject).toBe('Confirma tu correo de Quiniela');
  });

  it('is refused on a server without mail, where no link could confirm it (an admin still corrects it)', async () => {
    const plain = await createTestApp();
    try {
      const fede = await plain.createUser({ name: 'Fede' });
      const res = await plain.injectAs(fede.session.accessToken, {
        method: 'PATCH',
        url: `/api/users/${fede.userProfile.id}`,
        payload: { email: 'fede.nuevo@example.com' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Este servidor no envía correos: pide a un administrador que cambie tu correo.');
      const admin = await plain.createUser({ role: 'admin' });
      const fixed = await plain.injectAs(admin.session.accessToken, {
        method: 'PATCH',
        url: `/api/users/${fede.userProfile.id}`,
        payload: { email: 'fede.nuevo@example.com' },
      });
      expect(fixed.json().data.email).toBe('fede.nuevo@example.com');
    } finally {
      await plain.close();
    }
  });
});
