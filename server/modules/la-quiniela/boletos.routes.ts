import type { FastifyInstance } from 'fastify';
import {
  BoletoListResponseSchema,
  BoletoParamsSchema,
  BoletoResponseSchema,
  ComposeBoletoBodySchema,
  IdParamsSchema,
  laQuinielaMessages,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { signedInRoutes } from '../accounts/signed-in-routes.ts';
import type { BoletosService } from './boletos.service.ts';

const docs = routeDocs('pools', 400, 401, 403, 404, 409);

/** A La Quiniela pool's boletos: its members read them; its creator and admins compose them. */
export async function boletosRoutes(app: FastifyInstance, { boletos }: { boletos: BoletosService }) {
  const routes = signedInRoutes(app, docs);
  routes.data(
    'GET',
    '/:id/boletos',
    'Los boletos de una quiniela del modo La Quiniela (miembros, su creador y admins), con los pronósticos propios y, desde el primer partido de cada uno, los aciertos de todos',
    BoletoListResponseSchema,
    { params: IdParamsSchema },
    (user, { params }) => boletos.list(user, params.id),
  );
  routes.data(
    'GET',
    '/:id/boletos/:number',
    'Un boleto de la quiniela (miembros, su creador y admins)',
    BoletoResponseSchema,
    { params: BoletoParamsSchema },
    (user, { params }) => boletos.read(user, params.id, params.number),
  );
  routes.data(
    'PUT',
    '/:id/boletos/:number',
    `Componer un boleto (creador o admin): ${laQuinielaMessages.composeHelp} Se cambia hasta su primer partido.`,
    BoletoResponseSchema,
    { params: BoletoParamsSchema, body: ComposeBoletoBodySchema },
    (user, { params, body }) => boletos.compose(user, params.id, params.number, body.matchIds),
  );
}
