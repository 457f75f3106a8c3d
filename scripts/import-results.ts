// npm run import -- <file|url>: applies an openfootball results file to the
// configured database (DATABASE_URL, else the embedded one under DATA_DIR) and
// prints what changed. Standings of every affected pool move with each result.
import { loadConfig, loadEnvFile } from '#server/config';
import { openPglitePath, openPostgres } from '#server/db/client';
import { createResultsImporter } from '#server/modules/results/results-importer';
import { readResultsSource } from '#server/modules/results/results-source';

async function main() {
  const location = process.argv[2];
  if (!location) {
    console.error('Usage: npm run import -- <file|url>   (an openfootball worldcup.json / football.json file)');
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  if (config.database.kind === 'pglite' && (await serverIsRunning(config.port))) {
    console.error(
      `A server is running on port ${config.port} with the embedded database, which allows one process at a time.\n` +
        'Stop it first, or use PostgreSQL (DATABASE_URL), or press "Actualizar Resultados" with RESULTS_SOURCE set.',
    );
    process.exit(1);
  }
  const database = config.database.kind === 'postgres' ? openPostgres(config.database.url, config.database.poolSize) : openPglitePath(config.database.dataDir);
  try {
    await database.migrate();
    const importResults = createResultsImporter(database.db, () => new Date());
    const summary = await importResults(await readResultsSource(location), location);
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    await database.close();
  }
}

async function serverIsRunning(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
