import { TIE_BREAK_ORDERS, type RankingPosition, type TieBreak, type TieBreakCriterion } from '#contract/index';

export interface StandingRow {
  userId: number;
  username: string;
  points: number;
  correctPicks: number;
  /** Jornadas the player won (season.ts `jornadasWon`); 0 when not given. */
  jornadasWon?: number;
  /** Picks that named a finished match's score (scoring.ts `exactPick`); read only for the tie-break that needs it. */
  exactPicks?: number;
  /** Of `points`, those of bonus questions (decision 080); 0 when not given. */
  extra?: number;
}

/** Each criterion of a tie-break (contract/tie-break.ts), as a comparison: below 0 when `a` goes first. */
const byCriterion: Readonly<Record<TieBreakCriterion, (a: StandingRow, b: StandingRow) => number>> = {
  correct: (a, b) => b.correctPicks - a.correctPicks,
  won: (a, b) => (b.jornadasWon ?? 0) - (a.jornadasWon ?? 0),
  exact: (a, b) => (b.exactPicks ?? 0) - (a.exactPicks ?? 0),
  lessExtra: (a, b) => (a.extra ?? 0) - (b.extra ?? 0),
};

const byName = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The one ranking rule (the brief's, with the jornadas it adds: docs/decisions/039-jornada-rankings.md): ordered by
 * points; equal points share a position (1, 1, 3); inside equal points, the pool's tie-break (`rule`, by default more
 * correct picks first, then more jornadas won: docs/decisions/083-the-organisers-tie-break.md), then name (Spanish
 * collation; then id, so the order is total). Every table (general and per jornada) uses it.
 */
export function rankRows<T extends StandingRow>(rows: readonly T[], rule: TieBreak = 'correctPicks'): { position: number; row: T }[] {
  const criteria = TIE_BREAK_ORDERS[rule].map((criterion) => byCriterion[criterion]);
  const sorted = [...rows].sort((a, b) => {
    if (a.points !== b.points) return b.points - a.points;
    for (const compare of criteria) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return byName.compare(a.username, b.username) || a.userId - b.userId;
  });
  let position = 0;
  return sorted.map((row, index) => {
    if (index === 0 || row.points !== sorted[index - 1]?.points) position = index + 1;
    return { position, row };
  });
}

/** `rankRows` as the spec's ranking positions (position, userId, username, points). */
export function rankStandings(rows: readonly StandingRow[]): RankingPosition[] {
  return rankRows(rows).map(({ position, row }) => ({ position, userId: row.userId, username: row.username, points: row.points }));
}

/**
 * Competition positions by points alone (1 + how many have more), which is what `rankRows` gives each row: the
 * tie-break orders rows inside a position, never moves one.
 */
export function positionsByPoints(points: ReadonlyMap<number, number>): Map<number, number> {
  const sorted = [...points.values()].sort((a, b) => b - a);
  const firstIndex = new Map<number, number>();
  sorted.forEach((value, index) => {
    if (!firstIndex.has(value)) firstIndex.set(value, index);
  });
  return new Map([...points].map(([userId, value]) => [userId, firstIndex.get(value)! + 1]));
}
