import { z } from 'zod';
import { dataEnvelope } from './common.ts';

/** The roles the app itself relies on: they can be neither renamed nor deleted. */
export const BUILT_IN_ROLES = ['user', 'admin'] as const;
export const RoleNameSchema = z.enum(['user', 'admin']);
export type RoleName = z.infer<typeof RoleNameSchema>;

export const roleMessages = {
  roleNotFound: 'Rol no encontrado.',
  roleNameTaken: 'Ya existe un rol con ese nombre.',
  roleBuiltIn: 'Los roles integrados (user y admin) no se pueden renombrar ni eliminar.',
  roleInUse: 'El rol está asignado a usuarios: no se puede eliminar.',
  roleDeleted: 'Rol eliminado.',
  // Web, the admin area
  notAuthorizedTitle: 'No autorizado',
  notAuthorizedText: 'Esta sección es solo para administradores.',
} as const;

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
