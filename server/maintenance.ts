import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { AccountTokensRepository } from './modules/accounts/account-tokens.repository.ts';
import type { SessionsRepository } from './modules/accounts/sessions.repository.ts';
import type { MailOutboxRepository } from './modules/mail/mail-outbox.repository.ts';
import type { PasskeysRepository } from './modules/passkeys/passkeys.repository.ts';
import type { PoolPushesRepository } from './modules/reminders/pool-pushes.repository.ts';
import type { RemindersRepository } from './modules/reminders/reminders.repository.ts';

/**
 * Sent reminders are kept this long: enough for the Favoritos list to show a recent match's reminder as sent,
 * while the table stops growing with every favourite ever saved.
 */
export const SENT_REMINDER_RETENTION_MS = 30 * 24 * 60 * 60_000;

interface Deps {
  sessions: Pick<SessionsRepository, 'deleteExpired'>;
  passkeys: Pick<PasskeysRepository, 'deleteExpiredChallenges'>;
  reminders: Pick<RemindersRepository, 'deleteSentBefore'>;
  poolPushes: Pick<PoolPushesRepository, 'deleteSentBefore'>;
  accountTokens: Pick<AccountTokensRepository, 'deleteExpired'>;
  outbox: Pick<MailOutboxRepository, 'deleteFinishedBefore'>;
  rateLimiter: Pick<RateLimiter, 'prune'>;
  clock: Clock;
  config: Pick<Config, 'rateLimits'>;
}

/**
 * Drops dead weight: expired sessions, challenges and mailed links, finished rate-limit windows, and reminders, pool
 * pushes and mail sent long ago.
 * Each instance runs it now and then; concurrent runs only delete the same rows.
 */
export function createMaintenance({ sessions, passkeys, reminders, poolPushes, accountTokens, outbox, rateLimiter, clock, config }: Deps) {
  // A counter is dead once the longest window has passed since it started.
  const longestWindowMs = Math.max(...Object.values(config.rateLimits).map((limit) => limit.windowMs));
  return async () => {
    const now = clock();
    await Promise.all([
      sessions.deleteExpired(now),
      passkeys.deleteExpiredChallenges(now),
      rateLimiter.prune(longestWindowMs),
      reminders.deleteSentBefore(new Date(now.getTime() - SENT_REMINDER_RETENTION_MS)),
      poolPushes.deleteSentBefore(new Date(now.getTime() - SENT_REMINDER_RETENTION_MS)),
      accountTokens.deleteExpired(now),
      outbox.deleteFinishedBefore(new Date(now.getTime() - SENT_REMINDER_RETENTION_MS)),
    ]);
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
