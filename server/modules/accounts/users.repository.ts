import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { RoleName, User, UserListQuery, UserProfile } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { poolParticipants, pools, roles, users } from '../../db/schema.ts';

export interface UserWithSecret extends UserProfile {
  passwordHash: string;
}

const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: roles.name,
};

/** What the users API shows: never the password hash or the WebAuthn handle. */
const userColumns = { ...profileColumns, createdAt: users.createdAt };
const toUser = (row: { id: number; name: string; email: string; role: string; createdAt: Date }): User => ({
  ...row,
  role: row.role as RoleName,
  createdAt: row.createdAt.toISOString(),
});

/** `%` and `_` typed in a search box are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createUsersRepository(db: Database) {
  const roleId = async (role: RoleName) => {
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    if (!row) throw new Error(`role ${role} is missing: migrations not applied?`);
    return row.id;
  };

  return {
    async findByEmail(email: string): Promise<UserWithSecret | undefined> {
      const [row] = await db
        .select({ ...profileColumns, passwordHash: users.passwordHash })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, email));
      return row && { ...row, role: row.role as RoleName };
    },

    async findProfile(id: number): Promise<UserProfile | undefined> {
      const [row] = await db
        .select(profileColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, id));
      return row && { ...row, role: row.role as RoleName };
    },

    /** Throws the driver's unique violation when the e-mail is taken (the index decides, not a prior read). */
    async insert(user: { name: string; email: string; passwordHash: string; role: RoleName }): Promise<UserProfile> {
      const [row] = await db
        .insert(users)
        .values({
          name: user.name,
          email: user.email,
          passwordHash: user.passwordHash,
          roleId: await roleId(user.role),
        })
        .returning({ id: users.id, name: users.name, email: users.email });
      if (!row) throw new Error('insert returned no row');
      return { ...row, role: user.role };
    },

    async setPasswordAndRole(id: number, passwordHash: string, role: RoleName): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, roleId: await roleId(role) })
        .where(eq(users.id, id));
    },

    // The users API (admin area). Writes that touch roles or delete accounts run inside the service's transaction.

    async list({ q, limit, offset }: UserListQuery): Promise<User[]> {
      const rows = await db
        .select(userColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(q ? or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q))) : undefined)
        .orderBy(asc(users.name), asc(users.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toUser);
    },

    async findUser(id: number, executor: Executor = db): Promise<User | undefined> {
      const [row] = await executor
        .select(userColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, id));
      return row && toUser(row);
    },

    /** Throws the driver's unique violation when the e-mail is taken. */
    async updateProfile(id: number, values: { name?: string; email?: string }): Promise<User | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
      return row && this.findUser(row.id);
    },

    /**
     * Locks every admin account until the transaction ends and returns their ids: role
     * changes and deletions of admins take turns, so two admins demoting each other at
     * the same moment can never leave the app without one.
     */
    async lockAdmins(tx: Executor): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.roleId, tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'))))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Locks one account: a pool join waits for its removal (and then fails), so place counts stay exact. */
    async lockUser(tx: Executor, id: number): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
      return rows.length > 0;
    },

    async setRole(tx: Executor, id: number, role: RoleName): Promise<void> {
      const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
      if (!row) throw new Error(`role ${role} is missing: migrations not applied?`);
      await tx.update(users).set({ roleId: row.id }).where(eq(users.id, id));
    },

    /** Pools the user created that other people play in; locks all the user's pools, so nobody joins one meanwhile. */
    async ownedPoolsWithParticipants(tx: Executor, id: number): Promise<number> {
      const rows = await tx
        .select({ participants: pools.participantCount })
        .from(pools)
        .where(eq(pools.creatorId, id))
        .for('update');
      return rows.filter((r) => r.participants > 0).length;
    },

    /** Gives back the user's places in every pool they joined (the rows themselves go with the account). */
    async releasePlaces(tx: Executor, id: number): Promise<void> {
      await tx
        .update(pools)
        .set({ participantCount: sql`${pools.participantCount} - 1` })
        .where(
          inArray(
            pools.id,
            tx.select({ id: poolParticipants.poolId }).from(poolParticipants).where(eq(poolParticipants.userId, id)),
          ),
        );
    },

    /** Deletes the account; the foreign keys cascade (see the users service). */
    async delete(tx: Executor, id: number): Promise<void> {
      await tx.delete(users).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
