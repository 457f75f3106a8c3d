/**
 * A real SMTP server on 127.0.0.1 for the tests (the `smtp-server` package, as any relay would take the app's mail):
 * it records every message it accepts, decoded enough to read its subject, headers, text and links. Never a mock of
 * the app's transport: the app connects to it with nodemailer as it would to the operator's relay.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SmtpServerApi } from './smtp-server-api.ts';

export interface ReceivedMail {
  /** The envelope's recipient. */
  to: string;
  subject: string;
  messageId: string;
  /** Lower-cased header names, decoded values. */
  headers: Record<string, string>;
  text: string;
  html: string;
  /** Every http(s) link of the plain text, in order. */
  links: string[];
}

/** How the server answers one message, asked for each recipient (`RCPT TO`) and after each message's data. */
export type Answer = { code: number; message: string } | null;

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: the app's SMTP_URL. */
  url: string;
  /** The app's settings that send its mail here. */
  appEnv: { SMTP_URL: string; MAIL_FROM: string };
  port: number;
  received: ReceivedMail[];
  /**
   * Refuses a recipient (`RCPT TO`) with the answer given, or takes it (null); a promise holds the answer until it
   * settles (a test holds it to stop the app after its claim, before any of the message went out).
   */
  refuseRecipient: (to: string) => Answer | Promise<Answer>;
  /**
   * Called once a message's data has arrived, before the server answers it: the answer waits for the promise (a test
   * holds it to stop the app between the relay taking a message and the app marking it sent).
   */
  beforeAnswer: (mail: ReceivedMail) => Promise<void> | void;
  /** The messages to `to` so far, once there are at least `count` of them (waits up to `timeoutMs`). */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const state: Pick<TestSmtpServer, 'refuseRecipient' | 'beforeAnswer'> = {
    refuseRecipient: () => null,
    beforeAnswer: () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      void Promise.resolve(state.refuseRecipient(address.address.toLowerCase())).then((refusal) =>
        refusal ? callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code })) : callback(),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mails = recipients.map((to) => parseMail(to, Buffer.concat(chunks).toString('latin1')));
        // Taken once the data is in, as a relay commits it: the answer may still never reach the app.
        received.push(...mails);
        for (const wake of waiters) wake();
        void Promise.all(mails.map((mail) => Promise.resolve(state.beforeAnswer(mail)))).then(
          () => callback(),
          () => callback(),
        );
      });
    },
  });
  // A client killed mid-transaction (a test's kill -9) resets its connection: its message is dropped, as a relay drops it.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    appEnv: { SMTP_URL: `smtp://127.0.0.1:${actualPort}`, MAIL_FROM: 'Quiniela <quiniela@example.org>' },
    port: actualPort,
    received,
    get refuseRecipient() {
      return state.refuseRecipient;
    },
    set refuseRecipient(answer) {
      state.refuseRecipient = answer;
    },
    get beforeAnswer() {
      return state.beforeAnswer;
    },
    set beforeAnswer(hook) {
      state.beforeAnswer = hook;
    },
    async waitFor(to, count = 1, timeoutMs = 15_000) {
      const mine = () => received.filter((mail) => mail.to === to.toLowerCase());
      const deadline = Date.now() + timeoutMs;
      while (mine().length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${to} got ${mine().length} of ${count} messages in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 200));
          waiters.add(wake);
        });
      }
      return mine();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The link of a mail whose path starts with `path` (the token links carry theirs in the fragment). */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname.startsWith(path));
  if (!link) throw new Error(`no link to ${path} in «${mail.subject}»: ${mail.links.join(', ')}`);
  return link;
}

/** A message as nodemailer writes it: headers, then a multipart/alternative of text and HTML (or one part). */
function parseMail(to: string, raw: string): ReceivedMail {
  const { headers, body } = splitPart(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1, -1)) {
      const part = splitPart(section.replace(/^\r?\n/, ''));
      parts[(part.headers['content-type'] ?? '').split(';')[0]!.trim()] = decodeBody(part.body, part.headers);
    }
  } else {
    parts[(headers['content-type'] ?? 'text/plain').split(';')[0]!.trim()] = decodeBody(body, headers);
  }
  const text = parts['text/plain'] ?? '';
  return {
    to,
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    headers,
    text,
    html: parts['text/html'] ?? '',
    links: text.match(/https?:\/\/\S+/g) ?? [],
  };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '') };
}

/** The raw text is read as latin1 (one char a byte); each decoded part is UTF-8. */
function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(body.replace(/=\r?\n/g, ''));
  return Buffer.from(body, 'latin1').toString('utf8');
}

const quotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as subjects with accents are written. */
function decodeWords(value: string): string {
  const raw = Buffer.from(value, 'latin1').toString('utf8');
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

export default { startSmtpServer } satisfies SmtpServerApi;
