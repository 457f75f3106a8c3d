import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailOutbox } from '#server/db/schema';
import { createMailWorker } from '#server/modules/mail/mail-worker';
import { createSmtpSender } from '#server/modules/mail/mail-transport';
import { createFactories, fetchTransport } from '#tests/support/factories';
import { startServer, type ServerProcess } from '#tests/support/server-process';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { createTestApp, type TestApp } from '#tests/support/test-app';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';

/**
 * The outbox (docs/decisions/064-the-mail-outbox-sends-at-most-once.md), against a real SMTP server on 127.0.0.1:
 * retries with back-off (1, 5, 30 minutes, then failed with the relay's answer), a claim never sent twice, whether
 * the instance that made it died (kill -9, between the relay taking the message and the row marked sent) or another
 * instance races it; on the embedded database and on PostgreSQL.
 */
const MINUTE = 60_000;
const FROM = 'Quiniela <quiniela@example.org>';
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

/** `count` invitation addresses of one test, and how to queue them through the API (one request, one pool). */
const addresses = (label: string, count: number) => Array.from({ length: count }, (_, i) => `${label}${i}@example.com`);

describe('retries', () => {
  let now = new Date('2026-12-01T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_POLL_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  const rowTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)))[0]!;
  const tick = () => t.app.services.mailWorker!.tick();

  it('tries again after 1, 5 and 30 minutes while the relay refuses for now, then fails with its answer; a permanent no at once', async () => {
    smtp.refuseRecipient = (to) =>
      to === 'llena@example.com'
        ? { code: 452, message: 'Buzón lleno, vuelve luego' }
        : to === 'nadie@example.com'
          ? { code: 550, message: 'No existe ese buzón' }
          : null;
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { name: 'Reintentos' });
    const res = await t.injectAs(owner.session.accessToken, {
      method: 'POST',
      url: `/api/pools/${pool.id}/invitations`,
      payload: { emails: ['llena@example.com', 'nadie@example.com'] },
    });
    expect(res.statusCode).toBe(202);
    expect(await tick()).toMatchObject({ sent: 0, retried: 1, failed: 1 });
    expect(await rowTo('nadie@example.com')).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550 No existe ese buzón') });
    for (const [wait, attempts] of [[1, 1], [5, 2], [30, 3]] as const) {
      const row = await rowTo('llena@example.com');
      expect(row).toMatchObject({ status: 'pending', attempts, lastError: expect.stringContaining('452 Buzón lleno') });
      expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(wait * MINUTE);
      now = new Date(now.getTime() + wait * MINUTE - 1);
      expect(await tick()).toMatchObject({ retried: 0, failed: 0 });
      now = new Date(now.getTime() + 1);
      await tick();
    }
    expect(await rowTo('llena@example.com')).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastError: expect.stringMatching(/452 Buzón lleno.*tras 4 intentos/),
    });
    expect(smtp.received.filter((m) => m.to === 'llena@example.com' || m.to === 'nadie@example.com')).toEqual([]);
    smtp.refuseRecipient = () => null;
  });

  it('never sends again a claim whose instance died while sending it: after 10 minutes it is failed, with its Message-ID', async () => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { name: 'Huérfana' });
    await t.injectAs(owner.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/invitations`, payload: { emails: ['huerfana@example.com'] } });
    // An instance claimed it and died (what the real processes below do with kill -9).
    await t.db.execute(sql`update mail_outbox set status = 'sending', attempts = 1, claimed_at = ${now.toISOString()}::timestamptz, message_id = '<muerto@example.org>' where recipient = 'huerfana@example.com'`);
    now = new Date(now.getTime() + 9 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, failed: 0 });
    now = new Date(now.getTime() + 2 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, failed: 1, uncertain: 1 });
    expect(await rowTo('huerfana@example.com')).toMatchObject({ status: 'failed', lastError: expect.stringContaining('Message-ID') });
    expect(smtp.received.filter((m) => m.to === 'huerfana@example.com')).toEqual([]);
  });

  it('is claimed once by workers racing (instances), each message sent once under its Message-ID', async () => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { name: 'Carrera' });
    const emails = addresses('carrera', 20);
    await t.injectAs(owner.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/invitations`, payload: { emails } });
    const worker = () =>
      createMailWorker({
        outbox: t.app.services.repositories.outbox,
        send: createSmtpSender(smtp.url, FROM),
        compose: t.app.services.pools.composeMail,
        clock: () => now,
        domain: 'example.org',
      });
    const summaries = await Promise.all([worker().tick(), worker().tick(), worker().tick()]);
    expect(summaries.reduce((sum, s) => sum + s.sent, 0)).toBe(20);
    for (const to of emails) {
      const got = smtp.received.filter((m) => m.to === to);
      expect(got, to).toHaveLength(1);
      expect(got[0]!.messageId).toBe((await rowTo(to)).messageId);
      expect(got[0]!.subject).toBe(`${owner.userProfile.name} te invita a «Carrera» en Quiniela`);
    }
  });
});

