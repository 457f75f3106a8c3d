import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateMatchBodySchema,
  CURRENT_COMPETITION_DAYS,
  dataEnvelope,
  type MatchListQuery,
  MatchListQuerySchema,
  matchMessages,
  MatchSchema,
  UpdateMatchBodySchema,
  messages,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { createVersionedCache, type DataVersions } from '../../lib/data-versions.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sendJsonReply, toJsonReply, type JsonReply } from '../../lib/json-reply.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { MatchesRepository } from './matches.repository.ts';
import type { MatchesService } from './matches.service.ts';
import { itemRoutes } from '../../lib/item-routes.ts';
import { notModifiedResponse, routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('matches', 400, 401, 403, 404, 409);

export async function matchesRoutes(
  app: FastifyInstance,
  {
    matches,
    service,
    versions,
    clock,
  }: { matches: MatchesRepository; service: MatchesService; versions: DataVersions; clock: Clock },
) {
  const { requireUser } = app.guards;

  // The most read answer of the app (every Inicio visit): serialised once per version of the matches, and
  // per day for the current competitions (a season leaves the list 180 days after its last match).
  const listSchema = dataEnvelope(z.array(MatchSchema));
  const cachedList = createVersionedCache<JsonReply>(versions, 'matches', 8);
  const DAY_MS = 86_400_000;
  // Untyped on purpose: the handler sends pre-serialised bytes.
  app.get('', {
    onRequest: requireUser,
    schema: docs.schema(
      'Lista de partidos, por fecha de inicio (ETag; 304 si no cambió): los de las competiciones en curso ' +
        `(con algún partido por jugar o jugado en los últimos ${CURRENT_COMPETITION_DAYS} días), o los de ?competition=`,
      { 200: listSchema, ...notModifiedResponse },
      { querystring: MatchListQuerySchema },
    ),
    handler: async (request, reply) => {
      const { competition } = request.query as MatchListQuery;
      const today = Math.floor(clock().getTime() / DAY_MS) * DAY_MS;
      const filter =
        competition === undefined
          ? { activeSince: new Date(today - CURRENT_COMPETITION_DAYS * DAY_MS) }
          : { competition };
      const key = competition === undefined ? `current:${today}` : `competition:${competition}`;
      const list = await cachedList.get(
        key,
        async () => toJsonReply(listSchema, { data: await matches.list(filter) }),
        request.seenAt,
      );
      return sendJsonReply(request, reply, list!);
    },
  });

  itemRoutes(app, docs, {
    answer: dataEnvelope(MatchSchema),
    createBody: CreateMatchBodySchema,
    updateBody: UpdateMatchBodySchema,
    summaries: {
      get: 'Un partido',
      create: 'Crear un partido (admin)',
      update: 'Editar un partido o guardar su resultado (admin); actualiza las clasificaciones afectadas',
      remove: 'Eliminar un partido sin pronósticos (admin)',
    },
    removed: messages.deleted,
    get: async (id) => {
      const match = await matches.findById(id);
      if (!match) throw new NotFoundError(matchMessages.matchNotFound);
      return match;
    },
    create: (body) => service.create(body),
    update: (id, body, request) => service.update(id, body, { kind: 'admin', userId: currentUser(request).id }),
    remove: (id) => service.remove(id),
  });
}
