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
import { routeDocs } from '../../lib/route-docs.ts';

const pushDocs = routeDocs('push', 400, 401, 403, 404, 409);
const docs = routeDocs('reminders', 400, 401, 403, 404, 409);

/** Web Push subscriptions and favourite-match reminders, under /api; each user only ever reaches their own. */
export async function remindersRoutes(app: FastifyInstance, { reminders }: { reminders: RemindersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.get('/push/vapid-public-key', {
    schema: pushDocs.schema('Clave pública VAPID para suscribirse a las notificaciones push', {
      200: VapidPublicKeyResponseSchema,
    }),
    handler: async () => ({ data: { publicKey: await reminders.publicKey() } }),
  });

  api.post('/push/subscriptions', {
    schema: pushDocs.schema(
      'Guardar la suscripción push de este navegador para el usuario (409 si es de otra cuenta)',
      { 201: MessageResponseSchema },
      { body: PushSubscriptionBodySchema },
    ),
    handler: async (request, reply) => {
      await reminders.saveSubscription(currentUser(request).id, request.body);
      return reply.code(201).send({ message: reminderMessages.subscriptionSaved });
    },
  });

  api.delete('/push/subscriptions', {
    schema: pushDocs.schema(
      'Eliminar una suscripción push propia (por endpoint)',
      { 200: MessageResponseSchema },
      { body: PushEndpointBodySchema },
    ),
    handler: async (request) => {
      await reminders.removeSubscription(currentUser(request).id, request.body.endpoint);
      return { message: reminderMessages.subscriptionRemoved };
    },
  });

  api.get('/reminders', {
    schema: docs.schema('Mis recordatorios', { 200: ReminderListResponseSchema }),
    handler: async (request) => ({ data: await reminders.list(currentUser(request).id) }),
  });

  api.post('/reminders', {
    schema: docs.schema(
      'Guardar un partido favorito y programar sus recordatorios (una hora antes y al inicio; solo los futuros)',
      { 201: ReminderListResponseSchema },
      { body: ReminderBodySchema },
    ),
    handler: async (request, reply) =>
      reply.code(201).send({ data: await reminders.schedule(currentUser(request).id, request.body.matchId) }),
  });

  api.get('/favorites', {
    schema: docs.schema('Mis partidos favoritos (ids), con recordatorios o sin ellos', {
      200: FavoriteListResponseSchema,
    }),
    handler: async (request) => ({ data: await reminders.listFavorites(currentUser(request).id) }),
  });

  api.post('/favorites', {
    schema: docs.schema(
      'Guardar un partido favorito sin recordatorios (notificaciones no disponibles en ese dispositivo)',
      { 201: FavoriteListResponseSchema },
      { body: ReminderBodySchema },
    ),
    handler: async (request, reply) =>
      reply.code(201).send({ data: await reminders.addFavorite(currentUser(request).id, request.body.matchId) }),
  });

  api.delete('/reminders/:matchId', {
    schema: docs.schema(
      'Quitar un partido de favoritos y cancelar sus recordatorios',
      { 200: MessageResponseSchema },
      { params: MatchIdParamsSchema },
    ),
    handler: async (request) => {
      await reminders.cancel(currentUser(request).id, request.params.matchId);
      return { message: reminderMessages.remindersCancelled };
    },
  });

  api.get('/notification-settings', {
    schema: docs.schema(
      'Mis avisos: recordatorios de favoritos y, por quiniela en la que juego, pronósticos pendientes y resultados de la jornada',
      { 200: NotificationSettingsResponseSchema },
    ),
    handler: async (request) => ({ data: await reminders.notificationSettings(currentUser(request).id) }),
  });

  api.put('/notification-settings', {
    schema: docs.schema(
      'Activar o desactivar un tipo de aviso (los de una quiniela, solo si juego en ella)',
      { 200: NotificationSettingsResponseSchema },
      { body: NotificationSettingBodySchema },
    ),
    handler: async (request) => ({ data: await reminders.setNotification(currentUser(request).id, request.body) }),
  });
}
