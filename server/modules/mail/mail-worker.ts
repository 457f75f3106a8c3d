import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository.ts';
import type { SendMail } from './mail-transport.ts';
import { renderMail, type MailContent } from './templates.ts';

/**
 * What a claimed row says, decided as it is sent (a link's token is made here, whether an address has an account is
 * looked up here); null when there is nothing left to say. Each domain composes its own kinds (services.ts).
 */
export type ComposeMail = (mail: ClaimedMail) => Promise<MailContent | null>;

/** After the 1st, 2nd and 3rd attempt the relay refused for now (or never saw): the next one; after the 4th, failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000];
/**
 * A claim older than this whose row is still `sending` belongs to an instance that died with it: a send gives up long
 * before (mail-transport.ts's timeouts). Queued again if its transmission never began, else given up on.
 */
export const STALE_CLAIM_MS = 10 * 60_000;
/** Messages one tick sends at most, one after another; the next tick goes on. */
const PER_TICK = 200;

export interface MailTickSummary {
  sent: number;
  /** Refused for now, or never transmitted (a dead instance's claim included): back in the queue. */
  retried: number;
  /** Given up on: a permanent refusal, a fourth failed attempt, or a dead instance's claim it may have transmitted. */
  failed: number;
  /**
   * Transmission begun but no answer seen (cut, or its instance died): it may have arrived, so it is not sent again
   * (counted in `failed`).
   */
  uncertain: number;
  /** Nothing left to say. */
  dropped: number;
}

interface Deps {
  outbox: MailOutboxRepository;
  send: SendMail;
  compose: ComposeMail;
  clock: Clock;
  /** The right-hand side of every Message-ID: MAIL_FROM's domain. */
  domain: string;
}

export function createMailWorker({ outbox, send, compose, clock, domain }: Deps) {
  const giveUp = (mail: ClaimedMail, answer: string) =>
    mail.attempts > RETRY_DELAYS_MS.length ? `${answer} (tras ${mail.attempts} intentos)` : null;

  const deliver = async (mail: ClaimedMail, summary: MailTickSummary) => {
    const retryOrFail = async (answer: string) => {
      const final = giveUp(mail, answer);
      if (final) {
        await outbox.markDone(mail, 'failed', final);
        summary.failed += 1;
      } else {
        await outbox.markRetry(mail, new Date(clock().getTime() + RETRY_DELAYS_MS[mail.attempts - 1]!), answer);
        summary.retried += 1;
      }
    };
    let content: MailContent | null;
    try {
      content = await compose(mail);
    } catch (error) {
      // Nothing went out: the database hiccuped while the mail was being written.
      return retryOrFail(`No se pudo preparar: ${(error as Error).message}`);
    }
    if (!content) {
      await outbox.markDone(mail, 'dropped', 'Ya no había nada que decir (el correo o la quiniela cambiaron).');
      summary.dropped += 1;
      return;
    }
    const headers =
      'reminder' in content
        ? { 'List-Unsubscribe': `<${content.reminder.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined;
    let reclaimed = false;
    const outcome = await send(
      { to: mail.recipient, messageId: mail.messageId, ...renderMail(content), ...(headers ? { headers } : {}) },
      async () => {
        if (await outbox.markTransmitting(mail, clock())) return;
        reclaimed = true;
        throw new Error('La reclamación caducó y el correo volvió a la cola.');
      },
    );
    // Given up on as stale while this send was slow, and queued again: that claim sends it, this one transmitted nothing.
    if (reclaimed) return;
    switch (outcome.status) {
      case 'sent':
        await outbox.markSent(mail, clock());
        summary.sent += 1;
        return;
      case 'refused':
        if (outcome.permanent) {
          await outbox.markDone(mail, 'failed', outcome.response);
          summary.failed += 1;
          return;
        }
        return retryOrFail(outcome.response);
      case 'unreached':
        return retryOrFail(outcome.error);
      case 'uncertain':
        await outbox.markDone(
          mail,
          'failed',
          `La conexión se cortó mientras se enviaba (${outcome.error}): no se envía otra vez, porque pudo llegar. Búscalo en el registro del servidor de correo por su Message-ID ${mail.messageId}.`,
        );
        summary.failed += 1;
        summary.uncertain += 1;
    }
  };

  return {
    /** Settles the dead instances' claims, then sends what is due, each row by the one instance that claims it. */
    async tick(): Promise<MailTickSummary> {
      const summary: MailTickSummary = { sent: 0, retried: 0, failed: 0, uncertain: 0, dropped: 0 };
      const now = clock();
      const stale = await outbox.sweepStale(new Date(now.getTime() - STALE_CLAIM_MS), now, RETRY_DELAYS_MS.length + 1, {
        uncertain:
          'El servidor se detuvo mientras lo enviaba: no se envía otra vez, porque pudo llegar. Búscalo en el registro del servidor de correo por su Message-ID.',
        requeued: 'El servidor se detuvo antes de enviarlo: se intenta otra vez.',
        exhausted: 'El servidor se detuvo antes de enviarlo',
      });
      summary.retried += stale.requeued;
      summary.failed += stale.uncertain + stale.exhausted;
      summary.uncertain += stale.uncertain;
      for (let sent = 0; sent < PER_TICK; sent += 1) {
        const mail = await outbox.claimNext(clock(), randomBytes(6).toString('hex'), domain);
        if (!mail) break;
        await deliver(mail, summary);
      }
      return summary;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;

/**
 * Runs this instance's worker every `everySeconds`, and soon after `wake()` (a request queued mail: a reset link
 * should not wait for the next round); a run is never overlapped by the next, and a wake during one runs one more.
 */
export function createMailRunner(worker: MailWorker, onTick: (summary: MailTickSummary | null, error?: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = worker
      .tick()
      .then((summary) => onTick(summary))
      .catch((error: unknown) => onTick(null, error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return { run, idle: async () => { while (running) await running; } };
}

export type MailRunner = ReturnType<typeof createMailRunner>;

export async function mailWorkerPlugin(
  app: FastifyInstance,
  { runner, everySeconds }: { runner: MailRunner; everySeconds: number },
) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(runner.run, everySeconds * 1000);
    timer.unref();
    runner.run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await runner.idle();
  });
}
