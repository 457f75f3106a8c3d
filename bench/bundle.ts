// First-load JavaScript per route (gzip), measured the way the budget test
// measures it (tests/support/first-load.ts): the built app is served, Chromium
// opens each route cold and the scripts it fetched are weighed.
//   npm run build && npm run bench:bundle
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { formatKb, measureFirstLoad, newStoredSession, routeBudgets } from '../tests/support/first-load.ts';
import { startServer } from '../tests/support/server-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quiniela-bundle-'));
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const stored = await newStoredSession(server.base);
  console.log('| route | scripts | raw | gzip | budget (gzip) |');
  console.log('|---|---|---|---|---|');
  for (const budget of routeBudgets) {
    const load = await measureFirstLoad(browser, server.base, budget, budget.signedIn ? stored : undefined);
    console.log(
      `| ${load.route} | ${load.files.length} | ${formatKb(load.rawKb)} kB | ${formatKb(load.gzipKb)} kB | ${budget.budgetKb} kB |`,
    );
  }
  console.log('Baseline (the original app, measured by the team): 1,030 kB raw, 259 kB gzip in one chunk.');
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
