import { sql, type SQL } from 'drizzle-orm';
import type { Match } from '#contract/index';

/**
 * When a jornada is over, so that it can be won (docs/decisions/061-a-jornada-is-won-when-it-is-over.md), written
 * twice on purpose and nowhere else: `pendingMatches` and `jornadaOver` in TypeScript (the reference) and
 * `matchStatesSql` in SQL (what the rankings and the jornada-result push read). tests/api/jornada-over.test.ts holds
 * the two equal on random matches against a real database.
 *
 * A pool's jornada (its counted matches of one `weekNumber`) is over when one of them is finished and none is
 * pending. A match is pending while it is not finished, unless it is put off:
 * - moved out: its kick-off is more than `MOVED_OUT_HOURS` after the middle kick-off of its competition's matches of
 *   that week (their lower median: a match brought forward does not move it); or
 * - left behind: a match of its competition that kicked off more than `LEFT_BEHIND_HOURS` after it is finished (the
 *   source has moved on without its result: openfootball leaves a postponed match at its old date, without a score).
 * Whether a match is pending depends on its competition's matches only, never on the pool (a pool counts all of a
 * competition's matches of a week, or none), nor on the clock: the answers built on it are cached by data version.
 */

/** Two weeks: a jornada's matches lie within ten days of its middle kick-off in the shipped data (LaLiga's first). */
export const MOVED_OUT_HOURS = 14 * 24;
/** Two days: a result the source has not given while it gives those of later matches. */
export const LEFT_BEHIND_HOURS = 2 * 24;

const HOUR_MS = 3_600_000;

/** What the rule reads of a match. */
export type JornadaMatch = Pick<Match, 'id' | 'competition' | 'weekNumber' | 'status'> & { matchDate: Date };

/** The matches of `all` (every match of their competitions) that hold their jornada open. */
export function pendingMatches(all: readonly JornadaMatch[]): Set<number> {
  const kickoffs = new Map<string, number[]>();
  const lastFinished = new Map<string, number>();
  for (const match of all) {
    const key = `${match.competition}|${match.weekNumber}`;
    const at = match.matchDate.getTime();
    const week = kickoffs.get(key);
    if (week) week.push(at);
    else kickoffs.set(key, [at]);
    if (match.status === 'finished')
      lastFinished.set(match.competition, Math.max(at, lastFinished.get(match.competition) ?? -Infinity));
  }
  // The lower median, as SQL's percentile_disc(0.5): the first kick-off with at least half the week's at or before it.
  const middle = new Map(
    [...kickoffs].map(([key, ats]) => [key, ats.toSorted((a, b) => a - b)[Math.ceil(ats.length / 2) - 1]!]),
  );
  const pending = new Set<number>();
  for (const match of all) {
    if (match.status === 'finished') continue;
    const at = match.matchDate.getTime();
    const movedOut = at > middle.get(`${match.competition}|${match.weekNumber}`)! + MOVED_OUT_HOURS * HOUR_MS;
    const leftBehind = (lastFinished.get(match.competition) ?? -Infinity) > at + LEFT_BEHIND_HOURS * HOUR_MS;
    if (!movedOut && !leftBehind) pending.add(match.id);
  }
  return pending;
}

/** Whether a pool's jornada (its counted matches of one week) is over: one of them finished and none pending. */
export function jornadaOver(
  week: readonly Pick<JornadaMatch, 'id' | 'status'>[],
  pending: ReadonlySet<number>,
): boolean {
  return week.some((match) => match.status === 'finished') && !week.some((match) => pending.has(match.id));
}

/**
 * The SQL twin of `pendingMatches`: every match (`id`, `competition`, `week_number`, `status`, `match_date`) with
 * `pending`, to be used as a CTE; a pool's jornada is over when `bool_or(status = 'finished') and not bool_or(pending)`
 * over its counted matches of the week (`jornadaOverSql`).
 */
export const matchStatesSql: SQL = sql`
  select m.id, m.competition, m.week_number, m.status, m.match_date,
         m.status <> 'finished'
           and m.match_date <= mid.middle + ${MOVED_OUT_HOURS}::int * interval '1 hour'
           and not coalesce(lf.at > m.match_date + ${LEFT_BEHIND_HOURS}::int * interval '1 hour', false) as pending
  from matches m
  join (
    select competition, week_number, percentile_disc(0.5) within group (order by match_date) as middle
    from matches group by competition, week_number
  ) mid on mid.competition = m.competition and mid.week_number = m.week_number
  left join (
    select competition, max(match_date) as at from matches where status = 'finished' group by competition
  ) lf on lf.competition = m.competition`;

/** `jornadaOver` as an aggregate over the rows `states` (an alias of `matchStatesSql`) of one pool's jornada. */
export const jornadaOverSql = (states: SQL): SQL =>
  sql`(bool_or(${states}.status = 'finished') and not bool_or(${states}.pending))`;
