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
const userColumns = {
  ...profileColumns,
  emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
  createdAt: users.createdAt,
};
const toUser = (row: { id: number; name: string; email: string; role: string; emailConfirmed: boolean; createdAt: Date }): User => ({
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
    async findByEmail(email: string, executor: Executor = db): Promise<UserWithSecret | undefined> {
      const [row] = await executor
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
    async insert(
      user: { name: string; email: string; passwordHash: string; role: RoleName },
      executor: Executor = db,
    ): Promise<UserProfile> {
      const [role] = await executor.select({ id: roles.id }).from(roles).where(eq(roles.name, user.role));
      if (!role) throw new Error(`role ${user.role} is missing: migrations not applied?`);
      const [row] = await executor
        .insert(users)
        .values({
          name: user.name,
          email: user.email,
          passwordHash: user.passwordHash,
          roleId: role.id,
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

    /**
     * Throws the driver's unique violation when the e-mail is taken. A new e-mail is unconfirmed (an admin's
     * correction; a user's own change goes through its link, `setConfirmedEmail`).
     */
    async updateProfile(executor: Executor, id: number, values: { name?: string; email?: string }): Promise<User | undefined> {
      const [row] = await executor
        .update(users)
        .set({ ...values, ...(values.email === undefined ? {} : { emailConfirmedAt: null }) })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return row && this.findUser(row.id, executor);
    },

    /** The owner opened a link mailed to `email`: it is (or becomes) the account's, confirmed. Throws the unique violation when taken. */
    async setConfirmedEmail(tx: Executor, id: number, email: string, now: Date): Promise<void> {
      await tx.update(users).set({ email, emailConfirmedAt: now }).where(eq(users.id, id));
    },

    async setPassword(tx: Executor, id: number, passwordHash: string): Promise<void> {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
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
