import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateTeamBodySchema,
  dataEnvelope,
  teamMessages,
  TeamSchema,
  UpdateTeamBodySchema,
  messages,
} from '#contract/index';
import { BadRequestError, NotFoundError, isForeignKeyViolation } from '../../lib/errors.ts';
import type { TeamsRepository } from './teams.repository.ts';
import { deleteUnreferenced, itemRoutes } from '../../lib/item-routes.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('teams', 400, 401, 403, 404, 409);

export async function teamsRoutes(app: FastifyInstance, { teams }: { teams: TeamsRepository }) {
  const found = <T>(row: T | undefined): T => {
    if (!row) throw new NotFoundError(teamMessages.teamNotFound);
    return row;
  };
  /** An unknown confederationId surfaces as a foreign key violation: say so in Spanish. */
  const knownConfederation = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new BadRequestError(teamMessages.confederationUnknown);
      throw error;
    }
  };

  itemRoutes(app, docs, {
    list: { summary: 'Lista de equipos', answer: dataEnvelope(z.array(TeamSchema)), read: () => teams.list() },
    answer: dataEnvelope(TeamSchema),
    createBody: CreateTeamBodySchema,
    updateBody: UpdateTeamBodySchema,
    summaries: {
      get: 'Un equipo',
      create: 'Crear un equipo (admin)',
      update: 'Editar un equipo (admin)',
      remove: 'Eliminar un equipo sin partidos (admin)',
    },
    removed: messages.deleted,
    get: async (id) => found(await teams.findById(id)),
    create: (body) => knownConfederation(() => teams.insert(body)),
    update: async (id, body) => found(await knownConfederation(() => teams.update(id, body))),
    remove: async (id) => {
      found(await teams.findById(id));
      await deleteUnreferenced(await teams.matchCount(id), () => teams.delete(id), teamMessages.teamHasMatches);
    },
  });
}
