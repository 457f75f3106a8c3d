import { z } from 'zod';
import { dataEnvelope, messageEnvelope, pageQuery } from './common.ts';
import { BUILT_IN_ROLES, RoleNameSchema } from './roles.ts';

export const accountMessages = {
  userNotFound: 'Usuario no encontrado.',
  nothingToUpdate: 'Indica al menos un campo: nombre o correo electrónico.',
  cannotDemoteSelf: 'No puedes quitarte tu propio rol de administrador: pídeselo a otro administrador.',
  cannotDeleteSelfAdmin: 'Un administrador no puede eliminar su propia cuenta: pide a otro administrador que lo haga.',
  roleChanged: 'Rol actualizado.',
  userDeleted: 'Cuenta eliminada.',
  tooManyEmailChanges: 'Demasiados cambios de correo electrónico. Inténtalo de nuevo más tarde.',
  ownsPoolsWithParticipants:
    'La cuenta creó quinielas en las que juegan otras personas: elimínalas antes de borrar la cuenta.',
  // Getting back into an account and confirming an address, by the links mailed (server/modules/accounts/account-links.service.ts)
  /** The same answer whether or not the address has an account. */
  passwordResetRequested:
    'Si hay una cuenta con ese correo, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en 30 minutos.',
  tooManyPasswordResets: 'Demasiadas solicitudes para restablecer la contraseña. Inténtalo más tarde.',
  linkInvalid: 'El enlace no es válido, ya se usó o ha caducado. Pide otro.',
  passwordReset: 'Contraseña cambiada: se han cerrado todas tus otras sesiones.',
  emailConfirmed: 'Correo confirmado.',
  emailUnconfirmed: 'Correo sin confirmar',
  alreadyConfirmed: 'Tu correo ya está confirmado.',
  noMailToConfirm: 'Este servidor no envía correos: pide a un administrador que cambie tu correo.',
  resetLinkCreated: 'Este servidor no envía correos: entrega este enlace a la persona. Sirve una vez y caduca en 30 minutos.',
} as const;

/** "Te hemos enviado un enlace a …": the same whether or not another account has the address. */
export const emailChangeRequested = (email: string) =>
  `Te hemos enviado un enlace a ${email}: tu correo cambiará cuando lo abras.`;
export const confirmationSent = (email: string) => `Te hemos enviado un enlace a ${email} para confirmarlo.`;
export const resetLinkSent = (email: string) => `Enlace para elegir una contraseña nueva enviado a ${email}.`;

/** How long a mailed link works, from the moment it is sent. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
export const EMAIL_CONFIRMATION_LINK_HOURS = 24;

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `El campo «${label}» es obligatorio.` })
    .trim()
    .min(1, { error: `El campo «${label}» es obligatorio.` })
    .max(max, { error: `El campo «${label}» admite como máximo ${max} caracteres.` });

export const EmailSchema = trimmed('correo electrónico', 254)
  .toLowerCase()
  .pipe(z.email({ error: 'El correo electrónico no es válido.' }));

/** Sign-in takes any password string: a wrong one is a 401, not a 400. */
const PasswordInputSchema = z
  .string({ error: 'El campo «contraseña» es obligatorio.' })
  .min(1, { error: 'El campo «contraseña» es obligatorio.' })
  .max(256, { error: 'La contraseña es demasiado larga.' });

export const PASSWORD_MIN_LENGTH = 8;

export const SignUpBodySchema = z.object({
  name: trimmed('nombre', 80),
  email: EmailSchema,
  password: z
    .string({ error: 'El campo «contraseña» es obligatorio.' })
    .min(1, { error: 'El campo «contraseña» es obligatorio.' })
    .min(PASSWORD_MIN_LENGTH, {
      error: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    })
    .max(128, { error: 'La contraseña admite como máximo 128 caracteres.' }),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/** The 256-bit token of a mailed link (base64url): anything else is the link's own error, not a field's. */
const AccountTokenSchema = z
  .string({ error: accountMessages.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: accountMessages.linkInvalid });

export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

/** The new password follows the sign-up rules. */
export const PasswordResetBodySchema = z.object({ token: AccountTokenSchema, password: SignUpBodySchema.shape.password });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const EmailConfirmationBodySchema = z.object({ token: AccountTokenSchema });
export type EmailConfirmationBody = z.infer<typeof EmailConfirmationBodySchema>;

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: PasswordInputSchema,
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** What the client keeps under the local key `userProfile` (the spec's stored user profile). */
export const UserProfileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: RoleNameSchema,
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** What the client keeps under the local key `session` (its shape is the brief's API contract). */
export const SessionSchema = z.object({
  accessToken: z.string().min(1),
  tokenType: z.literal('Bearer'),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SignInResponseSchema = z.object({
  session: SessionSchema,
  userProfile: UserProfileSchema,
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const SignUpResponseSchema = messageEnvelope(UserProfileSchema);
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const ProfileResponseSchema = dataEnvelope(UserProfileSchema);

export const MessageResponseSchema = z.object({ message: z.string() });

/** A user as the API shows it: never a password hash or a passkey handle. */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleNameSchema,
  /** Whether its owner opened a link mailed to `email`. */
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;
export const UserResponseSchema = dataEnvelope(UserSchema);
/** An edit: the account as it is now, and what was mailed when the e-mail is to change (once its link is opened). */
export const UpdateUserResponseSchema = UserResponseSchema.extend({ message: z.string().optional() });

/** An admin's reset link: mailed (`data` null), or, on a server without mail, the link itself, shown once. */
export const AdminPasswordResetResponseSchema = messageEnvelope(
  z.object({ link: z.string(), expiresAt: z.string() }).nullable(),
);
export type AdminPasswordResetResponse = z.infer<typeof AdminPasswordResetResponseSchema>;
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
  .refine((body) => body.name !== undefined || body.email !== undefined, { error: accountMessages.nothingToUpdate });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const SetUserRoleBodySchema = z.object({
  role: z.enum(BUILT_IN_ROLES, { error: 'El rol (role) debe ser user o admin.' }),
});
export type SetUserRoleBody = z.infer<typeof SetUserRoleBodySchema>;
