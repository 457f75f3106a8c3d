import type { RankingPosition } from '#contract/index';

export interface StandingRow {
  userId: number;
  username: string;
  points: number;
  correctPicks: number;
  /** Jornadas the player won (season.ts `jornadasWon`); 0 when not given. */
  jornadasWon?: number;
}

const byName = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The one ranking rule (the brief's, with the jornadas it adds: docs/decisions/039-jornada-rankings.md): ordered by
 * points; equal points share a position (1, 1, 3); inside equal points, more correct picks first, then more jornadas
 * won, then name (Spanish collation; then id, so the order is total). Every table (general and per jornada) uses it.
 */
export function rankRows<T extends StandingRow>(rows: readonly T[]): { position: number; row: T }[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b.points - a.points ||
      b.correctPicks - a.correctPicks ||
      (b.jornadasWon ?? 0) - (a.jornadasWon ?? 0) ||
      byName.compare(a.username, b.username) ||
      a.userId - b.userId,
  );
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
