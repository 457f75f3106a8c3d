import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FavoriteListResponseSchema,
  MatchIdParamsSchema,
  MessageResponseSchema,
  NotificationSettingBodySchema,
  NotificationSettingsResponseSchema,
  PushEndpointBodySchema,
  PushSubscriptionBodySchema,
  ReminderBodySchema,
  ReminderListResponseSchema,
  VapidPublicKeyResponseSchema,
  reminderMessages,
} from '#contract/index';
import { currentUser } from '../accounts/request-user.ts';
import type { RemindersService } from './reminders.service.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const security = bearerSecurity;

/** Web Push subscriptions and favourite-match reminders, under /api; each user only ever reaches their own. */
export async function remindersRoutes(app: FastifyInstance, { reminders }: { reminders: RemindersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.get('/push/vapid-public-key', {
    schema: {
      tags: ['push'],
      security,
      summary: 'Clave pública VAPID para suscribirse a las notificaciones push',
      response: { 200: VapidPublicKeyResponseSchema, ...errors },
    },
    handler: async () => ({ data: { publicKey: await reminders.publicKey() } }),
  });

  api.post('/push/subscriptions', {
    schema: {
      tags: ['push'],
      security,
      summary: 'Guardar la suscripción push de este navegador para el usuario (409 si es de otra cuenta)',
      body: PushSubscriptionBodySchema,
      response: { 201: MessageResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      await reminders.saveSubscription(currentUser(request).id, request.body);
      return reply.code(201).send({ message: reminderMessages.subscriptionSaved });
    },
  });

  api.delete('/push/subscriptions', {
    schema: {
      tags: ['push'],
      security,
      summary: 'Eliminar una suscripción push propia (por endpoint)',
      body: PushEndpointBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await reminders.removeSubscription(currentUser(request).id, request.body.endpoint);
      return { message: reminderMessages.subscriptionRemoved };
    },
  });

  api.get('/reminders', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Mis recordatorios',
      response: { 200: ReminderListResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await reminders.list(currentUser(request).id) }),
  });

  api.post('/reminders', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Guardar un partido favorito y programar sus recordatorios (una hora antes y al inicio; solo los futuros)',
      body: ReminderBodySchema,
      response: { 201: ReminderListResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await reminders.schedule(currentUser(request).id, request.body.matchId) }),
  });

  api.get('/favorites', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Mis partidos favoritos (ids), con recordatorios o sin ellos',
      response: { 200: FavoriteListResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await reminders.listFavorites(currentUser(request).id) }),
  });

  api.post('/favorites', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Guardar un partido favorito sin recordatorios (notificaciones no disponibles en ese dispositivo)',
      body: ReminderBodySchema,
      response: { 201: FavoriteListResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await reminders.addFavorite(currentUser(request).id, request.body.matchId) }),
  });

  api.delete('/reminders/:matchId', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Quitar un partido de favoritos y cancelar sus recordatorios',
      params: MatchIdParamsSchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await reminders.cancel(currentUser(request).id, request.params.matchId);
      return { message: reminderMessages.remindersCancelled };
    },
  });

  api.get('/notification-settings', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Mis avisos: recordatorios de favoritos y, por quiniela en la que juego, pronósticos pendientes y resultados de la jornada',
      response: { 200: NotificationSettingsResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await reminders.notificationSettings(currentUser(request).id) }),
  });

  api.put('/notification-settings', {
    schema: {
      tags: ['reminders'],
      security,
      summary: 'Activar o desactivar un tipo de aviso (los de una quiniela, solo si juego en ella)',
      body: NotificationSettingBodySchema,
      response: { 200: NotificationSettingsResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await reminders.setNotification(currentUser(request).id, request.body) }),
  });
}
