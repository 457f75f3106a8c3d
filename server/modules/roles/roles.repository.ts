import { asc, count, eq } from 'drizzle-orm';
import { BUILT_IN_ROLES, type Role } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';

const columns = { id: roles.id, name: roles.name, description: roles.description, userCount: count(users.id) };

const toRole = (row: { id: number; name: string; description: string; userCount: number }): Role => ({
  ...row,
  builtIn: (BUILT_IN_ROLES as readonly string[]).includes(row.name),
});

export function createRolesRepository(db: Database) {
  const select = () => db.select(columns).from(roles).leftJoin(users, eq(users.roleId, roles.id)).groupBy(roles.id);

  return {
    async list(): Promise<Role[]> {
      return (await select().orderBy(asc(roles.id))).map(toRole);
    },

    async findById(id: number): Promise<Role | undefined> {
      const [row] = await select().where(eq(roles.id, id));
      return row && toRole(row);
    },

    /** Throws the driver's unique violation when the name is taken. */
    async insert(values: { name: string; description: string }): Promise<Role> {
      const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
      if (!row) throw new Error('insert returned no row');
      return (await this.findById(row.id))!;
    },

    async update(id: number, values: { name?: string; description?: string }): Promise<Role | undefined> {
      const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning({ id: roles.id });
      return row && this.findById(row.id);
    },

    /** Throws the driver's foreign key violation while accounts hold the role. */
    async delete(id: number): Promise<void> {
      await db.delete(roles).where(eq(roles.id, id));
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
