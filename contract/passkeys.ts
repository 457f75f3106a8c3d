import { z } from 'zod';
import { dataEnvelope, messageEnvelope } from './common.ts';

/** The biometric request constants the spec sets (60 s time-out, ES256). */
export const PASSKEY_TIMEOUT_MS = 60_000;
export const PASSKEY_ALGORITHM_ES256 = -7;

export const passkeyMessages = {
  // The spec's biometric error messages, word for word
  verificationFailed: 'Fallo en la verificación biométrica.',
  signInFailed: 'Fallo en el inicio de sesión biométrico.',
  registrationFailed: 'Fallo al registrar la biometría.',
  profileMissing: 'No se encontró el perfil de usuario para registrar la biometría.',
  // Client: 'Cancelar' on the verification asked for after a password sign-in discards that sign-in
  signInCancelled: 'Inicio de sesión cancelado',
  // Client: "Biometría" after 'Ahora No' (the answer is kept per user and device)
  offerDeclined: 'Elegiste «Ahora No»: no te ofreceremos la huella o Face ID al iniciar sesión en este dispositivo.',
  offerAgain: 'Ofrecer al iniciar sesión',
  offerRestored: 'Te la ofreceremos la próxima vez que inicies sesión.',
  // Server
  challengeInvalid: 'La solicitud biométrica no es válida o ha caducado. Inténtalo de nuevo.',
  credentialUnknown: 'Esta credencial biométrica no está registrada.',
  credentialNotFound: 'Credencial no encontrada.',
  registered: 'Biometría registrada.',
  removed: 'Biometría eliminada.',
} as const;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, { error: 'Valor base64url no válido.' }).max(16_384);

/** The browser's RegistrationResponseJSON (@simplewebauthn/browser `startRegistration`). */
export const RegistrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** The browser's AuthenticationResponseJSON (@simplewebauthn/browser `startAuthentication`). */
export const AuthenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const PasskeyRegisterVerifyBodySchema = z.object({ response: RegistrationResponseSchema });
export const PasskeyLoginOptionsBodySchema = z.object({ credentialId: base64url.optional() }).default({});
export const PasskeyLoginVerifyBodySchema = z.object({ response: AuthenticationResponseSchema });

/** Options are passed to the browser as they are; their shape is WebAuthn's, not ours. */
export const PasskeyOptionsResponseSchema = dataEnvelope(z.looseObject({ challenge: z.string() }));

export const PasskeySchema = z.object({
  id: z.string(),
  deviceType: z.string(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyIdParamsSchema = z.object({ id: base64url });

/** `POST /auth/passkeys/register/verify` answers 201 with the stored credential's id. */
export const PasskeyRegisteredResponseSchema = messageEnvelope(z.object({ credentialId: z.string() }));
export type PasskeyRegisteredResponse = z.infer<typeof PasskeyRegisteredResponseSchema>;

/**
 * `GET /auth/passkeys/availability?origin=…`: whether passkeys can work on the page at that origin
 * (one of the server's `WEBAUTHN_ORIGINS`, under `WEBAUTHN_RP_ID`). Without `origin`, the request's
 * `Origin` header, else its own address, is judged. Public, no database.
 */
export const PasskeyAvailabilityQuerySchema = z.object({ origin: z.string().max(2048).optional() });
export const PasskeyAvailabilityResponseSchema = z.object({ available: z.boolean() });
export type PasskeyAvailabilityResponse = z.infer<typeof PasskeyAvailabilityResponseSchema>;

/** `GET /auth/passkeys`: the signed-in user's passkeys. */
export const PasskeyListResponseSchema = dataEnvelope(z.array(PasskeySchema));
