import {
  accountMessages,
  messages,
  type RoleName,
  type UpdateUserBody,
  type User,
  type UserListQuery,
  type UserProfile,
} from '#contract/index';
import type { Database, Transaction } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, isUniqueViolation } from '../../lib/errors.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { assertSelfOrAdmin, isAdmin } from './access.ts';
import type { AccountLinksService } from './account-links.service.ts';
import type { UsersRepository } from './users.repository.ts';

interface Deps {
  db: Database;
  users: UsersRepository;
  /** A user's own change of e-mail goes through a link mailed to the new address. */
  links: Pick<AccountLinksService, 'requestEmailChange'>;
  mail: MailQueue | null;
}

const found = (user: User | undefined): User => {
  if (!user) throw new NotFoundError(accountMessages.userNotFound);
  return user;
};

/**
 * Accounts as the admin area sees them. Two rules keep the app governable:
 * an admin never removes their own admin role or account (so the one doing it is
 * always someone else, who stays admin), and every change to an admin account
 * locks all admin rows first, so concurrent demotions cannot leave zero admins.
 */
export function createUsersService({ db, users, links, mail }: Deps) {
  /** Inside a transaction: the actor must still be an admin once the admin rows are locked. */
  const lockAdminsAsAdmin = async (tx: Transaction, actor: UserProfile) => {
    const admins = await users.lockAdmins(tx);
    if (!admins.includes(actor.id)) throw new ForbiddenError(messages.forbidden);
    return admins;
  };

  return {
    /** Admins list everyone (searchable, paged); anyone else gets a list of one: themselves. */
    async list(actor: UserProfile, query: UserListQuery): Promise<User[]> {
      if (isAdmin(actor)) return users.list(query);
      if (query.offset > 0) return [];
      return [found(await users.findUser(actor.id))];
    },

    async get(actor: UserProfile, id: number): Promise<User> {
      assertSelfOrAdmin(actor, id);
      return found(await users.findUser(id));
    },

    /**
     * A user's own new e-mail takes effect when the link mailed to it is opened (`message` says so), and the answer
     * is the same whether or not another account has it. An admin's correction takes effect at once (a 409 for a
     * taken address: admins list every address anyway), unconfirmed: the old address is told and the new one gets
     * its confirmation link.
     */
    async update(actor: UserProfile, id: number, body: UpdateUserBody): Promise<{ user: User; message?: string }> {
      assertSelfOrAdmin(actor, id);
      if (!isAdmin(actor) && body.email !== undefined && body.email !== actor.email) {
        const message = await links.requestEmailChange(actor, body.email, body.name);
        return { user: found(await users.findUser(id)), message };
      }
      try {
        const user = await db.transaction(async (tx) => {
          const before = found(await users.findUser(id, tx));
          const email = body.email !== undefined && body.email !== before.email ? body.email : undefined;
          const updated = found(
            await users.updateProfile(tx, id, { ...(body.name === undefined ? {} : { name: body.name }), ...(email ? { email } : {}) }),
          );
          if (email && mail) {
            await mail.enqueue(tx, [
              { kind: 'email-changed', to: before.email, userId: id, params: { name: updated.name, newEmail: email } },
              { kind: 'email-confirmation', to: email, userId: id },
            ]);
          }
          return updated;
        });
        mail?.wake();
        return { user };
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(messages.emailTaken);
        throw error;
      }
    },

    /** Admin only (the route's guard); takes effect on the target's next request, sessions included. */
    async setRole(actor: UserProfile, id: number, role: RoleName): Promise<User> {
      const updated = await db.transaction(async (tx) => {
        await lockAdminsAsAdmin(tx, actor);
        const target = found(await users.findUser(id, tx));
        if (target.id === actor.id && role !== 'admin') throw new ConflictError(accountMessages.cannotDemoteSelf);
        if (target.role === role) return target;
        await users.setRole(tx, id, role);
        return found(await users.findUser(id, tx));
      });
      return updated;
    },

    /**
     * Deletes an account (the user themselves, or an admin). Documented cascade:
     * sessions, passkeys, push subscriptions, reminders, the user's predictions,
     * standings and pool places go with it (each place is given back to its pool);
     * the result audit keeps its rows with the author cleared. Refused with 409 while
     * the account created pools other people play in, and for an admin's own account.
     */
    async remove(actor: UserProfile, id: number): Promise<void> {
      assertSelfOrAdmin(actor, id);
      await db.transaction(async (tx) => {
        const target = found(await users.findUser(id, tx));
        if (target.role === 'admin') {
          if (target.id === actor.id) throw new ConflictError(accountMessages.cannotDeleteSelfAdmin);
          await lockAdminsAsAdmin(tx, actor);
        }
        // From here on a join by this account waits, then fails: no place is counted twice.
        if (!(await users.lockUser(tx, id))) throw new NotFoundError(accountMessages.userNotFound);
        if ((await users.ownedPoolsWithParticipants(tx, id)) > 0)
          throw new ConflictError(accountMessages.ownsPoolsWithParticipants);
        await users.releasePlaces(tx, id);
        await users.delete(tx, id);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
