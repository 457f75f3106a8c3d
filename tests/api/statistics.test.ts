import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * The planner's statistics are always there (server/db/statistics.ts, docs/decisions/062): PGlite never analyzes by
 * itself, and without statistics a 10,000-member pool's ranking went quadratic. On both databases: the stale tables
 * are analyzed and only those, and the app's own timer does it while it runs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const ROWS = 2_000;

/** What the planner believes of `table`: its row estimate (-1: never analyzed). */
async function statisticsOf(table: string) {
  const [row] = await queryRows<{ estimate: number }>(
    t.db,
    sql`select reltuples::float8 as estimate from pg_class where relname = ${table} and relnamespace = current_schema()::regnamespace`,
  );
  return row!;
}

/** The planner's estimate of the rows a query returns (EXPLAIN's top line). */
async function estimatedRows(query: string): Promise<number> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(t.db, sql.raw(`explain ${query}`));
  return Number(/rows=(\d+)/.exec(rows[0]!['QUERY PLAN'])?.[1]);
}

/** `ROWS` users and a pool all of them joined, written straight in the database, as a busy season would. */
async function fill(): Promise<number> {
  await t.db.execute(sql`insert into roles (name) values ('user') on conflict do nothing`);
  await t.db.execute(sql`
    insert into users (name, email, password_hash, role_id)
    select 'Estadística ' || i, 'estadistica' || i || '@example.com', 'x', (select id from roles where name = 'user')
    from generate_series(1, ${ROWS}) i`);
  const [pool] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into pools (name, max_participants, participant_count, invitation_code, creator_id)
        values ('Estadísticas', 1000, 0, 654321, (select min(id) from users)) returning id`,
  );
  await t.db.execute(sql`
    insert into standings (pool_id, user_id) select ${pool!.id}, id from users where email like 'estadistica%'`);
  return pool!.id;
}

describe('the planner statistics', () => {
  it('are refreshed for the tables that changed enough, and only those; the planner then knows a pool’s size', async () => {
    const poolId = await fill();
    const query = `select * from standings where pool_id = ${poolId}`;
    // PostgreSQL's sessions report what they wrote within seconds (PGlite's at once): looked at until they have.
    const refreshed = new Map<string, number>();
    for (let waited = 0; !(refreshed.has('standings') && refreshed.has('users')) && waited < 20_000; waited += 250) {
      for (const table of await t.app.services.refreshStatistics()) refreshed.set(table.name, table.changed);
      if (!(refreshed.has('standings') && refreshed.has('users'))) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(refreshed.get('standings')).toBeGreaterThanOrEqual(ROWS);
    expect(refreshed.get('users')).toBeGreaterThanOrEqual(ROWS);
    expect((await statisticsOf('standings')).estimate).toBe(ROWS);
    // Within a factor of 2 of the truth, not the 1 row a planner without statistics assumes.
    expect(await estimatedRows(query)).toBeGreaterThan(ROWS / 2);
    // Nothing changed since: they are not analyzed again.
    expect((await t.app.services.refreshStatistics()).map((table) => table.name)).not.toContain('standings');
  });

  it('are refreshed by the app itself while it runs (STATISTICS_CHECK_SECONDS), as users write', async () => {
    const running = await createTestApp({ env: { STATISTICS_CHECK_SECONDS: '1' } });
    try {
      await running.db.execute(sql`
        insert into teams (name) select 'Equipo estadístico ' || i from generate_series(1, ${ROWS}) i`);
      const teams = async () =>
        (await queryRows<{ estimate: number }>(running.db, sql`select reltuples::float8 as estimate from pg_class where relname = 'teams'`))[0]!.estimate;
      let estimate = await teams();
      for (let waited = 0; estimate < ROWS && waited < 25_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        estimate = await teams();
      }
      expect(estimate).toBe(ROWS);
    } finally {
      await running.close();
    }
  }, 60_000);
});
