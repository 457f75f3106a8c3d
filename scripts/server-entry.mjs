// The compiled server (scripts/build-server.mjs writes it): what `npm start`, the tests, the benchmarks and the
// deployment run, so no TypeScript is transpiled at start-up or on the request path.
export const serverEntry = 'dist/server/main.mjs';

/**
 * V8's young generation (semi-space size, MB) per database, each chosen from a measurement
 * (docs/decisions/072-the-young-generation-per-database.md): the embedded server is held to 4 MB, which keeps it under
 * 300 MB through the 200-user load test (decision 055); on PostgreSQL 16 MB would halve the time in the garbage
 * collector at no more memory, but it widens a window in which a stopping instance resets a write nginx cannot
 * resend, so it stays at 4 MB until the drain closes that window. A heap size is read when the process starts, so it
 * is a flag here, not in server/main.ts.
 */
export const semiSpaceMb = { pglite: 4, postgres: 4 };

/** The database a server started with `env` runs on: PostgreSQL when DATABASE_URL is set (server/config.ts). */
export const databaseOf = (env) => (env.DATABASE_URL ? 'postgres' : 'pglite');

/**
 * Node's arguments to run it on `database`: the source map makes stack traces name the TypeScript sources. `npm start`
 * (the embedded database) and the systemd unit (PostgreSQL) spell the same arguments (scripts/server-entry.test.ts).
 */
export const serverNodeArgsFor = (database) => ['--enable-source-maps', `--max-semi-space-size=${semiSpaceMb[database]}`, serverEntry];

/** The embedded server's: `npm start`, the demo, and whatever runs without DATABASE_URL. */
export const serverNodeArgs = serverNodeArgsFor('pglite');
