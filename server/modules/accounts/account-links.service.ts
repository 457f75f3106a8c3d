import {
  accountMessages,
  type AdminPasswordResetResponse,
  confirmationSent,
  EMAIL_CONFIRMATION_LINK_HOURS,
  emailChangeRequested,
  mailMessages,
  messages,
  PASSWORD_RESET_LINK_MINUTES,
  resetLinkSent,
  type SignInResponse,
  type UserProfile,
} from '#contract/index';
import { linkPaths, tokenLink } from '#contract/links';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError, isUniqueViolation } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { ComposeMail } from '../mail/mail-worker.ts';
import type { AccountTokensRepository } from './account-tokens.repository.ts';
import type { AuthService } from './auth.service.ts';
import { hashPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { UsersRepository } from './users.repository.ts';

interface Deps {
  db: Database;
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: AccountTokensRepository;
  /** Null on a server without mail: no reset by e-mail, and no change of one's own e-mail. */
  mail: MailQueue | null;
  rateLimiter: RateLimiter;
  issueSession: AuthService['issueSession'];
  clock: Clock;
  config: Pick<Config, 'rateLimits' | 'publicOrigin'>;
}

const RESET_LINK_MS = PASSWORD_RESET_LINK_MINUTES * 60_000;
const CONFIRMATION_LINK_MS = EMAIL_CONFIRMATION_LINK_HOURS * 3_600_000;

/**
 * Getting back into an account and confirming its address, by the links mailed to it. Every mail is queued in the
 * transaction of what caused it; what it says about an account (its link, whether the address has one) is decided
 * when it is sent (`compose`), so a request does the same work whoever the address belongs to.
 */
export function createAccountLinksService({ db, users, sessions, tokens, mail, rateLimiter, issueSession, clock, config }: Deps) {
  const link = (path: string, token: string) => tokenLink(config.publicOrigin, path, token);
  const limited = async (key: string, limit: { max: number; windowMs: number }, message: string) => {
    const wait = await rateLimiter.hit(key, limit);
    if (wait !== null) throw new TooManyRequestsError(message, wait);
  };
  const mailer = () => {
    if (!mail) throw new ConflictError(mailMessages.notConfigured);
    return mail;
  };

  return {
    /**
     * "¿Olvidaste tu contraseña?": one row in the outbox for the typed address, whether or not it has an account (the
     * mail says which, when it is sent), so the answer, its time and what is queued are the same for both. Limited per
     * address typed and per client.
     */
    async requestPasswordReset(email: string, clientAddress: string): Promise<string> {
      const queue = mailer();
      await limited(`password-reset-ip:${clientAddress}`, config.rateLimits.passwordResetsPerIp, accountMessages.tooManyPasswordResets);
      await limited(`password-reset:${email}`, config.rateLimits.passwordResetsPerEmail, accountMessages.tooManyPasswordResets);
      await queue.send({ kind: 'password-reset', to: email });
      return accountMessages.passwordResetRequested;
    },

    /**
     * A reset link's new password (the sign-up rules): in one transaction the link is used up, with every other reset
     * link of the account, the password changes, every session ends and the owner is told by mail. The device that
     * chose it is signed in. The link came to the account's address, so that address is confirmed too.
     */
    async resetPassword(token: string, password: string): Promise<SignInResponse> {
      const passwordHash = await hashPassword(password);
      const now = clock();
      const user = await db.transaction(async (tx) => {
        const used = await tokens.use(tx, token, 'password-reset', now);
        if (!used) throw new BadRequestError(accountMessages.linkInvalid);
        const account = await users.findByEmail(used.email, tx);
        if (!account || account.id !== used.userId) throw new BadRequestError(accountMessages.linkInvalid);
        await users.setPassword(tx, account.id, passwordHash);
        await users.setConfirmedEmail(tx, account.id, account.email, now);
        await tokens.revokePasswordResets(tx, account.id, now);
        await sessions.revokeAll(tx, account.id);
        await mail?.enqueue(tx, { kind: 'password-changed', to: account.email, userId: account.id, params: { name: account.name } });
        const { passwordHash: _secret, ...profile } = account;
        return profile;
      });
      mail?.wake();
      return issueSession(user);
    },

    /** An admin's reset link for `userId`: mailed to the account; on a server without mail, handed to the admin once. */
    async adminResetLink(userId: number): Promise<AdminPasswordResetResponse> {
      const target = await users.findUser(userId);
      if (!target) throw new NotFoundError(accountMessages.userNotFound);
      if (mail) {
        await mail.send({ kind: 'password-reset', to: target.email });
        return { message: resetLinkSent(target.email), data: null };
      }
      const expiresAt = new Date(clock().getTime() + RESET_LINK_MS);
      const token = await tokens.issue(db, { userId, purpose: 'password-reset', email: target.email, expiresAt });
      return {
        message: accountMessages.resetLinkCreated,
        data: { link: link(linkPaths.resetPassword, token), expiresAt: expiresAt.toISOString() },
      };
    },

    /**
     * A confirmation link opened: its address becomes the account's, confirmed. When that changes the account's
     * address, the old one is told. An address another account took since is a 409 (the opener holds that mailbox).
     */
    async confirmEmail(token: string): Promise<string> {
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          const used = await tokens.use(tx, token, 'email-confirmation', now);
          if (!used) throw new BadRequestError(accountMessages.linkInvalid);
          const account = await users.findUser(used.userId, tx);
          if (!account) throw new BadRequestError(accountMessages.linkInvalid);
          await users.setConfirmedEmail(tx, account.id, used.email, now);
          if (account.email !== used.email) {
            await mail?.enqueue(tx, {
              kind: 'email-changed',
              to: account.email,
              userId: account.id,
              params: { name: account.name, newEmail: used.email },
            });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(messages.emailTaken);
        throw error;
      }
      mail?.wake();
      return accountMessages.emailConfirmed;
    },

    /** "Reenviar": the confirmation link again, to the account's own address (counted with the e-mail changes). */
    async resendConfirmation(actor: UserProfile): Promise<string> {
      const queue = mailer();
      const account = await users.findUser(actor.id);
      if (!account) throw new NotFoundError(accountMessages.userNotFound);
      if (account.emailConfirmed) throw new ConflictError(accountMessages.alreadyConfirmed);
      await limited(`email-change:${actor.id}`, config.rateLimits.emailChanges, accountMessages.tooManyEmailChanges);
      await queue.send({ kind: 'email-confirmation', to: account.email, userId: account.id });
      return confirmationSent(account.email);
    },

    /**
     * A user's own change of e-mail: a link to the new address, whether or not another account has it (then that
     * address is told instead, when the mail is sent), so the answer says nothing about it. Counted before it is queued.
     */
    async requestEmailChange(actor: UserProfile, email: string, name: string | undefined): Promise<string> {
      const queue = mail;
      if (!queue) throw new ConflictError(accountMessages.noMailToConfirm);
      await limited(`email-change:${actor.id}`, config.rateLimits.emailChanges, accountMessages.tooManyEmailChanges);
      await db.transaction(async (tx) => {
        if (name !== undefined) await users.updateProfile(tx, actor.id, { name });
        await queue.enqueue(tx, { kind: 'email-change', to: email, userId: actor.id });
      });
      queue.wake();
      return emailChangeRequested(email);
    },

    /** What the accounts' mails say, decided as they are sent: each link's token is made here, valid from now. */
    compose: (async (queued) => {
      const now = clock().getTime();
      /** A link that confirms `email` as the account's address. */
      const confirmationLink = async (userId: number, email: string) =>
        link(
          linkPaths.confirmEmail,
          await tokens.issue(db, { userId, purpose: 'email-confirmation', email, expiresAt: new Date(now + CONFIRMATION_LINK_MS) }),
        );
      switch (queued.kind) {
        case 'password-reset': {
          const account = await users.findByEmail(queued.recipient);
          if (!account) {
            return { kind: 'password-reset-no-account', email: queued.recipient, registerLink: `${config.publicOrigin}${linkPaths.register}` };
          }
          const token = await tokens.issue(db, {
            userId: account.id,
            purpose: 'password-reset',
            email: account.email,
            expiresAt: new Date(now + RESET_LINK_MS),
          });
          return { kind: 'password-reset', name: account.name, link: link(linkPaths.resetPassword, token), minutes: PASSWORD_RESET_LINK_MINUTES };
        }
        case 'email-confirmation': {
          const account = queued.userId === null ? undefined : await users.findUser(queued.userId);
          // The address changed, or was confirmed, since: this link has nothing left to confirm.
          if (!account || account.email !== queued.recipient || account.emailConfirmed) return null;
          return { kind: 'email-confirmation', name: account.name, email: account.email, link: await confirmationLink(account.id, account.email), hours: EMAIL_CONFIRMATION_LINK_HOURS };
        }
        case 'email-change': {
          const account = queued.userId === null ? undefined : await users.findUser(queued.userId);
          if (!account || account.email === queued.recipient) return null;
          const holder = await users.findByEmail(queued.recipient);
          if (holder) return { kind: 'email-taken', email: queued.recipient, signInLink: `${config.publicOrigin}${linkPaths.signIn}` };
          return { kind: 'email-change', name: account.name, email: queued.recipient, link: await confirmationLink(account.id, queued.recipient), hours: EMAIL_CONFIRMATION_LINK_HOURS };
        }
        case 'password-changed':
          return { kind: 'password-changed', name: String(queued.params.name), forgotLink: `${config.publicOrigin}${linkPaths.forgotPassword}` };
        case 'email-changed':
          return { kind: 'email-changed', name: String(queued.params.name), newEmail: String(queued.params.newEmail) };
        default:
          throw new Error(`not an account mail: ${queued.kind}`);
      }
    }) satisfies ComposeMail,
  };
}

export type AccountLinksService = ReturnType<typeof createAccountLinksService>;
