import { sql, type SQL } from 'drizzle-orm';

/**
 * Which matches a pool counts: the one rule every pool-scoped query (Predecir, rankings, per-jornada tables,
 * results) goes through. `pool` and `match` are the aliases of `pools` and `matches` in the caller's query.
 * A pool counts its competition's matches from its first round (`from_week`) on; a pool without a competition
 * (created before pools had one) counts every match (docs/decisions/036-a-pool-belongs-to-a-competition.md).
 * Its TypeScript twin is `poolCountsMatch` (contract/pools.ts); tests/api/pool-scope.test.ts holds them equal.
 *
 * `POST /api/predictions` refuses a pick of a match its pool does not count, so a pool's predictions are always
 * of matches it counts: the stored standings and the per-round ranking, which read the pool's predictions, need
 * no filter of their own.
 */
export function poolCountsMatchSql(pool: SQL, match: SQL): SQL {
  return sql`(${pool}.competition is null or (${match}.competition = ${pool}.competition and ${match}.week_number >= ${pool}.from_week))`;
}

/**
 * The matches a pool plays by its competition: `poolCountsMatchSql`, but none for a La Quiniela pool, whose matches
 * are its boletos' (boleto_matches), which the pick admission, its standings and its jornadas read themselves
 * (docs/decisions/082-modo-la-quiniela.md). What every pool-scoped query goes through; `pool` must be a `pools` row.
 */
export function poolPlaysMatchSql(pool: SQL, match: SQL): SQL {
  return sql`(${pool}.game_mode <> 'laQuiniela' and ${poolCountsMatchSql(pool, match)})`;
}
