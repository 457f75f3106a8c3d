import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool, SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import { dataVersions } from '#server/lib/data-versions';
import { createSessionsRepository } from '#server/modules/accounts/sessions.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The database replaces a data version itself (migrations 0007, 0008) only when rows changed, and only the
 * topic they belong to: an idle sweep or a statement that touches nothing keeps every instance's caches warm.
 * The writes here go straight to the database, so any change of version is the triggers' doing.
 */
let t: TestApp;
let owner: SignInResponse;
let pool: Pool;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  pool = await t.api.pool(owner, { name: 'Versiones' });
});
afterAll(() => t.close());

/** What every instance reads (the tokens) and what this one's caches are keyed by (the counters, on PostgreSQL). */
async function versions() {
  const rows = await queryRows<{ key: string; value: string }>(
    t.db,
    sql`select key, value from app_settings where key like 'data-version:%' order by key`,
  );
  await dataVersions(t.db).catchUp();
  return {
    tokens: Object.fromEntries(rows.map((r) => [r.key, r.value])),
    cached: { accounts: dataVersions(t.db).version('accounts'), standings: dataVersions(t.db).version('standings') },
  };
}

describe('data versions replaced by the database', () => {
  it('stay as they are after a sweep with nothing expired and after statements that change no row', async () => {
    const before = await versions();
    await createSessionsRepository(t.db).deleteExpired(new Date());
    await t.db.execute(sql`update users set name = name where id = -1`);
    await t.db.execute(sql`delete from roles where id = -1`);
    await t.db.execute(sql`update pools set name = name where id = -1`);
    await t.db.execute(sql`delete from pool_participants where pool_id = -1`);
    expect(await versions()).toEqual(before);
  });

  it('stay as they are when the sweep deletes sessions already expired', async () => {
    const user = await t.createUser();
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 hour' where user_id = ${user.userProfile.id}`,
    );
    const before = await versions();
    await createSessionsRepository(t.db).deleteExpired(new Date());
    expect(await queryRows(t.db, sql`select 1 from sessions where user_id = ${user.userProfile.id}`)).toEqual([]);
    expect(await versions()).toEqual(before);
  });

  it('replace the accounts version, and only it, when a live session ends', async () => {
    const user = await t.createUser();
    const before = await versions();
    await createSessionsRepository(t.db).revoke(user.session.accessToken);
    const after = await versions();
    expect(after.tokens['data-version:accounts']).not.toBe(before.tokens['data-version:accounts']);
    expect(after.tokens['data-version:standings']).toBe(before.tokens['data-version:standings']);
  });

  it('replace the standings version, and only it, when a membership changes', async () => {
    const player = await t.createUser();
    await t.db.execute(
      sql`insert into pool_participants (pool_id, user_id) values (${pool.id}, ${player.userProfile.id})`,
    );
    const before = await versions();
    await t.db.execute(
      sql`delete from pool_participants where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`,
    );
    const after = await versions();
    expect(after.tokens['data-version:standings']).not.toBe(before.tokens['data-version:standings']);
    expect(after.tokens['data-version:accounts']).toBe(before.tokens['data-version:accounts']);
  });
});
