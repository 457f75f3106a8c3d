import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglitePath, openPostgres } from '#server/db/client';
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
 * instance races it, and a claim whose instance died before any of its message went out sent again, once; on the
 * embedded database and on PostgreSQL.
 */
const MINUTE = 60_000;
const FROM = 'Quiniela <quiniela@example.org>';
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

/** The relay refuses `full` for now (452) and `unknown` for good (550), and takes the rest. */
const refusing = (full: string, unknown: string) => (to: string) =>
  to === full ? { code: 452, message: 'Buzón lleno, vuelve luego' } : to === unknown ? { code: 550, message: 'No existe ese buzón' } : null;

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
  /** Another instance's worker on the same outbox. */
  const worker = () =>
    createMailWorker({
      outbox: t.app.services.repositories.outbox,
      send: createSmtpSender(smtp.url, FROM),
      compose: t.app.services.pools.composeMail,
      clock: () => now,
      domain: 'example.org',
    });
  const invite = async (label: string, emails: string[]) => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { name: label });
    const res = await t.injectAs(owner.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/invitations`, payload: { emails } });
    expect(res.statusCode).toBe(202);
    return owner;
  };

  it('tries again after 1, 5 and 30 minutes while the relay refuses for now, then fails with its answer; a permanent no at once', async () => {
    smtp.refuseRecipient = refusing('llena@example.com', 'nadie@example.com');
    await invite('Reintentos', ['llena@example.com', 'nadie@example.com']);
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

  it('settles a claim whose instance died after 10 minutes: sent again once if none of it went out, else failed with its Message-ID', async () => {
    const dead = { transmitted: 'huerfana@example.com', untransmitted: 'sin-salir@example.com', lastAttempt: 'agotada@example.com' };
    await invite('Huérfanas', Object.values(dead));
    // Instances claimed them and died (what the real processes below do with kill -9): one as its message went out.
    const claim = (to: string, attempts: number, transmitting: Date | null) =>
      t.db
        .update(mailOutbox)
        .set({ status: 'sending', attempts, claimedAt: now, transmittingAt: transmitting, messageId: `<muerto.${attempts}.${to}>` })
        .where(eq(mailOutbox.recipient, to));
    await claim(dead.transmitted, 1, now);
    await claim(dead.untransmitted, 1, null);
    await claim(dead.lastAttempt, 4, null);
    now = new Date(now.getTime() + 9 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    now = new Date(now.getTime() + 2 * MINUTE);
    expect(await tick()).toEqual({ sent: 1, retried: 1, failed: 2, uncertain: 1, dropped: 0 });
    expect(await rowTo(dead.transmitted)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('Message-ID') });
    expect(await rowTo(dead.lastAttempt)).toMatchObject({ status: 'failed', lastError: 'El servidor se detuvo antes de enviarlo (tras 4 intentos)' });
    const again = await rowTo(dead.untransmitted);
    expect(again).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.to === dead.untransmitted).map((m) => m.messageId)).toEqual([again.messageId]);
    expect(smtp.received.filter((m) => m.to === dead.transmitted || m.to === dead.lastAttempt)).toEqual([]);
  });

  it('transmits nothing on a claim given up on while it was slow, which another instance sends once', async () => {
    const to = 'lenta@example.com';
    await invite('Lenta', [to]);
    let release = () => {};
    const held = new Promise<void>((holding) => {
      smtp.refuseRecipient = (recipient) => {
        if (recipient !== to) return null;
        smtp.refuseRecipient = () => null;
        holding();
        return new Promise((resolve) => (release = () => resolve(null)));
      };
    });
    // The relay holds its answer to the recipient until the claim is stale and another instance took the row again.
    const slow = worker().tick();
    await held;
    now = new Date(now.getTime() + 11 * MINUTE);
    expect(await worker().tick()).toMatchObject({ sent: 1, retried: 1, failed: 0 });
    release();
    expect(await slow).toEqual({ sent: 0, retried: 0, failed: 0, uncertain: 0, dropped: 0 });
    const row = await rowTo(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.to === to).map((m) => m.messageId)).toEqual([row.messageId]);
  });

  it('is claimed once by workers racing (instances), each message sent once under its Message-ID', async () => {
    const emails = addresses('carrera', 20);
    const owner = await invite('Carrera', emails);
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
  it('count the mail sent, retried, failed and queued', async () => {
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_POLL_SECONDS: '1', METRICS_TOKEN: 'un-token-de-metricas-largo' } });
    smtp.refuseRecipient = refusing('metrica-llena@example.com', 'metrica-nadie@example.com');
    try {
      const owner = await t.createUser();
      const pool = await t.api.pool(owner, { name: 'Métricas' });
      const emails = ['metrica@example.com', 'metrica-llena@example.com', 'metrica-nadie@example.com'];
      await t.injectAs(owner.session.accessToken, { method: 'POST', url: `/api/pools/${pool.id}/invitations`, payload: { emails } });
      await smtp.waitFor('metrica@example.com');
      // The round that sent it tried the three.
      await t.app.services.mailRunner!.idle();
      const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer un-token-de-metricas-largo' } })).body;
      expect(text).toMatch(/quiniela_mail_total\{outcome="sent"\} 1\n/);
      expect(text).toMatch(/quiniela_mail_total\{outcome="retried"\} 1\n/);
      expect(text).toMatch(/quiniela_mail_total\{outcome="failed"\} 1\n/);
      expect(text).toMatch(/quiniela_mail_total\{outcome="uncertain"\} 0\n/);
      // The one refused for now waits for its next attempt.
      expect(text).toMatch(/quiniela_mail_queued 1\n/);
    } finally {
      smtp.refuseRecipient = () => null;
      await t.close();
    }
  });
});

// Two server starts a test, and a wait for each message: far longer than an in-process test on a busy machine.
describe('real server processes', { timeout: 120_000 }, () => {
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

  it('survive kill -9 after a claim, before any of its message went out: it is sent once after the restart', async () => {
    const emails = addresses('antes', 20);
    const heldTo = emails[4]!;
    let release = () => {};
    const held = new Promise<void>((holding) => {
      smtp.refuseRecipient = (to) => {
        if (to !== heldTo) return null;
        holding();
        return new Promise((resolve) => (release = () => resolve(null)));
      };
    });
    const first = await start();
    await invite(first, 'antes', emails);
    await held;
    await first.stop('SIGKILL');
    release();
    smtp.refuseRecipient = () => null;

    // Its claim, with no mark of a transmission; ten minutes pass (what the restarted worker waits before settling it).
    const database = env.DATA_DIR ? await openPglitePath(path.join(env.DATA_DIR, 'pglite'), 0) : openPostgres(env.DATABASE_URL!, 1);
    try {
      const claimed = await database.db
        .update(mailOutbox)
        .set({ claimedAt: sql`${mailOutbox.claimedAt} - interval '11 minutes'` })
        .where(and(eq(mailOutbox.status, 'sending'), inArray(mailOutbox.recipient, emails)))
        .returning({ recipient: mailOutbox.recipient, transmittingAt: mailOutbox.transmittingAt });
      expect(claimed).toEqual([{ recipient: heldTo, transmittingAt: null }]);
    } finally {
      await database.close();
    }

    const second = await start();
    await deliveredOnce(emails);
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
