import { sql, type SQL } from 'drizzle-orm';
import { PLENO_M, PLENO_POSITION, plenoBucket, type PredictionChoice } from '#contract/index';
import { matchColumns, matchOutcome, outcomeSql, type MatchResult } from './scoring.ts';

/**
 * The rule of a La Quiniela boleto (docs/decisions/082-modo-la-quiniela.md), written twice on purpose and nowhere
 * else, as `scorePick`/`pickScoreSql` are for the other games: `scoreBoleto` in TypeScript (the reference) and
 * `boletoScoresSql` in SQL (what the boleto standings are made of). tests/api/la-quiniela-scoring.test.ts holds the two
 * equal on random boletos, picks and results, and both against a third reference written in the test.
 *
 * One acierto per right sign (1X2) on matches 1–14; the Pleno al 15 (each team's goals as 0, 1, 2 or M, 3 or more)
 * adds one only when both its buckets are right and the 14 signs are all right, as in the real game. A match counts
 * once it is finished. The Pleno depends on the other 14, so the rule is of the whole boleto, not of a pick.
 */

/** One line of a player's boleto: its position (1–15), the pick (null without one) and the match's result. */
export interface BoletoLine {
  position: number;
  pick: { prediction: PredictionChoice; scoreHome: number | null; scoreAway: number | null } | null;
  match: MatchResult;
}

/** What a boleto scores: right signs on 1–14, whether the Pleno's two buckets are right, and the aciertos. */
export interface BoletoScore {
  signs: number;
  pleno: boolean;
  aciertos: number;
}

/** Whether a line's pick is right as its match stands (null: no pick, or the match not finished): its sign, or both buckets on the Pleno. */
function lineRight({ position, pick, match }: BoletoLine): boolean | null {
  const outcome = matchOutcome(match);
  if (pick === null || outcome === null) return null;
  if (position < PLENO_POSITION) return pick.prediction === outcome;
  return pick.scoreHome === plenoBucket(match.scoreHome!) && pick.scoreAway === plenoBucket(match.scoreAway!);
}

/** The reference: what a player's boleto scores as its results stand. */
export function scoreBoleto(lines: readonly BoletoLine[]): BoletoScore {
  let signs = 0;
  let pleno = false;
  for (const line of lines) {
    const right = lineRight(line) === true;
    if (line.position < PLENO_POSITION) signs += right ? 1 : 0;
    else pleno = right;
  }
  return { signs, pleno, aciertos: signs + (signs === PLENO_POSITION - 1 && pleno ? 1 : 0) };
}

/**
 * What each line of a player's boleto adds to its aciertos (`scoreBoleto`), by position: 1 or 0 for a picked line
 * whose match is finished (the Pleno 1 only with the 14 right), no entry for the others. Resultados' aciertos.
 */
export function boletoLineAciertos(lines: readonly BoletoLine[]): Map<number, number> {
  const withPleno = scoreBoleto(lines).aciertos === PLENO_POSITION;
  const added = new Map<number, number>();
  for (const line of lines) {
    const right = lineRight(line);
    if (right !== null) added.set(line.position, right && (line.position < PLENO_POSITION || withPleno) ? 1 : 0);
  }
  return added;
}

/**
 * The SQL definition, the same rule as `scoreBoleto`: every participant's score on every boleto `where` selects
 * (a condition on the boleto rows `b`), as rows `pool_id`, `week_number` (the boleto's number), `user_id`, `signs`,
 * `pleno` and `aciertos`; a participant without a pick on the boleto has no row (0 aciertos).
 */
export function boletoScoresSql(where: SQL): SQL {
  const m = matchColumns('m');
  const finished = sql`${outcomeSql(m)} is not null`;
  return sql`
    select s.pool_id, s.week_number, s.user_id, s.signs, s.pleno,
           s.signs + case when s.signs = ${PLENO_POSITION - 1}::int and s.pleno then 1 else 0 end as aciertos
    from (
      select b.pool_id, b.number as week_number, p.user_id,
             (count(*) filter (where b.position < ${PLENO_POSITION}::int and p.prediction = ${outcomeSql(m)}))::int as signs,
             coalesce(bool_or(b.position = ${PLENO_POSITION}::int and ${finished}
               and p.score_home = least(m.score_home, ${PLENO_M}::int) and p.score_away = least(m.score_away, ${PLENO_M}::int)), false) as pleno
      from boleto_matches b
      join predictions p on p.pool_id = b.pool_id and p.match_id = b.match_id
      join pool_participants pp on pp.pool_id = p.pool_id and pp.user_id = p.user_id
      join matches m on m.id = b.match_id
      where ${where}
      group by b.pool_id, b.number, p.user_id
    ) s`;
}
