import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/** One message as the worker hands it over: rendered, under the Message-ID its outbox row holds. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers?: Record<string, string>;
}

/**
 * How a send ended, by what the relay can have done with the message:
 * - `sent`: it answered 250 to the message;
 * - `refused`: it answered no (`permanent` for a 5xx to the recipient or the message, else try again later);
 * - `unreached`: the message was never transmitted (no connection, a failed greeting or login): safe to try again;
 * - `uncertain`: the connection failed while the message was being transmitted or before the relay's answer to it:
 *   it may have been taken, so it is not sent again (docs/decisions/064-the-mail-outbox-sends-at-most-once.md).
 */
export type SendOutcome =
  | { status: 'sent'; response: string }
  | { status: 'refused'; permanent: boolean; response: string }
  | { status: 'unreached'; error: string }
  | { status: 'uncertain'; error: string };

/**
 * `beforeData` is awaited once the relay is ready for the message's data (its 354 to DATA), before the first byte;
 * when it throws, nothing is transmitted and the send is `unreached`.
 */
export type SendMail = (mail: OutgoingMail, beforeData: () => Promise<void>) => Promise<SendOutcome>;

/** A connection that stops answering for this long is given up on: far below the outbox's stale claim (10 min). */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

interface SmtpError {
  message: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/**
 * Sends through the relay at `SMTP_URL` (`smtps://user:pass@host:465`, or `smtp://host:587`, which upgrades with
 * STARTTLS whenever the relay offers it), with nodemailer's own SMTP client and MIME composer: one connection per
 * message, so that the moment the message starts to go out is known (the stream below is read only after the relay's
 * 354 to DATA, and yields its bytes only once `beforeData` is done).
 */
export function createSmtpSender(smtpUrl: string, from: string): SendMail {
  const { host, port, secure, auth, tls } = parseConnectionUrl(smtpUrl);
  const envelopeFrom = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  return async (mail, beforeData) => {
    const raw = await new MailComposer({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: mail.headers ?? {},
    })
      .compile()
      .build();
    let transmitting = false;
    const message = new Readable({
      read() {
        beforeData().then(
          () => {
            transmitting = true;
            this.push(raw);
            this.push(null);
          },
          // Fails the send under way (nodemailer's stream error), with nothing transmitted.
          (error: Error) => this.destroy(error),
        );
      },
    });
    const connection = new SMTPConnection({ host, port, secure, ...(tls ? { tls } : {}), ...TIMEOUTS });
    // The connection's errors (a cut socket, a timeout) fail the step under way.
    let failStep: (error: Error) => void = () => {};
    connection.on('error', (error: Error) => failStep(error));
    const step = <T>(run: (resolve: (value: T) => void, reject: (error: Error) => void) => void) =>
      new Promise<T>((resolve, reject) => {
        failStep = reject;
        run(resolve, reject);
      });
    try {
      await step<void>((resolve) => connection.connect(() => resolve()));
      if (auth) await step<void>((resolve, reject) => connection.login(auth, (error) => (error ? reject(error) : resolve())));
      const response = await step<string>((resolve, reject) =>
        connection.send({ from: envelopeFrom, to: [mail.to] }, message, (error, info) =>
          error ? reject(error) : resolve(info?.response ?? ''),
        ),
      );
      connection.quit();
      return { status: 'sent', response };
    } catch (caught) {
      connection.close();
      const error = caught as SmtpError;
      const answer = error.response ?? error.message;
      if (typeof error.responseCode === 'number' && error.responseCode >= 400) {
        // A 5xx about this recipient or message will not change; a refused greeting or login is the relay's state.
        const aboutTheMessage = error.command === 'RCPT TO' || error.command === 'DATA' || error.command === 'MAIL FROM';
        return { status: 'refused', permanent: error.responseCode >= 500 && aboutTheMessage, response: answer };
      }
      return transmitting ? { status: 'uncertain', error: answer } : { status: 'unreached', error: answer };
    }
  };
}
