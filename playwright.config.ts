import { defineConfig } from '@playwright/test';
import { serverNodeArgs } from './scripts/server-entry.mjs';
import { e2eAdmin } from './tests/e2e/admin-account.ts';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.ts';
import { e2ePushTls } from './tests/support/push-service.ts';
import { e2eSmtpPort } from './tests/support/smtp-server-api.ts';

// A port per run (inherited by the workers through the environment), so two runs on one
// machine never collide; E2E_PORT pins it.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

/**
 * Browser tests against the real server, which serves the built web app from
 * dist/web (build it first: `npm run test:e2e` does). Debian's Chromium is
 * used, so no browser download is needed.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  retries: 0,
  // Assertions wait for the app, never on a clock: a longer wait costs nothing when the app is quick, and keeps a
  // busy 2-core machine (CI) from failing a test that would pass a moment later.
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  webServer: {
    // A fresh embedded database per run, so every run starts from the shipped seed data.
    command: `rm -rf .e2e-data/${port} && node ${serverNodeArgs.join(' ')}`,
    env: {
      PORT: String(port),
      DATA_DIR: `.e2e-data/${port}`,
      LOG_LEVEL: 'warn',
      // Tests enter matches and results as this admin, through the API.
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      // The server trusts the run's certificate for 127.0.0.1, so the pushes it sends reach a test's own https push
      // service (tests/support/push-service.ts), and ticks often enough for a test to wait for one.
      NODE_EXTRA_CA_CERTS: e2ePushTls(port).cert,
      // The tests' push services listen on 127.0.0.1, which the server otherwise refuses to push to.
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      REMINDERS_POLL_SECONDS: '2',
      // The tests sign up and in from one address, a page of players at a time where a test needs one (the bonus
      // questions' answers by name), as the API tests' servers do (tests/support/server-process.ts).
      AUTH_IP_MAX_PER_MINUTE: '100000',
      // The server sends e-mail to the run's own SMTP server on 127.0.0.1, which a test starts on this port when it
      // reads the mail (tests/support/smtp-server.ts); meanwhile nothing listens there and mail waits in the outbox.
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(port)}`,
      MAIL_FROM: 'Quiniela <quiniela@example.org>',
    },
    url: `${baseURL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
