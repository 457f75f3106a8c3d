import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Passkey } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { passkeyCredentials, users, webauthnChallenges } from '../../db/schema.ts';

export interface StoredCredential {
  id: string;
  userId: number;
  publicKey: string;
  counter: number;
  transports: string[];
}

type Purpose = 'registration' | 'authentication';

export function createPasskeysRepository(db: Database) {
  return {
    async saveChallenge(challenge: string, purpose: Purpose, userId: number | null, expiresAt: Date): Promise<void> {
      await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt });
    },

    /** Single use: the row is deleted as it is read, so a replayed challenge finds nothing. */
    async consumeChallenge(challenge: string, purpose: Purpose, userId: number | null, now: Date): Promise<boolean> {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return rows.length === 1;
    },

    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    },

    /** The user's WebAuthn handle, created on first use (a unique random value, never the e-mail). */
    async webauthnUserId(userId: number, fresh: string): Promise<string> {
      await db.update(users).set({ webauthnUserId: fresh }).where(and(eq(users.id, userId), isNull(users.webauthnUserId)));
      const [row] = await db.select({ handle: users.webauthnUserId }).from(users).where(eq(users.id, userId));
      if (!row?.handle) throw new Error(`user ${userId} has no WebAuthn handle`);
      return row.handle;
    },

    async insert(credential: StoredCredential & { deviceType: string; backedUp: boolean }): Promise<void> {
      await db.insert(passkeyCredentials).values({ ...credential, transports: JSON.stringify(credential.transports) });
    },

    async find(id: string): Promise<StoredCredential | undefined> {
      const [row] = await db
        .select({
          id: passkeyCredentials.id,
          userId: passkeyCredentials.userId,
          publicKey: passkeyCredentials.publicKey,
          counter: passkeyCredentials.counter,
          transports: passkeyCredentials.transports,
        })
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.id, id));
      return row && { ...row, transports: JSON.parse(row.transports) as string[] };
    },

    async listFor(userId: number): Promise<Passkey[]> {
      const rows = await db
        .select({
          id: passkeyCredentials.id,
          deviceType: passkeyCredentials.deviceType,
          backedUp: passkeyCredentials.backedUp,
          createdAt: passkeyCredentials.createdAt,
          lastUsedAt: passkeyCredentials.lastUsedAt,
        })
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.userId, userId))
        .orderBy(asc(passkeyCredentials.createdAt));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
    },

    async recordUse(id: string, counter: number, now: Date): Promise<void> {
      await db.update(passkeyCredentials).set({ counter, lastUsedAt: now }).where(eq(passkeyCredentials.id, id));
    },

    async delete(id: string, userId: number): Promise<boolean> {
      const rows = await db
        .delete(passkeyCredentials)
        .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)))
        .returning({ id: passkeyCredentials.id });
      return rows.length === 1;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
