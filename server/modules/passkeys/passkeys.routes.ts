import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MessageResponseSchema,
  PasskeyAvailabilityQuerySchema,
  PasskeyAvailabilityResponseSchema,
  PasskeyIdParamsSchema,
  PasskeyListResponseSchema,
  PasskeyLoginOptionsBodySchema,
  PasskeyLoginVerifyBodySchema,
  PasskeyOptionsResponseSchema,
  PasskeyRegisterVerifyBodySchema,
  PasskeyRegisteredResponseSchema,
  SignInResponseSchema,
  passkeyMessages,
} from '#contract/index';
import { currentUser } from '../accounts/request-user.ts';
import type { PasskeysService } from './passkeys.service.ts';
import { errorResponses, routeDocs } from '../../lib/route-docs.ts';

const { tags, security, errors } = routeDocs('passkeys', 400, 401, 404, 429);

export async function passkeysRoutes(
  app: FastifyInstance,
  { passkeys, perAddressLimit }: { passkeys: PasskeysService; perAddressLimit: onRequestAsyncHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = app.guards;

  api.get('/availability', {
    schema: {
      tags,
      summary:
        '¿Se pueden usar passkeys desde este origen? Público. `origin` (p. ej. http://localhost:3000); sin él, la cabecera Origin o la dirección de la petición. Responde si es uno de WEBAUTHN_ORIGINS bajo WEBAUTHN_RP_ID',
      querystring: PasskeyAvailabilityQuerySchema,
      response: { 200: PasskeyAvailabilityResponseSchema, ...errorResponses(400) },
    },
    handler: async (request) => ({
      available: passkeys.isAvailableAt(
        request.query.origin ?? request.headers.origin ?? `${request.protocol}://${request.host}`,
      ),
    }),
  });

  api.post('/register/options', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Opciones para registrar una passkey (huella o cara)', response: { 200: PasskeyOptionsResponseSchema, ...errors } },
    handler: async (request) => ({ data: { ...(await passkeys.registrationOptions(currentUser(request))) } }),
  });

  api.post('/register/verify', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Verificar y guardar la passkey registrada',
      body: PasskeyRegisterVerifyBodySchema,
      response: { 201: PasskeyRegisteredResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        message: passkeyMessages.registered,
        data: { credentialId: await passkeys.verifyRegistration(currentUser(request), request.body.response) },
      }),
  });

  api.post('/login/options', {
    onRequest: perAddressLimit,
    schema: {
      tags,
      summary: 'Opciones para iniciar sesión con una passkey',
      body: PasskeyLoginOptionsBodySchema,
      response: { 200: PasskeyOptionsResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: { ...(await passkeys.authenticationOptions(request.body.credentialId)) } }),
  });

  api.post('/login/verify', {
    onRequest: perAddressLimit,
    schema: {
      tags,
      summary: 'Iniciar sesión con una passkey: devuelve la misma sesión que /auth/signin',
      body: PasskeyLoginVerifyBodySchema,
      response: { 200: SignInResponseSchema, ...errors },
    },
    handler: async (request) => passkeys.verifyAuthentication(request.body.response),
  });

  api.get('', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Mis passkeys', response: { 200: PasskeyListResponseSchema, ...errors } },
    handler: async (request) => ({ data: await passkeys.list(currentUser(request)) }),
  });

  api.delete('/:id', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Eliminar una de mis passkeys', params: PasskeyIdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await passkeys.remove(currentUser(request), request.params.id);
      return { message: passkeyMessages.removed };
    },
  });
}
