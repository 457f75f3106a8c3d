import { hash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { RoleName, UserProfile } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { roles, sessions, users } from '../../db/schema.ts';

/** Sessions are found (and cached) by this, never by the token itself. One-shot: every request hashes its token. */
export const hashToken = (token: string) => hash('sha256', token, 'base64url');

export function createSessionsRepository(db: Database) {
  return {
    /** Issues a random 256-bit bearer token; only its hash is stored. */
    async create(userId: number, expiresAt: Date): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
      return token;
    },

    /** The session's user and expiry, expired or not (the caller compares with its clock). */
    async find(tokenHash: string): Promise<{ user: UserProfile; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: roles.name, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(sessions.tokenHash, tokenHash));
      if (!row) return undefined;
      const { expiresAt, role, ...user } = row;
      return { user: { ...user, role: role as RoleName }, expiresAt };
    },

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /** Every session of the account (a new password): each device must sign in again. */
    async revokeAll(tx: Executor, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
