import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match, Pool, SignInResponse } from '#contract/index';
import { at } from '#tests/support/first-kickoff';
import { linkIn, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The pools' reminders by e-mail (a real SMTP server on 127.0.0.1), the decisions the pool pushes take: missing picks
 * 24 h before a jornada's first kick-off, the jornada's summary once it is over. Off by default, on only for a
 * confirmed address, once per player, pool and jornada; each with a one-click unsubscribe (RFC 8058) that works
 * without a session. And "Invitar por correo".
 */
let now = new Date('2026-12-01T10:00:00Z');
let smtp: TestSmtpServer;
let t: TestApp;
let admin: SignInResponse;
let host: SignInResponse;
let ana: SignInResponse;
let bea: SignInResponse;
let pool: Pool;
let jornada: Match[];

const setting = (who: SignInResponse, payload: object) =>
  t.injectAs(who.session.accessToken, { method: 'PUT', url: '/api/notification-settings', payload });
const confirmAddress = (who: SignInResponse) =>
  t.db.execute(sql`update users set email_confirmed_at = now() where id = ${who.userProfile.id}`);
/** One round of reminders, then of mail, as an instance runs them. */
async function round() {
  const reminders = await t.app.services.reminderScheduler.tick();
  const mail = await t.app.services.mailWorker!.tick();
  return { queued: reminders.mails, sent: mail.sent };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ clock: () => now, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Quiniela <quiniela@example.org>', MAIL_POLL_SECONDS: '0' } });
  [admin, host, ana, bea] = await Promise.all([
    t.createUser({ role: 'admin' }),
    t.createUser({ name: 'Hugo' }),
    t.createUser({ name: 'Ana', email: 'ana.correo@example.com' }),
    t.createUser({ name: 'Bea', email: 'bea.correo@example.com' }),
  ]);
  jornada = [];
  for (const offset of [0, 2]) jornada.push(await t.api.match(admin, { weekNumber: 15, matchDate: at(offset).toISOString() }));
  pool = await t.api.pool(host, { name: 'Peña del Bar', competition: 'manual', fromWeek: 15, players: [ana, bea] });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the settings', () => {
  it('are off by default, and turn on only for a confirmed address', async () => {
    const read = await t.injectAs(ana.session.accessToken, { method: 'GET', url: '/api/notification-settings' });
    expect(read.json().data).toMatchObject({
      email: { available: true, confirmed: false },
      pools: [{ poolId: pool.id, missingPicks: true, jornadaResults: true, missingPicksEmail: false, jornadaResultsEmail: false }],
    });
    const refused = await setting(ana, { kind: 'missing-picks', poolId: pool.id, channel: 'email', enabled: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Confirma tu correo para recibir avisos por correo.');
    expect((await setting(ana, { kind: 'favorite-reminders', channel: 'email', enabled: true })).statusCode).toBe(400);
    for (const who of [ana, bea]) await confirmAddress(who);
    for (const kind of ['missing-picks', 'jornada-results']) {
      expect((await setting(ana, { kind, poolId: pool.id, channel: 'email', enabled: true })).statusCode).toBe(200);
    }
    expect((await setting(bea, { kind: 'jornada-results', poolId: pool.id, channel: 'email', enabled: true })).json().data.pools[0]).toMatchObject({
      missingPicksEmail: false,
      jornadaResultsEmail: true,
      // The pushes keep their own settings.
      missingPicks: true,
    });
  });
});

describe('missing picks', () => {
  it('24 hours before the jornada, mails "Te faltan 2 pronósticos de la Jornada 15 de «Peña del Bar»" once, with its ways out', async () => {
    now = at(-25);
    expect(await round()).toEqual({ queued: { missingPicks: 0, jornadaSummaries: 0 }, sent: 0 });
    now = at(-23);
    expect(await round()).toEqual({ queued: { missingPicks: 1, jornadaSummaries: 0 }, sent: 1 });
    now = at(-0.5);
    expect(await round()).toEqual({ queued: { missingPicks: 0, jornadaSummaries: 0 }, sent: 0 });
    const [mail] = await smtp.waitFor('ana.correo@example.com');
    expect(mail!.subject).toBe('Te faltan 2 pronósticos de la Jornada 15 de «Peña del Bar»');
    expect(mail!.text).toContain('La Jornada 15 empieza el miércoles 2 dic., 21:00');
    expect(linkIn(mail!, `/tabs/pool/${pool.id}`).search).toBe('?seccion=predecir');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=[^>]+>$/);
    expect(linkIn(mail!, '/tabs/home').search).toBe('?avisos');
    // Bea asked only for the jornada's result.
    expect(smtp.received.filter((m) => m.to === 'bea.correo@example.com')).toEqual([]);
  });
});

describe('the jornada summary', () => {
  it("after its last result: points, place, movement and the jornada's winner", async () => {
    await t.api.predict(ana, pool, jornada[0]!, 'home');
    await t.api.predict(bea, pool, jornada[0]!, 'away');
    await t.api.predict(bea, pool, jornada[1]!, 'draw');
    now = at(1);
    await t.api.result(admin, jornada[0]!, 2, 0);
    // One match still to play: the jornada is not over, nothing is mailed.
    expect((await round()).queued.jornadaSummaries).toBe(0);
    now = at(4);
    await t.api.result(admin, jornada[1]!, 1, 1);
    expect(await round()).toEqual({ queued: { missingPicks: 0, jornadaSummaries: 2 }, sent: 2 });
    expect((await round()).queued.jornadaSummaries).toBe(0);
    const [toAna] = (await smtp.waitFor('ana.correo@example.com', 2)).slice(-1);
    expect(toAna!.subject).toBe('Jornada 15 de «Peña del Bar»: +3 puntos, ahora eres 1.º');
    expect(toAna!.text).toContain('Ganaron la jornada Ana y Bea con 3 puntos.');
    const [toBea] = await smtp.waitFor('bea.correo@example.com');
    expect(toBea!.subject).toBe('Jornada 15 de «Peña del Bar»: +3 puntos, ahora eres 1.º');
  });
});

describe('unsubscribing', () => {
  it('works in one click without a session (RFC 8058), and only with the link the mail carried', async () => {
    const [mail] = await smtp.waitFor('bea.correo@example.com');
    const url = new URL(mail!.headers['list-unsubscribe']!.slice(1, -1));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toBe('Listo: ya no recibirás por correo el resultado de cada jornada de esta quiniela.');
    const read = await t.injectAs(bea.session.accessToken, { method: 'GET', url: '/api/notification-settings' });
    expect(read.json().data.pools[0]).toMatchObject({ jornadaResultsEmail: false, jornadaResults: true });
    // The page the mail's own link opens posts the same token, with no body.
    const token = linkIn(mail!, '/baja').hash.slice(1);
    expect(url.searchParams.get('token')).toBe(token);
    expect((await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
    const forged = token.replace(/^(\d+)\./, (_m, id: string) => `${Number(id) + 1}.`);
    const refused = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('El enlace para darte de baja no es válido.');
  });
});

describe('inviting by mail', () => {
  it("sends the invitation link with the pool's and the inviter's names, up to 20 at once, a limit a day", async () => {
    const invite = (who: SignInResponse, emails: unknown) =>
      t.injectAs(who.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/invitations`, payload: { emails } });
    const res = await invite(host, ['Invitada1@example.com', 'invitada2@example.com', 'invitada1@example.com']);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Invitación enviada a 2 correos.');
    await round();
    const [mail] = await smtp.waitFor('invitada1@example.com');
    expect(mail!.subject).toBe('Hugo te invita a «Peña del Bar» en Quiniela');
    expect(linkIn(mail!, '/unirse/').pathname).toBe(`/unirse/${pool.invitationCode}`);
    expect(smtp.received.filter((m) => m.to === 'invitada1@example.com')).toHaveLength(1);

    expect((await invite(ana, ['x@example.com'])).statusCode).toBe(403);
    const tooMany = await invite(host, Array.from({ length: 21 }, (_, i) => `muchas${i}@example.com`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Escribe entre 1 y 20 correos electrónicos.');
    expect((await invite(host, ['no-es-un-correo'])).statusCode).toBe(400);
    // 50 a day: 2 sent, 48 more fit, the next is refused before anything is queued.
    for (let batch = 0; batch < 2; batch += 1) {
      expect((await invite(host, Array.from({ length: 20 }, (_, i) => `lote${batch}-${i}@example.com`))).statusCode).toBe(202);
    }
    expect((await invite(host, Array.from({ length: 8 }, (_, i) => `ultimas${i}@example.com`))).statusCode).toBe(202);
    const limited = await invite(host, ['una-mas@example.com']);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Has enviado demasiadas invitaciones por correo hoy. Inténtalo mañana.');
  });
});
