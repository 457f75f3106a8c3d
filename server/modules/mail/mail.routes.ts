import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MailAvailabilityResponseSchema,
  mailMessages,
  MailStatusResponseSchema,
  MessageResponseSchema,
  UnsubscribeQuerySchema,
} from '#contract/index';
import { BadRequestError } from '../../lib/errors.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';
import type { MailOutboxRepository } from './mail-outbox.repository.ts';
import { verifyUnsubscribe, type UnsubscribeKeyStore, type UnsubscribeTarget } from './unsubscribe-tokens.ts';

interface Options {
  /** The sender, when this server sends mail (SMTP_URL); null otherwise. */
  from: string | null;
  outbox: MailOutboxRepository;
  unsubscribeKeys: UnsubscribeKeyStore;
  unsubscribe: (target: UnsubscribeTarget) => Promise<void>;
}

/** Mail's own endpoints: whether this server sends it (public), leaving a reminder by its link (public), the outbox (admin). */
export async function mailRoutes(app: FastifyInstance, { from, outbox, unsubscribeKeys, unsubscribe }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/auth/mail/availability', {
    schema: {
      tags: ['mail'],
      summary: 'Si este servidor envía correos (SMTP_URL): sin él no se ofrece nada por correo',
      response: { 200: MailAvailabilityResponseSchema },
    },
    handler: async () => ({ available: from !== null }),
  });

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as a form; the answer never depends on the body.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  }
  api.post('/api/mail/unsubscribe', {
    schema: {
      tags: ['mail'],
      summary:
        'Darse de baja de un aviso por correo con el enlace del correo (sin sesión: el token firmado es la prueba); también el clic único de List-Unsubscribe-Post (RFC 8058)',
      querystring: UnsubscribeQuerySchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400) },
    },
    handler: async (request) => {
      const target = verifyUnsubscribe(await unsubscribeKeys.get(), request.query.token);
      if (!target) throw new BadRequestError(mailMessages.unsubscribeInvalid);
      await unsubscribe(target);
      return { message: mailMessages.unsubscribed[target.kind] };
    },
  });

  api.get('/api/admin/mail', {
    onRequest: app.guards.requireAdmin,
    schema: {
      tags: ['mail'],
      security: bearerSecurity,
      summary: 'El correo de este servidor (admin): configurado o no, remitente, mensajes en cola, enviándose y fallidos, el último fallo',
      response: { 200: MailStatusResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async () => {
      if (from === null) return { data: { configured: false, from: null, queued: 0, sending: 0, failed: 0, lastFailure: null } };
      const { lastFailure, ...counts } = await outbox.status();
      return {
        data: {
          configured: true,
          from,
          ...counts,
          lastFailure: lastFailure && { ...lastFailure, at: lastFailure.at.toISOString() },
        },
      };
    },
  });
}
