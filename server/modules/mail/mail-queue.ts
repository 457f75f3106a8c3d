import type { MailOutboxRepository } from './mail-outbox.repository.ts';

/**
 * What the domains that cause mail get (null on a server without SMTP_URL): queue rows in their own transaction, then
 * wake this instance's worker once it committed, so a link does not wait for the worker's next round.
 */
export interface MailQueue {
  enqueue: MailOutboxRepository['enqueue'];
  wake(): void;
  /** Mail that is itself the whole of what a request does (an invitation, a link asked for): queued, then woken. */
  send(mails: Parameters<MailOutboxRepository['enqueue']>[1]): Promise<void>;
}