describe('metrics', () => {
  it('count the mail sent, failed and queued', async () => {
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_POLL_SECONDS: '1', METRICS_TOKEN: 'un-token-de-metricas-largo' } });
    try {
      const owner = await t.createUser();
      const pool = await t.api.pool(owner, { name: 'Métricas' });
      await t.injectAs(owner.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/invitations`, payload: { emails: ['metrica@example.com'] } });
      await smtp.waitFor('metrica@example.com');
      await t.app.services.mailRunner!.idle();
      const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer un-token-de-metricas-largo' } })).body;
      expect(text).toMatch(/quiniela_mail_total\{outcome="sent"\} 1/);
      expect(text).toMatch(/quiniela_mail_total\{outcome="failed"\} 0/);
      expect(text).toMatch(/quiniela_mail_queued 0/);
    } finally {
      await t.close();
    }
  });
});

describe('real server processes', () => {
  let env: Record<string, string>;
  let drop = async () => {};
  const started: ServerProcess[] = [];
  beforeAll(async () => {
    if (testDatabaseKind() === 'pglite') {
      env = { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'quiniela-mail-')) };
    } else {
      const database = await createPostgresDatabase(inject('databaseTemplate'));
      env = { DATABASE_URL: database.url };
      drop = () => database.drop();
    }
    Object.assign(env, {
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
      MAIL_POLL_SECONDS: '1',
      INVITATION_EMAILS_MAX_PER_DAY: '1000',
      ADMIN_EMAIL: 'admin-correo@example.com',
      ADMIN_PASSWORD: 'una-clave-larga',
    });
  });
  afterAll(async () => {
    for (const server of started) await server.stop('SIGKILL');
    await drop();
  });
  const start = async () => {
    const server = await startServer(env);
    started.push(server);
    return server;
  };
  const invite = async (server: ServerProcess, label: string, emails: string[]) => {
    const api = createFactories(fetchTransport(server.base));
    const owner = await api.user(label);
    const pool = await api.pool(owner, { name: `Quiniela ${label}` });
    await api.call(owner, 'POST', `/api/pools/${pool.id}/invitations`, { body: { emails }, status: 202 });
  };
  const deliveredOnce = async (emails: string[]) => {
    for (const to of emails) await smtp.waitFor(to, 1, 30_000);
    // Long enough for a second send to have arrived, were there one.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const to of emails) expect(smtp.received.filter((m) => m.to === to), to).toHaveLength(1);
  };

  it('survive kill -9 between the relay taking a message and its row marked sent: it is not sent again, the rest is', async () => {
    const emails = addresses('muerte', 20);
    let release = () => {};
    const held = new Promise<void>((heldNow) => {
      let seen = 0;
      smtp.beforeAnswer = (mail) => {
        if (!emails.includes(mail.to) || ++seen !== 5) return;
        heldNow();
        return new Promise<void>((resolve) => (release = resolve));
      };
    });
    const first = await start();
    await invite(first, 'muerte', emails);
    await held;
    await first.stop('SIGKILL');
    release();
    smtp.beforeAnswer = () => {};

    const second = await start();
    await deliveredOnce(emails);
    // The row it died on stays claimed (failed once 10 minutes have passed), never sent twice.
    const api = createFactories(fetchTransport(second.base));
    const admin = await api.signIn({ email: 'admin-correo@example.com', password: 'una-clave-larga' });
    const { data } = await api.call(admin, 'GET', '/api/admin/mail');
    expect(data).toMatchObject({ configured: true, from: FROM, sending: 1 });
    await second.stop();
  });

  it.runIf(testDatabaseKind() === 'postgres')('are two instances sending one outbox: every message once', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const emails = addresses('pareja', 60);
    await Promise.all([
      invite(a, 'pareja-a', emails.slice(0, 20)),
      invite(b, 'pareja-b', emails.slice(20, 40)),
      invite(a, 'pareja-c', emails.slice(40)),
    ]);
    await deliveredOnce(emails);
  });
});
