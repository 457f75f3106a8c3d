import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A plugin every route of which one of `app.guards` admits (a session, an admin), its routes typed by their zod schemas. */
export function guardedApi(app: FastifyInstance, guard: keyof FastifyInstance['guards']) {
  app.addHook('onRequest', app.guards[guard]);
  return app.withTypeProvider<ZodTypeProvider>();
}
