import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';
import { hashToken } from './sessions.repository.ts';

export type AccountTokenPurpose = 'password-reset' | 'email-confirmation';

/** The links mailed to an account (docs/decisions/064): 256-bit random tokens, stored as their SHA-256 only, single-use. */
export function createAccountTokensRepository(db: Database) {
  return {
    /** A new link's token, valid until `expiresAt`: returned once, to be mailed (or handed over), never stored. */
    async issue(
      executor: Executor,
      link: { userId: number; purpose: AccountTokenPurpose; email: string; expiresAt: Date },
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await executor.insert(accountTokens).values({ ...link, tokenHash: hashToken(token) });
      return token;
    },

    /**
     * Uses a link, in one statement: of two requests with the same token at once, one gets it. Null for a token
     * unknown, of another purpose, used or expired.
     */
    async use(tx: Executor, token: string, purpose: AccountTokenPurpose, now: Date): Promise<{ userId: number; email: string } | null> {
      const [row] = await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, hashToken(token)),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning({ userId: accountTokens.userId, email: accountTokens.email });
      return row ?? null;
    },

    /** Once the password changed, no other reset link of the account works. */
    async revokePasswordResets(tx: Executor, userId: number, now: Date): Promise<void> {
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'password-reset'), isNull(accountTokens.usedAt)));
    },

    async deleteExpired(before: Date): Promise<void> {
      await db.delete(accountTokens).where(lt(accountTokens.expiresAt, before));
    },
  };
}

export type AccountTokensRepository = ReturnType<typeof createAccountTokensRepository>;
