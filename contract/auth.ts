import { z } from 'zod';

export const RoleNameSchema = z.enum(['user', 'admin']);
export type RoleName = z.infer<typeof RoleNameSchema>;

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

export const SignUpResponseSchema = z.object({
  message: z.string(),
  data: UserProfileSchema,
});
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const ProfileResponseSchema = z.object({ data: UserProfileSchema });

export const MessageResponseSchema = z.object({ message: z.string() });
