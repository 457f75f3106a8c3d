import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { accountTokens, mailOutbox } from '#server/db/schema';
import { hashToken } from '#server/modules/accounts/sessions.repository';
import { linkIn, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { createTestApp, testAppPerFile } from '#tests/support/test-app';

/**
 * "¿Olvidaste tu contraseña?" against a real SMTP server on 127.0.0.1: the test reads the link from the message
 * the app sent. The same answer (and the same work) whether or not the address has an account; a 256-bit link, stored
 * hashed, single-use, valid 30 minutes; the new password follows sign-up's rules; every session ends; the owner is told.
 */
const MINUTE = 60_000;
let now = new Date('2026-12-01T10:00:00Z');
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = testAppPerFile(() => ({ clock: () => now, env: { ...smtp.appEnv, PASSWORD_RESETS_MAX_PER_IP: '1000' } }));

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const tokenOf = (link: URL) => link.hash.slice(1);

async function resetLinkFor(email: string, app = t) {
  const before = smtp.received.filter((m) => m.to === email).length;
  expect((await app.app.inject({ method: 'POST', url: '/auth/password-reset', payload: { email } })).statusCode).toBe(202);
  const mails = await smtp.waitFor(email, before + 1);
  return linkIn(mails.at(-1)!, '/nueva-contrasena');
}

describe('a password reset by e-mail', () => {
  it('mails a single-use link that sets a new password, ends every session, signs in and tells the owner', async () => {
    const ana = await t.api.user('ana');
    const other = await t.api.signIn(ana);
    const link = await resetLinkFor(ana.email);
    const [mail] = (await smtp.waitFor(ana.email)).filter((m) => m.subject === 'Elige una contraseña nueva para Quiniela');
    expect(mail!.text).toContain(`Hola, ${ana.name}:`);
    expect(mail!.text).toContain('caduca en 30 minutos');
    expect(link.origin).toBe(t.config.publicOrigin);
    // 256 bits, base64url; only its SHA-256 is stored.
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(accountTokens).where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ purpose: 'password-reset', email: ana.email, userId: ana.userProfile.id });
    expect(JSON.stringify(await t.db.select().from(accountTokens))).not.toContain(token);
    expect(JSON.stringify(await t.db.select().from(mailOutbox))).not.toContain(token);

    // The sign-up rules.
    const short = await post('/auth/password-reset/confirm', { token, password: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('La contraseña debe tener al menos 8 caracteres.');

    const reset = await post('/auth/password-reset/confirm', { token, password: 'una-clave-nueva' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().userProfile).toMatchObject({ id: ana.userProfile.id, email: ana.email });
    // Every earlier session is over; the one the reset gave works.
    for (const old of [ana, other]) {
      expect((await t.injectAs(old.session.accessToken, { method: 'GET', url: '/auth/profile' })).statusCode).toBe(401);
    }
    expect((await t.injectAs(reset.json().session.accessToken, { method: 'GET', url: '/auth/profile' })).statusCode).toBe(200);
    expect((await post('/auth/signin', { email: ana.email, password: ana.password })).statusCode).toBe(401);
    expect((await post('/auth/signin', { email: ana.email, password: 'una-clave-nueva' })).statusCode).toBe(200);

    const changed = (await smtp.waitFor(ana.email, 3)).find((m) => m.subject === 'Tu contraseña de Quiniela ha cambiado');
    expect(changed?.text).toContain('acaba de cambiar');
    // The link came to the address: it is confirmed.
    expect((await t.injectAs(reset.json().session.accessToken, { method: 'GET', url: `/api/users/${ana.userProfile.id}` })).json().data.emailConfirmed).toBe(true);

    // Used once: never again.
    const again = await post('/auth/password-reset/confirm', { token, password: 'otra-clave-mas' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'El enlace no es válido, ya se usó o ha caducado. Pide otro.',
    });
  });

  it('refuses a link after 30 minutes, and an older link once another changed the password', async () => {
    const bea = await t.api.user('bea');
    const first = await resetLinkFor(bea.email);
    const second = await resetLinkFor(bea.email);
    now = new Date(now.getTime() + 31 * MINUTE);
    expect((await post('/auth/password-reset/confirm', { token: tokenOf(first), password: 'una-clave-nueva' })).statusCode).toBe(400);
    const third = await resetLinkFor(bea.email);
    expect((await post('/auth/password-reset/confirm', { token: tokenOf(third), password: 'una-clave-nueva' })).statusCode).toBe(200);
    expect((await post('/auth/password-reset/confirm', { token: tokenOf(second), password: 'otra-clave' })).statusCode).toBe(400);
    for (const token of ['', 'x'.repeat(43), 'a'.repeat(44), 'no vale']) {
      const res = await post('/auth/password-reset/confirm', { token, password: 'una-clave-nueva' });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe('El enlace no es válido, ya se usó o ha caducado. Pide otro.');
    }
  });

  it('answers the same, with the same work, for an address with an account and one without', async () => {
    const known = await Promise.all(Array.from({ length: 6 }, (_, i) => t.createUser({ email: `conocida${i}@example.com` })));
    const typed = { known: known.map((k) => k.userProfile.email), unknown: known.map((_, i) => `nadie${i}@example.com`) };
    const answers: Record<'known' | 'unknown', string[]> = { known: [], unknown: [] };
    for (const kind of ['known', 'unknown'] as const) {
      for (const email of typed[kind]) {
        const res = await post('/auth/password-reset', { email });
        answers[kind].push(`${res.statusCode} ${res.body}`);
      }
      expect(new Set(answers[kind])).toEqual(
        new Set([
          `202 ${JSON.stringify({ message: 'Si hay una cuenta con ese correo, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en 30 minutos.' })}`,
        ]),
      );
    }
    // The same work, not the same measured time (a timing bound flakes on a busy machine): each request queued one
    // row that is the same for both but for its address, the account looked up only when it is sent.
    const queued = await t.db
      .select({ kind: mailOutbox.kind, recipient: mailOutbox.recipient, userId: mailOutbox.userId, params: mailOutbox.params })
      .from(mailOutbox)
      .where(inArray(mailOutbox.recipient, [...typed.known, ...typed.unknown]));
    expect(queued).toHaveLength(12);
    expect(new Set(queued.map(({ recipient: _, ...rest }) => JSON.stringify(rest)))).toEqual(
      new Set([JSON.stringify({ kind: 'password-reset', userId: null, params: {} })]),
    );
    // Each address got exactly one message: a link, or the news that it has no account.
    const first = await smtp.waitFor(known[0]!.userProfile.email);
    expect(first.map((m) => m.subject)).toEqual(['Elige una contraseña nueva para Quiniela']);
    const nobody = await smtp.waitFor('nadie0@example.com');
    expect(nobody.map((m) => m.subject)).toEqual(['Quiniela: no hay ninguna cuenta con este correo']);
    expect(nobody[0]!.links).toEqual([`${t.config.publicOrigin}/register`]);
  });

  it('is limited per address typed, the same for an address without an account', async () => {
    for (const email of ['limite@example.com', (await t.createUser({ email: 'limite2@example.com' })).userProfile.email]) {
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await post('/auth/password-reset', { email })).statusCode);
      expect(codes, email).toEqual([202, 202, 202, 429]);
    }
  });
});

