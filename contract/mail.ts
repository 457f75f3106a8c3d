import { z } from 'zod';
import { dataEnvelope } from './common.ts';

export const mailMessages = {
  /** Said wherever e-mail would be offered, on a server without SMTP_URL. */
  notConfigured: 'Este servidor no envía correos.',
  unsubscribeInvalid: 'El enlace para darte de baja no es válido.',
  unsubscribe: 'Darme de baja',
  unsubscribed: {
    'missing-picks': 'Listo: ya no recibirás por correo los pronósticos pendientes de esta quiniela.',
    'jornada-results': 'Listo: ya no recibirás por correo el resultado de cada jornada de esta quiniela.',
  },
  statusNotConfigured: 'Correo: sin configurar',
} as const;

/** `GET /auth/mail/availability`: whether this server sends e-mail (SMTP_URL is set). */
export const MailAvailabilityResponseSchema = z.object({ available: z.boolean() });
export type MailAvailability = z.infer<typeof MailAvailabilityResponseSchema>;

/** `GET /api/admin/mail`: the outbox as the admin area shows it. */
export const MailStatusSchema = z.object({
  configured: z.boolean(),
  /** The sender (MAIL_FROM); null without mail. */
  from: z.string().nullable(),
  /** Waiting to be sent or retried, being sent now, and given up on (each with its SMTP answer). */
  queued: z.number().int(),
  sending: z.number().int(),
  failed: z.number().int(),
  lastFailure: z.object({ at: z.string(), kind: z.string(), error: z.string() }).nullable(),
});
export type MailStatus = z.infer<typeof MailStatusSchema>;
export const MailStatusResponseSchema = dataEnvelope(MailStatusSchema);

/** The unsubscribe link's signed token (server/modules/mail/unsubscribe-tokens.ts), in the URL's query. */
export const UnsubscribeQuerySchema = z.object({
  token: z.string({ error: mailMessages.unsubscribeInvalid }).min(1, { error: mailMessages.unsubscribeInvalid }).max(300, { error: mailMessages.unsubscribeInvalid }),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;
