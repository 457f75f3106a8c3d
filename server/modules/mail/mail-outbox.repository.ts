import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailKind } from './templates.ts';

/**
 * The kinds a row is queued as: each a template, or what decides one when it is sent (a reset for an address with no
 * account says so; a change to an address another account has tells that address).
 */
export type QueuedKind = Exclude<MailKind, 'password-reset-no-account' | 'email-taken'>;

/** One e-mail to queue: its kind, address, account and params. */
export interface QueuedMail {
  kind: QueuedKind;
  to: string;
  /** The account it is for or about; its pending mail is deleted with it. */
  userId?: number | null;
  params?: Record<string, unknown>;
}

/** A row this instance claimed: it is `sending`, under `messageId`, and no other claim returns it. */
export interface ClaimedMail {
  id: number;
  kind: QueuedKind;
  recipient: string;
  userId: number | null;
  params: Record<string, unknown>;
  /** This one included. */
  attempts: number;
  messageId: string;
}

/** What a sweep of dead instances' claims did: each row is in one count. */
export interface StaleClaims {
  /** Never transmitted, with attempts left: `pending` again, due now. */
  requeued: number;
  /** Never transmitted, and that was the last attempt: `failed`. */
  exhausted: number;
  /** Transmission had begun: the relay may have it, so `failed`, never sent again. */
  uncertain: number;
}

export interface OutboxStatus {
  queued: number;
  sending: number;
  failed: number;
  lastFailure: { at: Date; kind: string; error: string } | null;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Still this claim's: a row given up on as stale and claimed again carries another Message-ID. */
const stillClaimed = (mail: ClaimedMail) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.messageId, mail.messageId), eq(mailOutbox.status, 'sending'));

