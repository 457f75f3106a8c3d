import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ResultsSource } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

/** The `app_settings` row of an admin's choice; without it, RESULTS_SOURCE applies. */
export const RESULTS_SOURCE_KEY = 'results_source';

const StoredSchema = z.object({ url: z.string().nullable(), setBy: z.number().int().nullable(), setAt: z.string() });

const kindOf = (location: string): 'file' | 'url' => (/^https?:\/\//i.test(location) ? 'url' : 'file');

/**
 * Where results are read from now: an admin's choice stored in the database (a public URL, or none) wins over
 * RESULTS_SOURCE (a file or URL the server's operator named), which applies while no admin has chosen. Read at
 * every pull, so a change reaches every instance at its next pull, without a restart
 * (docs/decisions/032-the-results-source-is-a-setting.md).
 */
export function createResultsSourceSetting(db: Database, envSource: string | null) {
  const fromEnv = (): ResultsSource =>
    envSource === null
      ? { kind: 'none', location: null, setBy: null, setAt: null, envLocation: null }
      : { kind: kindOf(envSource), location: envSource, setBy: 'env', setAt: null, envLocation: envSource };

  return {
    async current(): Promise<ResultsSource> {
      const [row] = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, RESULTS_SOURCE_KEY));
      if (!row) return fromEnv();
      const stored = StoredSchema.parse(JSON.parse(row.value));
      return {
        kind: stored.url === null ? 'none' : 'url',
        location: stored.url,
        setBy: 'admin',
        setAt: stored.setAt,
        envLocation: envSource,
      };
    },
    /** An admin's choice: a URL they checked already, or null for none. */
    async save(url: string | null, setBy: number, now: Date): Promise<void> {
      const value = JSON.stringify({ url, setBy, setAt: now.toISOString() });
      await db
        .insert(appSettings)
        .values({ key: RESULTS_SOURCE_KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    },
    /** Forgets the admin's choice: RESULTS_SOURCE applies again. */
    async forget(): Promise<void> {
      await db.delete(appSettings).where(eq(appSettings.key, RESULTS_SOURCE_KEY));
    },
  };
}

export type ResultsSourceSetting = ReturnType<typeof createResultsSourceSetting>;