describe('a password reset per client', () => {
  it('is limited per client address', async () => {
    const limited = await createTestApp({ env: { ...smtp.appEnv, PASSWORD_RESETS_MAX_PER_IP: '3' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/auth/password-reset', payload: { email: `cliente${i}@example.com` } })).statusCode);
      }
      expect(codes).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('an admin', () => {
  it('sends a user a reset link by mail', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const carla = await t.api.user('carla');
    const res = await t.injectAs(admin.session.accessToken, { method: 'POST', url: `/api/users/${carla.userProfile.id}/password-reset` });
    expect(res.json()).toEqual({ message: `Enlace para elegir una contraseña nueva enviado a ${carla.email}.`, data: null });
    const link = linkIn((await smtp.waitFor(carla.email, 2)).find((m) => m.subject.startsWith('Elige'))!, '/nueva-contrasena');
    const reset = await post('/auth/password-reset/confirm', { token: tokenOf(link), password: 'de-la-admin-1' });
    expect(reset.statusCode).toBe(200);
    // Only admins.
    const byCarla = await t.injectAs(reset.json().session.accessToken, { method: 'POST', url: `/api/users/${admin.userProfile.id}/password-reset` });
    expect(byCarla.statusCode).toBe(403);
  });

  it('on a server without mail, gets a one-time link to hand over, and nothing offers a reset by mail', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/auth/mail/availability' })).json()).toEqual({ available: false });
      const refused = await plain.app.inject({ method: 'POST', url: '/auth/password-reset', payload: { email: 'x@example.com' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Este servidor no envía correos.');
      const admin = await plain.createUser({ role: 'admin' });
      const dora = await plain.api.user('dora');
      const res = await plain.injectAs(admin.session.accessToken, { method: 'POST', url: `/api/users/${dora.userProfile.id}/password-reset` });
      expect(res.statusCode).toBe(200);
      const { message, data } = res.json();
      expect(message).toBe('Este servidor no envía correos: entrega este enlace a la persona. Sirve una vez y caduca en 30 minutos.');
      const link = new URL(data.link);
      expect(link.pathname).toBe('/nueva-contrasena');
      const use = (password: string) =>
        plain.app.inject({ method: 'POST', url: '/auth/password-reset/confirm', payload: { token: link.hash.slice(1), password } });
      expect((await use('entregada-en-mano')).statusCode).toBe(200);
      expect((await use('entregada-otra-vez')).statusCode).toBe(400);
      expect((await plain.app.inject({ method: 'GET', url: '/api/admin/mail', headers: { authorization: `Bearer ${admin.session.accessToken}` } })).json().data).toMatchObject({
        configured: false,
        from: null,
      });
    } finally {
      await plain.close();
    }
  });
});
