import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig, loadEnvFile } from './config.ts';
import { serveBackups, type BackupSocket } from './db/backup.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openPglitePath, openPostgres, seededPgliteTemplate, type DatabaseHandle } from './db/client.ts';
import { seedFootballData } from './db/seed/seed.ts';
import { listeningText } from './lib/listen-text.ts';
import { ensureAdminAccount } from './modules/accounts/admin-account.ts';

const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

// After each full collection V8 lets the heap grow to up to 4× what survived before collecting again; under the
// 200-user load test that was ~200 MB of garbage on a ~45 MB live heap, and the process's peak. 1.5× holds the PGlite
// server near 350 MB at the same throughput (docs/decisions/021-v8-heap-growing-percent.md). Read at every collection,
// so setting it here works.
v8.setFlagsFromString('--heap-growing-percent=50');
// PGlite's WebAssembly runs on V8's baseline code only: optimising its hot functions held 55-70 MB more at the peak
// of a sign-up burst, and the queries were not faster for it on this 2-core machine
// (docs/decisions/052-start-up-and-memory.md). Read when PGlite's module is compiled, after this line.
v8.setFlagsFromString('--liftoff-only');

/** Process entry: configuration, database (migrate + seed), HTTP server, graceful shutdown. */
async function main() {
  loadEnvFile();
  const config = loadConfig();
  const database: DatabaseHandle =
    config.database.kind === 'postgres'
      ? openPostgres(config.database.url, config.database.poolSize)
      : // With the seed on, a new data directory starts from the seeded copy made at build time.
        await openPglitePath(
          config.database.dataDir,
          config.database.lockWaitMs,
          config.seedData ? seededPgliteTemplate : undefined,
        );

  await database.migrate();
  const app = await buildApp({ config, database });
  // Built once, by the composition root inside buildApp: the seed, the admin account and maintenance use the app's.
  const { services } = app;
  // Embedded: `npm run backup` asks this process for a copy (it holds the folder's lock; docs/operations.md).
  let backups: BackupSocket | null = null;
  if (config.database.kind === 'pglite' && database.backup) {
    backups = await serveBackups(config.database.dataDir, database.backup, (message) => app.log.warn(message));
  }

  if (config.seedData) {
    const summary = await seedFootballData(services);
    app.log.info({ summary }, 'football data ready');
  }
  // Migrations and the seed may have written many rows: the planner gets their statistics before the first request.
  const analyzed = await services.refreshStatistics();
  if (analyzed.length > 0) app.log.info({ tables: analyzed.map((table) => table.name) }, 'planner statistics refreshed');
  if (config.admin) {
    await ensureAdminAccount(services.repositories.users, config.admin);
    app.log.info({ email: config.admin.email }, 'admin account ensured');
  }

  // The demo's pool and bots (npm run demo), before listening: its newcomers' address works from the first request.
  if (services.demo) await services.demo.start();

  const maintenance = setInterval(() => {
    services.maintenance().catch((err: unknown) => app.log.warn({ err }, 'maintenance failed'));
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    // Requests a database that stopped answering holds forever must not keep the process from stopping.
    // (SHUTDOWN_DEADLINE_SECONDS, within the systemd unit's TimeoutStopSec=30: deploy/systemd.)
    setTimeout(() => {
      app.log.error({ signal, seconds: config.shutdownDeadlineMs / 1000 }, 'shutdown deadline passed: stopping with requests still open');
      process.exit(1);
    }, config.shutdownDeadlineMs);
    clearInterval(maintenance);
    // Connections are cut as their in-flight requests are answered (server/lib/drain-connections.ts).
    await app.close();
    await backups?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The loopback address is logged as http://localhost:PORT: passkeys refuse http://127.0.0.1.
  await app.listen({ port: config.port, host: config.host, listenTextResolver: listeningText });
}

main().catch((error: unknown) => {
  // A locked data folder is an operator's situation, not a bug: the message says it all.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
