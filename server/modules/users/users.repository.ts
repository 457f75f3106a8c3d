import { eq } from 'drizzle-orm';
import type { RoleName, UserProfile } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';

export interface UserWithSecret extends UserProfile {
  passwordHash: string;
}

const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: roles.name,
};

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
      const [row] = await db.select(profileColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
      return row && { ...row, role: row.role as RoleName };
    },

    /** Throws the driver's unique violation when the e-mail is taken (the index decides, not a prior read). */
    async insert(user: { name: string; email: string; passwordHash: string; role: RoleName }): Promise<UserProfile> {
      const [row] = await db
        .insert(users)
        .values({ name: user.name, email: user.email, passwordHash: user.passwordHash, roleId: await roleId(user.role) })
        .returning({ id: users.id, name: users.name, email: users.email });
      if (!row) throw new Error('insert returned no row');
      return { ...row, role: user.role };
    },

    async setPasswordAndRole(id: number, passwordHash: string, role: RoleName): Promise<void> {
      await db.update(users).set({ passwordHash, roleId: await roleId(role) }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
