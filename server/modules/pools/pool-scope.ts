import { sql, type SQL } from 'drizzle-orm';

/**
 * Which matches a pool counts by its competition: the rule under every pool-scoped query (Predecir, rankings,
 * per-jornada tables, results), through `poolPlaysMatchSql` or `poolPlaysWeekSql` below. `pool` and `match` are the
 * aliases of `pools` and `matches` in the caller's query.
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
 * The jornadas (competition, week) a pool plays by its competition: `poolCountsMatchSql`, but none for a La Quiniela
 * pool, whose jornadas are its boletos (docs/decisions/082-modo-la-quiniela.md). For the queries that go by a
 * competition's jornada (`week` has `competition` and `week_number`, no match) or that read the boletos beside it,
 * under their numbers (the standings' jornadas); every other pool-scoped query goes through `poolPlaysMatchSql`.
 */
export function poolPlaysWeekSql(pool: SQL, week: SQL): SQL {
  return sql`(${pool}.game_mode <> 'laQuiniela' and ${poolCountsMatchSql(pool, week)})`;
}

/**
 * Where match `match` is on La Quiniela pool `pool`'s boletos: the boleto's `number`, or its line (`position`, 1–15);
 * a subquery through the unique index, null when none has it.
 */
export const boletoPlaceSql = (pool: SQL, match: SQL, column: 'number' | 'position'): SQL =>
  sql`(select b.${sql.raw(column)} from boleto_matches b where b.pool_id = ${pool}.id and b.match_id = ${match}.id)`;
const boletoNumberSql = (pool: SQL, match: SQL): SQL => boletoPlaceSql(pool, match, 'number');

/**
 * Which matches a pool plays: the one rule every pool-scoped query of matches goes through (Resultados, the close
 * calendar, the live channel through `playingMatch`, when a pool has started). The matches it counts by its
 * competition (`poolPlaysWeekSql`), or, for a La Quiniela pool, its boletos' matches (boleto_matches, one probe of its
 * unique index). The reminders, which start from the jornadas ahead or over, read a boleto's matches by its number
 * (pool-pushes.repository.ts). `pool` must be a `pools` row, `match` a `matches` row (with `id`).
 */
export function poolPlaysMatchSql(pool: SQL, match: SQL): SQL {
  return sql`(${poolPlaysWeekSql(pool, match)} or (${pool}.game_mode = 'laQuiniela' and ${boletoNumberSql(pool, match)} is not null))`;
}

/**
 * A pool's jornada of a match it plays (`poolPlaysMatchSql`): the match's week, or for a La Quiniela pool the number
 * of its boleto (a pool's jornada is its boleto's number).
 */
export function poolJornadaSql(pool: SQL, match: SQL): SQL {
  return sql`(case when ${pool}.game_mode = 'laQuiniela' then ${boletoNumberSql(pool, match)} else ${match}.week_number end)`;
}

