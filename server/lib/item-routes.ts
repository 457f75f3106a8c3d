import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParamsSchema, MessageResponseSchema } from '#contract/index';
import { ConflictError, isForeignKeyViolation } from './errors.ts';
import type { routeDocs } from './route-docs.ts';

/** What a module's list, `/:id`, create, edit and delete routes differ in: schemas, summaries and the work itself. */
export interface ItemRoutesSpec<Item, Create, Update> {
  /** The plain list, `dataEnvelope(z.array(TeamSchema))`; left out where a module's list is its own (matches). */
  list?: { summary: string; answer: z.ZodType<{ data: Item[] }>; read(): Promise<Item[]> };
  /** The answer holding one item, `dataEnvelope(TeamSchema)`: for the read, the create (201) and the edit. */
  answer: z.ZodType<{ data: Item }>;
  createBody: z.ZodType<Create>;
  updateBody: z.ZodType<Update>;
  summaries: { get: string; create: string; update: string; remove: string };
  /** The answer to a delete: `messages.deleted` unless the module says more. */
  removed: string;
  get(id: number): Promise<Item>;
  create(body: Create): Promise<Item>;
  update(id: number, body: Update, request: FastifyRequest): Promise<Item>;
  remove(id: number): Promise<void>;
}

/**
 * The one rule of the lists an admin keeps (teams, confederations, roles, matches): any signed-in user reads the list
 * and an item, only an admin creates (201), edits or deletes one. Registered in this order, after a module's own list.
 * The casts only name the bodies createBody and updateBody parsed: Fastify's types do not follow the generics.
 */
export function itemRoutes<Item, Create, Update>(
  app: FastifyInstance,
  docs: Pick<ReturnType<typeof routeDocs<[]>>, 'schema'>,
  spec: ItemRoutesSpec<Item, Create, Update>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;
  const { answer, summaries, list } = spec;

  if (list)
    api.get('', {
      onRequest: requireUser,
      schema: docs.schema(list.summary, { 200: list.answer }),
      handler: async () => ({ data: await list.read() }),
    });

  api.get('/:id', {
    onRequest: requireUser,
    schema: docs.schema(summaries.get, { 200: answer }, { params: IdParamsSchema }),
    handler: async (request) => ({ data: await spec.get(request.params.id) }),
  });

  api.post('', {
    onRequest: requireAdmin,
    schema: docs.schema(summaries.create, { 201: answer }, { body: spec.createBody }),
    handler: async (request, reply) => reply.code(201).send({ data: await spec.create(request.body as Create) }),
  });

  api.patch('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(summaries.update, { 200: answer }, { params: IdParamsSchema, body: spec.updateBody }),
    handler: async (request) => ({ data: await spec.update(request.params.id, request.body as Update, request) }),
  });

  api.delete('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(summaries.remove, { 200: MessageResponseSchema }, { params: IdParamsSchema }),
    handler: async (request) => {
      await spec.remove(request.params.id);
      return { message: spec.removed };
    },
  });
}

/**
 * An item is deleted only while nothing refers to it (`references`, counted first, answers the module's `inUse`); one
 * referred to in between still stops the delete through the foreign key, with the same answer.
 */
export async function deleteUnreferenced(references: number, remove: () => Promise<void>, inUse: string): Promise<void> {
  if (references > 0) throw new ConflictError(inUse);
  await remove().catch((error: unknown) => {
    throw isForeignKeyViolation(error) ? new ConflictError(inUse) : error;
  });
}
