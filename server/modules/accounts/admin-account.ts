import { isUniqueViolation } from '../../lib/errors.ts';
import type { UsersRepository } from './users.repository.ts';
import { hashPassword } from './passwords.ts';

/** ADMIN_EMAIL/ADMIN_PASSWORD at start: that account exists, is admin, and has that password. */
export async function ensureAdminAccount(users: UsersRepository, admin: { email: string; password: string }) {
  const passwordHash = await hashPassword(admin.password);
  const existing = await users.findByEmail(admin.email);
  if (existing) return users.setPasswordAndRole(existing.id, passwordHash, 'admin');
  try {
    await users.insert({ name: 'Administrador', email: admin.email, passwordHash, role: 'admin' });
  } catch (error) {
    // Another instance created it at the same moment: still make sure of role and password.
    if (!isUniqueViolation(error)) throw error;
    const created = await users.findByEmail(admin.email);
    if (created) await users.setPasswordAndRole(created.id, passwordHash, 'admin');
  }
}
