import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolCountsMatch, type PoolScope } from '#contract/index';
import { queryRows } from '#server/db/client';
import { poolCountsMatchSql } from '#server/modules/pools/pool-scope';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Which matches a pool counts exists twice: `poolCountsMatchSql` (what the server enforces and pool-scoped queries
 * filter with) and `poolCountsMatch` (contract/pools.ts, what Predecir lists). On every pairing of the pools and
 * matches below, the database must answer as the TypeScript twin.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const poolScopes: PoolScope[] = [
  { competition: null, fromWeek: null },
  { competition: 'laliga-2026-27', fromWeek: 1 },
  { competition: 'laliga-2026-27', fromWeek: 14 },
  { competition: 'worldcup-2026', fromWeek: 5 },
];
const matchRows = ['laliga-2026-27', 'worldcup-2026', 'manual'].flatMap((competition) =>
  [1, 4, 5, 13, 14, 15, 38].map((weekNumber) => ({ competition, weekNumber })),
);

describe('poolCountsMatchSql and poolCountsMatch', () => {
  it('agree on every pool and match', async () => {
    const values = <T,>(rows: T[], row: (r: T, i: number) => ReturnType<typeof sql>) =>
      sql.join(rows.map((r, i) => sql`(${row(r, i)})`), sql`, `);
    const rows = await queryRows<{ pool_index: number; match_index: number; counts: boolean }>(
      t.db,
      sql`
        select p.pool_index, m.match_index, ${poolCountsMatchSql(sql`p`, sql`m`)} as counts
        from (values ${values(poolScopes, (p, i) => sql`${i}::int, ${p.competition}::text, ${p.fromWeek}::int`)})
               p(pool_index, competition, from_week)
        cross join (values ${values(matchRows, (m, i) => sql`${i}::int, ${m.competition}::text, ${m.weekNumber}::int`)})
               m(match_index, competition, week_number)`,
    );
    expect(rows).toHaveLength(poolScopes.length * matchRows.length);
    const disagreements = rows.filter(
      (r) => r.counts !== poolCountsMatch(poolScopes[r.pool_index] as PoolScope, matchRows[r.match_index] as never),
    );
    expect(disagreements).toEqual([]);
    // Not a vacuous agreement: both answers occur.
    expect(new Set(rows.map((r) => r.counts))).toEqual(new Set([true, false]));
  });
});
