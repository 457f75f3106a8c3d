import type { FastifyInstance } from 'fastify';
import type { analyzeStaleTables } from '../db/statistics.ts';

/**
 * Keeps the planner's statistics fresh while the app runs (server/db/statistics.ts): a look every `everySeconds`,
 * one at a time, which analyzes only the tables that changed enough. PGlite never does it by itself; on
 * PostgreSQL it covers autovacuum off or behind, and one instance looks at a time.
 */
export async function statisticsPlugin(
  app: FastifyInstance,
  { refresh, everySeconds }: { refresh: () => ReturnType<typeof analyzeStaleTables>; everySeconds: number },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const look = () => {
    running ??= refresh()
      .then((tables) => {
        if (tables.length > 0) app.log.info({ tables: tables.map((table) => table.name) }, 'planner statistics refreshed');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'planner statistics not refreshed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(look, everySeconds * 1000);
    timer.unref();
  });
  // The database is closed after the app: a look in flight finishes first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
