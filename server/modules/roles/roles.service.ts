import { type CreateRoleBody, type Role, roleMessages, type UpdateRoleBody } from '#contract/index';
import { ConflictError, NotFoundError, isUniqueViolation } from '../../lib/errors.ts';
import { deleteUnreferenced } from '../../lib/item-routes.ts';
import type { RolesRepository } from './roles.repository.ts';

const found = (role: Role | undefined): Role => {
  if (!role) throw new NotFoundError(roleMessages.roleNotFound);
  return role;
};

const uniqueName = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(roleMessages.roleNameTaken);
    throw error;
  }
};

/**
 * The role catalogue. 'user' and 'admin' are what the app's rules check, so they keep
 * their names and are never deleted (their descriptions may change). Accounts hold
 * one of those two (see PUT /api/users/{id}/role); other roles are descriptive entries
 * that can be removed as long as no account holds them.
 */
export function createRolesService({ roles }: { roles: RolesRepository }) {
  return {
    list: () => roles.list(),

    get: async (id: number) => found(await roles.findById(id)),

    create: (body: CreateRoleBody) => uniqueName(() => roles.insert(body)),

    async update(id: number, body: UpdateRoleBody): Promise<Role> {
      const current = found(await roles.findById(id));
      if (current.builtIn && body.name !== undefined && body.name !== current.name)
        throw new ConflictError(roleMessages.roleBuiltIn);
      return found(await uniqueName(() => roles.update(id, body)));
    },

    async remove(id: number): Promise<void> {
      const current = found(await roles.findById(id));
      if (current.builtIn) throw new ConflictError(roleMessages.roleBuiltIn);
      await deleteUnreferenced(current.userCount, () => roles.delete(id), roleMessages.roleInUse);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
