import { inArray, sql } from 'drizzle-orm';
import { TOPICS, USER_PREFIX, versionKeyOf, type ReadVersions } from '../lib/data-versions.ts';
import type { Database } from './client.ts';
import { appSettings, userDataVersions } from './schema.ts';

/**
 * The database's side of the data versions (server/lib/data-versions.ts): the topics' tokens in `app_settings` and
 * the users' versions in `user_data_versions`, which the triggers of migrations 0011 and 0020 move, in one read.
 * Built once and prepared by name: this read runs for nearly every request on PostgreSQL, so neither Drizzle nor the
 * database should parse or plan it again each time. The versions of the users whose requests wait for it come in the
 * same read.
 */
export function dataVersionsRead(db: Database): ReadVersions {
  const readVersions = db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, TOPICS.map(versionKeyOf)))
    .unionAll(
      db
        .select({
          key: sql<string>`${USER_PREFIX} || ${userDataVersions.userId}`,
          value: sql<string>`${userDataVersions.version}::text`,
        })
        .from(userDataVersions)
        .where(sql`${userDataVersions.userId} = any(${sql.placeholder('users')}::int[])`),
    )
    .prepare('data_versions');
  return (users) => readVersions.execute({ users });
}
