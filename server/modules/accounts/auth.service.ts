import { messages, type SignInBody, type SignInResponse, type SignUpBody, type UserProfile } from '#contract/index';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createVersionedCache, type DataVersions } from '../../lib/data-versions.ts';
import { ConflictError, TooManyRequestsError, UnauthorizedError, isUniqueViolation } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Database } from '../../db/client.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { UsersRepository } from './users.repository.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, type SessionsRepository } from './sessions.repository.ts';

interface Deps {
  db: Database;
  users: UsersRepository;
  /** The confirmation link a sign-up mails (null: this server sends no mail). */
  mail: MailQueue | null;
  sessions: SessionsRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
  config: Pick<Config, 'sessionTtlMs' | 'rateLimits'>;
  versions: DataVersions;
}

/** Sessions kept in memory at most (the oldest go first); each costs a few hundred bytes. */
const CACHED_SESSIONS = 10_000;

export function createAuthService({ db, users, mail, sessions, rateLimiter, clock, config, versions }: Deps) {
  // Every request resolves its token: looked up once per version of the accounts, so a sign-out,
  // role change, profile edit or deletion (each a change of 'accounts') takes effect on the next request.
  const cachedSessions = createVersionedCache<{ user: UserProfile; expiresAt: Date }>(
    versions,
    'accounts',
    CACHED_SESSIONS,
  );
  const failureKey = (email: string) => `signin-failures:${email}`;

  const issueSession = async (user: UserProfile): Promise<SignInResponse> => {
    const expiresAt = new Date(clock().getTime() + config.sessionTtlMs);
    const accessToken = await sessions.create(user.id, expiresAt);
    return {
      session: { accessToken, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() },
      userProfile: user,
    };
  };

  return {
    /** The spec's sign-up, unchanged; with mail, the account's confirmation link is queued in the same transaction. */
    async signUp(body: SignUpBody): Promise<UserProfile> {
      const passwordHash = await hashPassword(body.password);
      try {
        const account = { name: body.name, email: body.email, passwordHash, role: 'user' } as const;
        if (!mail) return await users.insert(account);
        const user = await db.transaction(async (tx) => {
          const created = await users.insert(account, tx);
          await mail.enqueue(tx, { kind: 'email-confirmation', to: created.email, userId: created.id });
          return created;
        });
        mail.wake();
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(messages.emailTaken);
        throw error;
      }
    },

    /**
     * Same answer and similar timing for an unknown e-mail and a wrong password.
     * Ten failures per e-mail and window lock that account's password sign-in
     * until the window ends (the owner's correct password included: that is
     * what stops a guessing attack). Each attempt is counted before its hash is
     * checked and given back when right, so parallel guesses cannot outrun the limit.
     */
    async signIn(body: SignInBody): Promise<SignInResponse> {
      const attempt = await rateLimiter.reserve(failureKey(body.email), config.rateLimits.signInFailures);
      if (attempt.waitSeconds !== null)
        throw new TooManyRequestsError(messages.tooManySignInAttempts, attempt.waitSeconds);

      const user = await users.findByEmail(body.email);
      const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid) throw new UnauthorizedError(messages.invalidCredentials);
      await attempt.refund();
      const { passwordHash: _secret, ...profile } = user;
      return issueSession(profile);
    },

    /** `since`: see `DataVersions.catchUp`. */
    authenticate(token: string, since?: number): Promise<UserProfile> {
      const tokenHash = hashToken(token);
      // A session's user never changes: when this process has seen the token, that user's version is read in the
      // same look at the database as the sessions', so the user's lists the request goes on to read wait for no other.
      const knownUser = cachedSessions.lastLoaded(tokenHash)?.user.id;
      return cachedSessions
        .get(tokenHash, () => sessions.find(tokenHash), since, knownUser)
        .then((session) => {
          // Only a session still stored says it expired; one gone was ended (or swept after expiring): both may be.
          if (!session) throw new UnauthorizedError(messages.sessionEnded);
          if (session.expiresAt <= clock()) throw new UnauthorizedError(messages.sessionExpired);
          return session.user;
        });
    },

    async signOut(token: string) {
      await sessions.revoke(token);
    },

    /** The same session a password sign-in gives, for other verified sign-ins (passkeys). */
    issueSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
