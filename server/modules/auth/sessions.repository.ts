import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { RoleName, UserProfile } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { roles, sessions, users } from '../../db/schema.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionsRepository(db: Database) {
  return {
    /** Issues a random 256-bit bearer token; only its hash is stored. */
    async create(userId: number, expiresAt: Date): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
      return token;
    },

    async findUser(token: string, now: Date): Promise<UserProfile | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: roles.name })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)));
      return row && { ...row, role: row.role as RoleName };
    },

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
