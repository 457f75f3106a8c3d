import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BoletoListResponseSchema,
  BoletoParamsSchema,
  BoletoResponseSchema,
  ComposeBoletoBodySchema,
  IdParamsSchema,
  laQuinielaMessages,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { BoletosService } from './boletos.service.ts';

const docs = routeDocs('pools', 400, 401, 403, 404, 409);

/** A La Quiniela pool's boletos: its members read them; its creator and admins compose them. */
export async function boletosRoutes(app: FastifyInstance, { boletos }: { boletos: BoletosService }) {
  app.addHook('onRequest', app.guards.requireUser);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/:id/boletos',
    {
      schema: docs.schema(
        'Los boletos de una quiniela del modo La Quiniela (miembros, su creador y admins), con los pronósticos propios y, desde el primer partido de cada uno, los aciertos de todos',
        { 200: BoletoListResponseSchema },
        { params: IdParamsSchema },
      ),
    },
    async (request) => ({ data: await boletos.list(currentUser(request), request.params.id) }),
  );
  api.get(
    '/:id/boletos/:number',
    { schema: docs.schema('Un boleto de la quiniela (miembros, su creador y admins)', { 200: BoletoResponseSchema }, { params: BoletoParamsSchema }) },
    async (request) => ({ data: await boletos.read(currentUser(request), request.params.id, request.params.number) }),
  );
  api.put(
    '/:id/boletos/:number',
    {
      schema: docs.schema(
        `Componer un boleto (creador o admin): ${laQuinielaMessages.composeHelp} Se cambia hasta su primer partido.`,
        { 200: BoletoResponseSchema },
        { params: BoletoParamsSchema, body: ComposeBoletoBodySchema },
      ),
    },
    async (request) => ({
      data: await boletos.compose(currentUser(request), request.params.id, request.params.number, request.body.matchIds),
    }),
  );
}
