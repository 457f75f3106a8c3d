import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailConfirmationBodySchema,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignUpBodySchema,
  SignUpResponseSchema,
  messages,
} from '#contract/index';
import type { Config } from '../../config.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { bearerToken, currentUser } from './request-user.ts';
import type { AccountLinksService } from './account-links.service.ts';
import type { AuthService } from './auth.service.ts';
import { errorResponses, routeDocs } from '../../lib/route-docs.ts';

interface Options {
  auth: AuthService;
  links: AccountLinksService;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'rateLimits'>;
}

const errors = errorResponses(400, 401, 409, 429);
/** The routes of a signed-in user, whose only error answer is a missing or expired session. */
const signedInDocs = routeDocs('auth', 401);

/**
 * Generous per-address limit on every endpoint that takes credentials (password or
 * passkey): a household or an office behind one address is never locked out, but a
 * script hammering from one address is.
 */
export function credentialRateLimit(
  rateLimiter: RateLimiter,
  config: Pick<Config, 'rateLimits'>,
): onRequestAsyncHookHandler {
  return async (request) => {
    const wait = await rateLimiter.hit(`auth-ip:${request.ip}`, config.rateLimits.authPerIp);
    if (wait !== null) throw new TooManyRequestsError(messages.tooManyRequests, wait);
  };
}

export async function authRoutes(app: FastifyInstance, { auth, links, rateLimiter, config }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perAddressLimit = credentialRateLimit(rateLimiter, config);

  api.post('/signup', {
    onRequest: perAddressLimit,
    schema: {
      tags: ['auth'],
      summary: 'Crear una cuenta',
      body: SignUpBodySchema,
      response: { 201: SignUpResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const profile = await auth.signUp(request.body);
      return reply.code(201).send({ message: 'Cuenta creada correctamente.', data: profile });
    },
  });

  for (const url of ['/signin', '/login']) {
    api.post(url, {
      onRequest: perAddressLimit,
      schema: {
        tags: ['auth'],
        summary: url === '/signin' ? 'Iniciar sesión' : 'Iniciar sesión (alias de /auth/signin)',
        body: SignInBodySchema,
        response: { 200: SignInResponseSchema, ...errors },
      },
      handler: (request) => auth.signIn(request.body),
    });
  }

  api.post('/password-reset', {
    onRequest: perAddressLimit,
    schema: {
      tags: ['auth'],
      summary:
        '«¿Olvidaste tu contraseña?»: envía un enlace (30 minutos, un solo uso) al correo; la misma respuesta haya cuenta o no; límites por correo y por cliente (429); 409 si el servidor no envía correos',
      body: PasswordResetRequestBodySchema,
      response: { 202: MessageResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(202).send({ message: await links.requestPasswordReset(request.body.email, request.ip) }),
  });

  api.post('/password-reset/confirm', {
    onRequest: perAddressLimit,
    schema: {
      tags: ['auth'],
      summary:
        'Contraseña nueva con el enlace (las reglas del registro): cierra todas las sesiones de la cuenta, avisa por correo e inicia sesión en este dispositivo; 400 si el enlace no vale, ya se usó o caducó',
      body: PasswordResetBodySchema,
      response: { 200: SignInResponseSchema, ...errors },
    },
    handler: (request) => links.resetPassword(request.body.token, request.body.password),
  });

  api.post('/email-confirmation', {
    onRequest: perAddressLimit,
    schema: {
      tags: ['auth'],
      summary:
        'Confirmar un correo con el enlace enviado (sin sesión): el de la cuenta, o el nuevo al que cambia (se avisa al anterior); 400 si el enlace no vale; 409 si otra cuenta tomó ese correo entretanto',
      body: EmailConfirmationBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => ({ message: await links.confirmEmail(request.body.token) }),
  });

  api.get('/profile', {
    onRequest: app.guards.requireUser,
    schema: signedInDocs.schema('Perfil del usuario con sesión', { 200: ProfileResponseSchema }),
    handler: async (request) => ({ data: currentUser(request) }),
  });

  api.post('/signout', {
    onRequest: app.guards.requireUser,
    schema: signedInDocs.schema('Cerrar sesión (revoca el token)', { 200: MessageResponseSchema }),
    handler: async (request) => {
      const token = bearerToken(request);
      if (token) await auth.signOut(token);
      return { message: 'Sesión cerrada.' };
    },
  });
}
