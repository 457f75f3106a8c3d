// Writes the embedded database a first start begins from (docs/decisions/052-start-up-and-memory.md): a new PGlite
// database, migrated and filled with the shipped football data, in a data directory of its own. scripts/build-server.mjs
// compiles this next to the server and runs it once per build, so it finds the same migrations and data files:
//   node dist/server/make-pglite-template.mjs <new directory>
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openPglite, PGLITE_SETTINGS, queryRows } from '#server/db/client';
import { seedFootballData } from '#server/db/seed/seed';
import { createServices } from '#server/services';

const out = process.argv[2];
if (!out) throw new Error('usage: make-pglite-template <new directory>');

const client = await PGlite.create(out, {
  initDbStartParams: PGLITE_SETTINGS,
  startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
});
const database = openPglite(client);
await database.migrate();
const services = await createServices({ database, config: loadConfig({}), log: console });
await seedFootballData(services);
// Every installation starts from this copy: it must hold public football data only, never an account, a session or
// a key (the VAPID pair is made by each installation on its first start).
const [held] = await queryRows<{ users: number; settings: number }>(
  database.db,
  sql`select (select count(*) from users)::int as users,
             (select count(*) from app_settings where key not like 'data-version:%')::int as settings`,
);
if (held?.users !== 0 || held.settings !== 0)
  throw new Error(`the template holds private rows: ${JSON.stringify(held)}`);
await client.close();
