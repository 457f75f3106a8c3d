// The real server for the benches that time a screen in a browser (lighthouse, main-thread, pool-open).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newStoredSession, type StoredSession } from '../tests/support/first-load.ts';
import { startServer } from '../tests/support/server-process.ts';

/**
 * One build served on a new data folder (named by `prefix`) with the shipped seed data, so screens show the real
 * season, matches and logos; `stored` is a signed-in user's session, `stop` ends the server and removes the folder.
 */
export async function serveSeeded(label: string, env: Record<string, string>, prefix: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DATA: 'true', ...env });
  return {
    label,
    base: server.base,
    stored: await newStoredSession(server.base),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser context's storage with `stored` signed in at `base`, as the app keeps a session. */
export const signedInState = (base: string, stored: StoredSession) => ({
  cookies: [],
  origins: [
    {
      origin: new URL(base).origin,
      localStorage: [
        { name: 'session', value: JSON.stringify(stored.session) },
        { name: 'userProfile', value: JSON.stringify(stored.userProfile) },
      ],
    },
  ],
});