/** The outbox (docs/decisions/064-the-mail-outbox-sends-at-most-once.md): queued by the writes that cause mail, sent by the worker. */
export function createMailOutboxRepository(db: Database) {
  return {
    /** In the caller's transaction (`executor`): the mail exists exactly when what caused it committed. */
    async enqueue(executor: Executor, mails: QueuedMail | readonly QueuedMail[]): Promise<void> {
      const rows = (Array.isArray(mails) ? mails : [mails]) as readonly QueuedMail[];
      if (rows.length === 0) return;
      await executor
        .insert(mailOutbox)
        .values(rows.map((mail) => ({ kind: mail.kind, recipient: mail.to, userId: mail.userId ?? null, params: mail.params ?? {} })));
    },

    /**
     * Claims the next due row, in one statement: `for update skip locked` lets two instances claiming at once take
     * different rows, and the row is `sending`, under its Message-ID, before anything is sent. A row another claim
     * committed a moment ago is not returned (its status is re-checked once its lock is free).
     */
    async claimNext(now: Date, messageIdPart: string, domain: string): Promise<ClaimedMail | null> {
      const [row] = await queryRows<{
        id: number;
        kind: QueuedKind;
        recipient: string;
        user_id: number | null;
        params: Record<string, unknown>;
        attempts: number;
        message_id: string;
      }>(db, sql`
        update mail_outbox
        set status = 'sending', attempts = attempts + 1, claimed_at = ${at(now)}, transmitting_at = null,
          message_id = '<' || id || '.' || (attempts + 1) || '.' || ${messageIdPart}::text || '@' || ${domain}::text || '>'
        where id = (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= ${at(now)}
          order by next_attempt_at, id
          limit 1
          for update skip locked)
        returning id, kind, recipient, user_id, params, attempts, message_id
      `);
      if (!row) return null;
      return {
        id: Number(row.id),
        kind: row.kind,
        recipient: row.recipient,
        userId: row.user_id === null ? null : Number(row.user_id),
        params: row.params,
        attempts: Number(row.attempts),
        messageId: row.message_id,
      };
    },

    /**
     * Committed before the claim's first byte of message data goes to the relay: from here on the relay may take it,
     * so a crash leaves it uncertain. False when the claim is no longer this one (given up on as stale and queued
     * again): then nothing may be transmitted.
     */
    async markTransmitting(mail: ClaimedMail, now: Date): Promise<boolean> {
      const rows = await db
        .update(mailOutbox)
        .set({ transmittingAt: now })
        .where(stillClaimed(mail))
        .returning({ id: mailOutbox.id });
      return rows.length === 1;
    },

    /** By its Message-ID: a send that ends after the row was given up on as stale still says it went. */
    async markSent(mail: ClaimedMail, now: Date): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, lastError: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.messageId, mail.messageId)));
    },

    /** Back in the queue at `nextAttemptAt`: the relay refused it for now, or it never reached the relay. */
    async markRetry(mail: ClaimedMail, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'pending', nextAttemptAt, lastError: error })
        .where(stillClaimed(mail));
    },

    /** Never tried again: `failed` with the relay's answer (or why), or `dropped` when there is nothing left to say. */
    async markDone(mail: ClaimedMail, status: 'failed' | 'dropped', reason: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status, lastError: reason })
        .where(stillClaimed(mail));
    },

    /**
     * Rows still `sending` long after their claim: their instance died with them. One whose transmission had begun may
     * have reached the relay, so it is not sent again (failed, with its Message-ID to look for in the relay's log).
     * One that never reached `markTransmitting` certainly did not: it is queued again, due now, unless that claim was
     * its `maxAttempts`th. Each statement re-checks a row a concurrent `markTransmitting` changed, so a row is either
     * transmitted by its claim or queued again, never both.
     */
    async sweepStale(
      claimedBefore: Date,
      now: Date,
      maxAttempts: number,
      reasons: { uncertain: string; requeued: string; exhausted: string },
    ): Promise<StaleClaims> {
      const stale = (...conditions: SQL[]) =>
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, claimedBefore), ...conditions);
      const count = async (rows: Promise<unknown[]>) => (await rows).length;
      const returningId = { id: mailOutbox.id };
      return {
        uncertain: await count(
          db
            .update(mailOutbox)
            .set({ status: 'failed', lastError: reasons.uncertain })
            .where(stale(isNotNull(mailOutbox.transmittingAt)))
            .returning(returningId),
        ),
        requeued: await count(
          db
            .update(mailOutbox)
            .set({ status: 'pending', nextAttemptAt: now, lastError: reasons.requeued })
            .where(stale(isNull(mailOutbox.transmittingAt), lt(mailOutbox.attempts, maxAttempts)))
            .returning(returningId),
        ),
        exhausted: await count(
          db
            .update(mailOutbox)
            .set({ status: 'failed', lastError: sql`${reasons.exhausted}::text || ' (tras ' || ${mailOutbox.attempts} || ' intentos)'` })
            .where(stale(isNull(mailOutbox.transmittingAt)))
            .returning(returningId),
        ),
      };
    },

    async status(): Promise<OutboxStatus> {
      const [counts, [last]] = await Promise.all([
        db
          .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
          .groupBy(mailOutbox.status),
        db
          .select({ at: mailOutbox.claimedAt, kind: mailOutbox.kind, error: mailOutbox.lastError })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'failed'))
          .orderBy(desc(mailOutbox.claimedAt))
          .limit(1),
      ]);
      const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
      return {
        queued: count('pending'),
        sending: count('sending'),
        failed: count('failed'),
        lastFailure: last?.at ? { at: last.at, kind: last.kind, error: last.error ?? '' } : null,
      };
    },

    /** Mail queued before `cutoff` and finished: a reminder's key stays long after its jornada. */
    async deleteFinishedBefore(cutoff: Date): Promise<void> {
      await db
        .delete(mailOutbox)
        .where(and(inArray(mailOutbox.status, ['sent', 'failed', 'dropped']), lt(mailOutbox.createdAt, cutoff)));
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
