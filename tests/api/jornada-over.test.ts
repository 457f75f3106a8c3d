import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchStatus, Pool, SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import { matches } from '#server/db/schema';
import {
  jornadaOver,
  LEFT_BEHIND_HOURS,
  matchStatesSql,
  MOVED_OUT_HOURS,
  pendingMatches,
  type JornadaMatch,
} from '#server/modules/leaderboard/jornada-over';
import { createStandingsRepository } from '#server/modules/leaderboard/standings.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * When a jornada is over (docs/decisions/061-a-jornada-is-won-when-it-is-over.md) is written twice, `pendingMatches`
 * and `jornadaOver` (TypeScript, the reference) and `matchStatesSql` (SQL, what rankings and the jornada-result push
 * read): on random matches of two competitions (kick-offs around the edges of both put-off rules), the database
 * must tell the pending matches and the jornadas that are over exactly as the reference.
 */
let t: TestApp;
let admin: SignInResponse;
let pool: Pool;
let rows: { id: number; competition: string }[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  const owner = await t.createUser();
  // The spec's body: the pool counts every match, so each week is a jornada of both competitions.
  pool = await t.api.pool(owner);
  rows = [];
  for (const competition of ['uno', 'dos']) {
    for (let i = 0; i < 6; i++) rows.push(await t.api.match(admin, { competition, weekNumber: 1 }));
  }
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const base = Date.parse('2026-10-01T12:00:00Z');
/** Kick-offs in hours from `base`, often right at or beside the rules' edges. */
const offset = fc.oneof(
  fc.integer({ min: -400, max: 400 }),
  fc.constantFrom(
    0,
    100,
    MOVED_OUT_HOURS,
    MOVED_OUT_HOURS + 1,
    MOVED_OUT_HOURS + 100,
    MOVED_OUT_HOURS + 101,
    LEFT_BEHIND_HOURS,
    LEFT_BEHIND_HOURS + 1,
    -LEFT_BEHIND_HOURS - 1,
  ),
);
const match = fc.record({
  weekNumber: fc.integer({ min: 1, max: 2 }),
  status: fc.constantFrom<MatchStatus>('scheduled', 'live', 'finished', 'finished'),
  hours: offset,
});

describe('the rule of when a jornada is over', () => {
  it('is the same in SQL as in TypeScript, match by match and jornada by jornada (property)', async () => {
    const standings = createStandingsRepository(t.db);
    await fc.assert(
      fc.asyncProperty(fc.array(match, { minLength: rows.length, maxLength: rows.length }), async (drawn) => {
        const all: JornadaMatch[] = rows.map((row, i) => ({
          id: row.id,
          competition: row.competition,
          weekNumber: drawn[i]!.weekNumber,
          status: drawn[i]!.status,
          matchDate: new Date(base + drawn[i]!.hours * HOUR),
        }));
        // Set directly: the rule under test reads the matches, whatever wrote them.
        for (const m of all) {
          const finished = m.status === 'finished';
          await t.db
            .update(matches)
            .set({
              weekNumber: m.weekNumber,
              status: m.status,
              matchDate: m.matchDate,
              scoreHome: finished ? 1 : null,
              scoreAway: finished ? 0 : null,
            })
            .where(eq(matches.id, m.id));
        }
        const pending = pendingMatches(all);
        const stored = await queryRows<{ id: number; pending: boolean }>(
          t.db,
          sql`select s.id, s.pending from (${matchStatesSql}) s where s.id in (${sql.join(
            all.map((m) => sql`${m.id}`),
            sql`, `,
          )})`,
        );
        expect(Object.fromEntries(stored.map((r) => [Number(r.id), r.pending]))).toEqual(
          Object.fromEntries(all.map((m) => [m.id, pending.has(m.id)])),
        );

        const states = await standings.jornadaStates(pool.id);
        for (const weekNumber of [1, 2]) {
          const week = all.filter((m) => m.weekNumber === weekNumber);
          const expected =
            week.length === 0
              ? undefined
              : { over: jornadaOver(week, pending), pending: week.filter((m) => pending.has(m.id)).length };
          expect(states.get(weekNumber)).toEqual(expected);
        }
      }),
      { numRuns: 100 },
    );
    // Left as they were made: still to come, without a result.
    await t.db
      .update(matches)
      .set({ status: 'scheduled', scoreHome: null, scoreAway: null })
      .where(
        inArray(
          matches.id,
          rows.map((r) => r.id),
        ),
      );
  }, 120_000);
});
