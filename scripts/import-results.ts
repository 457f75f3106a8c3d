// npm run import -- <file|url>: applies an openfootball results file to the
// configured database (DATABASE_URL, else the embedded one under DATA_DIR) and
// prints what changed. Standings of every affected pool move with each result.
import { loadConfig, loadEnvFile } from '#server/config';
import { openPglitePath, openPostgres } from '#server/db/client';
import { readResultsSource } from '#server/modules/results/results-source';
import { createServices } from '#server/services';

async function main() {
  const location = process.argv[2];
  if (!location) {
    console.error('Usage: npm run import -- <file|url>   (an openfootball worldcup.json / football.json file)');
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  // Embedded: refused (after the configured wait) while a server holds the data folder.
  const database =
    config.database.kind === 'postgres'
      ? openPostgres(config.database.url, config.database.poolSize)
      : await openPglitePath(config.database.dataDir, config.database.lockWaitMs);
  try {
    await database.migrate();
    const { resultsImporter } = await createServices({ database, config, log: console });
    const summary = await resultsImporter.importFile(await readResultsSource(location), location);
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
