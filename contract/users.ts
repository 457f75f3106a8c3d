import { z } from 'zod';
import { RoleNameSchema, SignUpBodySchema } from './auth.ts';
import { dataEnvelope, pageQuery } from './common.ts';

/** The roles the app itself relies on: they can be neither renamed nor deleted. */
export const BUILT_IN_ROLES = ['user', 'admin'] as const;

export const userMessages = {
  // Users
  userNotFound: 'Usuario no encontrado.',
  nothingToUpdate: 'Indica al menos un campo: nombre o correo electrónico.',
  cannotDemoteSelf: 'No puedes quitarte tu propio rol de administrador: pídeselo a otro administrador.',
  cannotDeleteSelfAdmin: 'Un administrador no puede eliminar su propia cuenta: pide a otro administrador que lo haga.',
  roleChanged: 'Rol actualizado.',
  userDeleted: 'Cuenta eliminada.',
  tooManyEmailChanges: 'Demasiados cambios de correo electrónico. Inténtalo de nuevo más tarde.',
  ownsPoolsWithParticipants:
    'La cuenta creó quinielas en las que juegan otras personas: elimínalas antes de borrar la cuenta.',
  // Roles
  roleNotFound: 'Rol no encontrado.',
  roleNameTaken: 'Ya existe un rol con ese nombre.',
  roleBuiltIn: 'Los roles integrados (user y admin) no se pueden renombrar ni eliminar.',
  roleInUse: 'El rol está asignado a usuarios: no se puede eliminar.',
  roleDeleted: 'Rol eliminado.',
} as const;

/** A user as the API shows it: never a password hash or a passkey handle. */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleNameSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;
export const UserResponseSchema = dataEnvelope(UserSchema);
export const UserListResponseSchema = dataEnvelope(z.array(UserSchema));

export const USER_LIST_MAX = 500;

export const UserListQuerySchema = z.object({
  /** Part of a name or e-mail, any case. */
  q: z
    .string({ error: 'La búsqueda debe ser texto.' })
    .trim()
    .max(100, { error: 'La búsqueda admite como máximo 100 caracteres.' })
    .optional(),
  ...pageQuery({ max: USER_LIST_MAX, fallback: 100 }),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** Name and e-mail follow the sign-up rules (trimmed, required, e-mail lower-cased). */
export const UpdateUserBodySchema = z
  .object({
    name: SignUpBodySchema.shape.name,
    email: SignUpBodySchema.shape.email,
  })
  .partial()
  .refine((body) => body.name !== undefined || body.email !== undefined, { error: userMessages.nothingToUpdate });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const SetUserRoleBodySchema = z.object({
  role: z.enum(BUILT_IN_ROLES, { error: 'El rol (role) debe ser user o admin.' }),
});
export type SetUserRoleBody = z.infer<typeof SetUserRoleBodySchema>;

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** 'user' and 'admin': the app depends on them. */
  builtIn: z.boolean(),
  /** How many accounts hold the role. */
  userCount: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;
export const RoleResponseSchema = dataEnvelope(RoleSchema);
export const RoleListResponseSchema = dataEnvelope(z.array(RoleSchema));

const RoleNameFieldSchema = z
  .string({ error: 'El nombre del rol es obligatorio.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_-]{1,29}$/, {
    error:
      'El nombre del rol debe tener de 2 a 30 caracteres: letras sin tildes, números, «-» o «_», empezando por una letra.',
  });

const RoleDescriptionSchema = z
  .string({ error: 'La descripción debe ser texto.' })
  .trim()
  .max(200, { error: 'La descripción admite como máximo 200 caracteres.' });

export const CreateRoleBodySchema = z.object({
  name: RoleNameFieldSchema,
  description: RoleDescriptionSchema.default(''),
});
export type CreateRoleBody = z.infer<typeof CreateRoleBodySchema>;

export const UpdateRoleBodySchema = z
  .object({ name: RoleNameFieldSchema, description: RoleDescriptionSchema })
  .partial()
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    error: 'Indica al menos un campo: nombre o descripción.',
  });
export type UpdateRoleBody = z.infer<typeof UpdateRoleBodySchema>;
