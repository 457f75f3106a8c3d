import type { FastifyInstance } from 'fastify';
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
import { signedInRoutes } from '../accounts/signed-in-routes.ts';
import type { RemindersService } from './reminders.service.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const pushDocs = routeDocs('push', 400, 401, 403, 404, 409);
const docs = routeDocs('reminders', 400, 401, 403, 404, 409);

/** Web Push subscriptions and favourite-match reminders, under /api; each user only ever reaches their own. */
export async function remindersRoutes(app: FastifyInstance, { reminders }: { reminders: RemindersService }) {
  const routes = signedInRoutes(app, docs);
  const push = routes.documented(pushDocs);

  push.data(
    'GET',
    '/push/vapid-public-key',
    'Clave pública VAPID para suscribirse a las notificaciones push',
    VapidPublicKeyResponseSchema,
    {},
    async () => ({ publicKey: await reminders.publicKey() }),
  );

  routes.api.post('/push/subscriptions', {
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

  push.done(
    'DELETE',
    '/push/subscriptions',
    'Eliminar una suscripción push propia (por endpoint)',
    { body: PushEndpointBodySchema },
    reminderMessages.subscriptionRemoved,
    (user, { body }) => reminders.removeSubscription(user.id, body.endpoint),
  );

  routes.data('GET', '/reminders', 'Mis recordatorios', ReminderListResponseSchema, {}, (user) =>
    reminders.list(user.id),
  );

  routes.created(
    'POST',
    '/reminders',
    'Guardar un partido favorito y programar sus recordatorios (una hora antes y al inicio; solo los futuros)',
    ReminderListResponseSchema,
    { body: ReminderBodySchema },
    (user, { body }) => reminders.schedule(user.id, body.matchId),
  );

  routes.data(
    'GET',
    '/favorites',
    'Mis partidos favoritos (ids), con recordatorios o sin ellos',
    FavoriteListResponseSchema,
    {},
    (user) => reminders.listFavorites(user.id),
  );

  routes.created(
    'POST',
    '/favorites',
    'Guardar un partido favorito sin recordatorios (notificaciones no disponibles en ese dispositivo)',
    FavoriteListResponseSchema,
    { body: ReminderBodySchema },
    (user, { body }) => reminders.addFavorite(user.id, body.matchId),
  );

  routes.done(
    'DELETE',
    '/reminders/:matchId',
    'Quitar un partido de favoritos y cancelar sus recordatorios',
    { params: MatchIdParamsSchema },
    reminderMessages.remindersCancelled,
    (user, { params }) => reminders.cancel(user.id, params.matchId),
  );

  routes.data(
    'GET',
    '/notification-settings',
    'Mis avisos: recordatorios de favoritos y, por quiniela en la que juego, pronósticos pendientes y resultados de la jornada',
    NotificationSettingsResponseSchema,
    {},
    (user) => reminders.notificationSettings(user.id),
  );

  routes.data(
    'PUT',
    '/notification-settings',
    'Activar o desactivar un tipo de aviso (los de una quiniela, solo si juego en ella)',
    NotificationSettingsResponseSchema,
    { body: NotificationSettingBodySchema },
    (user, { body }) => reminders.setNotification(user.id, body),
  );
}
