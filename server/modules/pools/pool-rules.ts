import { sql, type SQL } from 'drizzle-orm';
import { messages, tieBreakFits, tieBreakMessages, type GameMode, type TieBreak } from '#contract/index';
import { BadRequestError, ConflictError } from '../../lib/errors.ts';
import type { PoolsRepository } from './pools.repository.ts';

/**
 * A pool's rules are fixed once it has started: from the first kick-off of a match it counts after its creation
 * (the server's clock; `startsAt`) the creator can no longer change them. The one freeze rule, for every part of the rules `PUT /api/pools/{id}/rules`
 * carries.
 */
export async function assertRulesOpen(pools: Pick<PoolsRepository, 'hasStarted'>, poolId: number, now: Date): Promise<void> {
  if (await pools.hasStarted(poolId, now)) throw new ConflictError(messages.rulesFrozen);
}

/** The tie-break by exact scores only where picks are scores (docs/decisions/083-the-organisers-tie-break.md): a 400. */
export function assertTieBreakFits(rule: TieBreak, mode: GameMode): void {
  if (!tieBreakFits(rule, mode)) throw new BadRequestError(tieBreakMessages.exactNeedsScores);
}

/**
 * When picks of match `match` close in pool `pool` (aliases in the caller's query): `close_minutes_before` before its
 * stored kick-off. The SQL twin of the contract's `pickDeadline`; tests/api/pool-options.test.ts holds them equal.
 */
export function pickDeadlineSql(pool: SQL, match: SQL): SQL {
  return sql`(${match}.match_date - make_interval(mins => ${pool}.close_minutes_before))`;
}
