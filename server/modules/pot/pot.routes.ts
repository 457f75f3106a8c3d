import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  MessageResponseSchema,
  PoolUserParamsSchema,
  PotResponseSchema,
  PotSettingsSchema,
  potMessages,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { PotService } from './pot.service.ts';

const docs = routeDocs('pools', 400, 401, 403, 404);
const ofPot = { 200: PotResponseSchema };

/** A pool's bote: its members read it; its creator and admins set it, clear it and mark who has paid. No money moves. */
export async function potRoutes(app: FastifyInstance, { pot }: { pot: PotService }) {
  app.addHook('onRequest', app.guards.requireUser);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read =
    'El bote de la quiniela (miembros, su creador y admins): cuota, cuántos han pagado, lo recaudado y lo que se llevaría hoy cada puesto; data null sin bote';
  const set =
    'Poner o cambiar el bote (creador o admin): cuota en céntimos, partes por puesto final y la de las jornadas, que suman 100';

  api.get('/:id/pot', { schema: docs.schema(read, ofPot, { params: IdParamsSchema }) }, async (request) => ({
    data: await pot.read(currentUser(request), request.params.id),
  }));
  api.put(
    '/:id/pot',
    { schema: docs.schema(set, ofPot, { params: IdParamsSchema, body: PotSettingsSchema }) },
    async (request) => ({
      data: await pot.save(currentUser(request), request.params.id, request.body),
    }),
  );
  api.delete(
    '/:id/pot',
    {
      schema: docs.schema(
        'Quitar el bote (creador o admin), con sus marcas de pago',
        { 200: MessageResponseSchema },
        { params: IdParamsSchema },
      ),
    },
    async (request) => {
      await pot.clear(currentUser(request), request.params.id);
      return { message: potMessages.removed };
    },
  );

  // A paid mark: PUT sets it, DELETE takes it away (creator or admin).
  for (const [method, paid, summary] of [
    ['PUT', true, 'Marcar que un participante ha pagado (creador o admin)'],
    ['DELETE', false, 'Quitar la marca de pago de un participante (creador o admin)'],
  ] as const) {
    api.route({
      method,
      url: '/:id/pot/payments/:userId',
      schema: docs.schema(summary, ofPot, { params: PoolUserParamsSchema }),
      handler: async (request) => ({
        data: await pot.setPaid(currentUser(request), request.params.id, request.params.userId, paid),
      }),
    });
  }
}
