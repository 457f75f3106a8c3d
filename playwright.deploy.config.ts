import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.ts';

/**
 * The deployment recipe (docs/deploy.md) end to end: tests/deploy/ starts PostgreSQL's fresh database, two
 * instances and nginx itself (deploy/run-local.ts), so there is no webServer here. Bounded: the whole run
 * stops after 170 s.
 */
export default defineConfig({
  testDir: 'tests/deploy',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  globalTimeout: 170_000,
  use: {
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
});
