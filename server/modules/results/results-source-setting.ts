import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { OPENFOOTBALL_PRESET, type ResultsSource } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

/** The `app_settings` row of an admin's choice; without it, RESULTS_SOURCE applies. */
export const RESULTS_SOURCE_KEY = 'results_source';

/** The public openfootball files of the competitions the app ships, under OPENFOOTBALL_BASE_URL. */
const OPENFOOTBALL_FILES = ['football.json/master/2026-27/es.1.json', 'worldcup.json/master/2026/worldcup.json'];

const StoredSchema = z.object({
  url: z.string().nullable(),
  preset: z.literal(OPENFOOTBALL_PRESET).optional(),
  setBy: z.number().int().nullable(),
  setAt: z.string(),
});

/** What an admin may choose: the ready choice, a URL they checked already, or null for none. */
export type SourceChoice = { preset: typeof OPENFOOTBALL_PRESET } | { url: string | null };

/**
 * Where results are read from now: an admin's choice stored in the database (openfootball's public files, a public
 * URL, or none) wins over RESULTS_SOURCE (`openfootball`, or a file or URL the server's operator named), which applies
 * while no admin has chosen. Read at every pull, so a change reaches every instance at its next pull, without a
 * restart (docs/decisions/032-the-results-source-is-a-setting.md, 065).
 */
export function createResultsSourceSetting(db: Database, envSource: string | null, openfootballBaseUrl: string) {
  const openfootballFiles = OPENFOOTBALL_FILES.map((file) => `${openfootballBaseUrl.replace(/\/+$/, '')}/${file}`);
  const located = (location: string | null): Pick<ResultsSource, 'kind' | 'location' | 'files'> => {
    if (location === null) return { kind: 'none', location: null, files: [] };
    if (location === OPENFOOTBALL_PRESET) return { kind: 'openfootball', location, files: openfootballFiles };
    return { kind: /^https?:\/\//i.test(location) ? 'url' : 'file', location, files: [location] };
  };

  return {
    async current(): Promise<ResultsSource> {
      const [row] = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, RESULTS_SOURCE_KEY));
      if (!row) return { ...located(envSource), setBy: envSource === null ? null : 'env', setAt: null, envLocation: envSource };
      const stored = StoredSchema.parse(JSON.parse(row.value));
      return { ...located(stored.preset ?? stored.url), setBy: 'admin', setAt: stored.setAt, envLocation: envSource };
    },
    async save(choice: SourceChoice, setBy: number, now: Date): Promise<void> {
      const value = JSON.stringify({
        url: 'url' in choice ? choice.url : null,
        ...('preset' in choice ? { preset: choice.preset } : {}),
        setBy,
        setAt: now.toISOString(),
      });
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
