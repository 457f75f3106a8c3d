import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import { SENT_REMINDER_RETENTION_MS } from '#server/maintenance';
import { createSessionsRepository } from '#server/modules/accounts/sessions.repository';
import { testAppPerFile } from '#tests/support/test-app';

/** The periodic sweep drops what nothing reads any more, and nothing still in use. */
const now = new Date('2099-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const t = testAppPerFile({ clock: () => now });
let user: SignInResponse;
let other: SignInResponse;
let matchId: number;

beforeAll(async () => {
  const admin = await t.createUser({ role: 'admin' });
  user = await t.createUser();
  other = await t.createUser();
  matchId = (await t.api.match(admin, { weekNumber: 1, matchDate: ago(40 * 24 * 60 * MINUTE) })).id;
});

const keys = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ k: string }>(t.db, query)).map((r) => r.k).sort();

describe('maintenance', () => {
  it('drops expired sessions and challenges, finished rate-limit windows and reminders sent over 30 days ago', async () => {
    await createSessionsRepository(t.db).create(user.userProfile.id, new Date(now.getTime() - 1));
    await t.db.execute(sql`insert into webauthn_challenges (challenge, purpose, expires_at)
      values ('caducado', 'authentication', ${ago(1)}), ('vigente', 'authentication', ${ago(-MINUTE)})`);
    const longestWindow = Math.max(...Object.values(t.config.rateLimits).map((l) => l.windowMs));
    await t.db.execute(sql`insert into rate_limit_counters (key, window_start, count)
      values ('acabado', ${ago(longestWindow + MINUTE)}, 3), ('abierto', ${ago(longestWindow - MINUTE)}, 3)`);
    await t.db.execute(sql`insert into match_reminders (user_id, match_id, slot, minutes_before, sent_at) values
      (${user.userProfile.id}, ${matchId}, 1, 60, ${ago(SENT_REMINDER_RETENTION_MS + MINUTE)}),
      (${user.userProfile.id}, ${matchId}, 2, 0, ${ago(SENT_REMINDER_RETENTION_MS - MINUTE)}),
      (${other.userProfile.id}, ${matchId}, 1, 60, null)`);

    // The app's own sweep: its clock is `now`.
    await t.app.services.maintenance();

    expect(
      await keys(
        sql`select user_id || '' as k from sessions where user_id in (${user.userProfile.id}, ${other.userProfile.id})`,
      ),
    ).toEqual([user.userProfile.id, other.userProfile.id].map(String).sort());
    expect(await keys(sql`select challenge as k from webauthn_challenges`)).toEqual(['vigente']);
    expect(await keys(sql`select key as k from rate_limit_counters where key in ('acabado', 'abierto')`)).toEqual([
      'abierto',
    ]);
    expect(await keys(sql`select user_id || ':' || slot as k from match_reminders`)).toEqual(
      [`${user.userProfile.id}:2`, `${other.userProfile.id}:1`].sort(),
    );
  });
});
