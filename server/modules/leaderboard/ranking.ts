import type { RankingPosition } from '#contract/index';

export interface StandingRow {
  userId: number;
  username: string;
  points: number;
  correctPicks: number;
}

const byName = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The brief's ranking rule: ordered by points; equal points share a position (1, 1, 3); within a
 * tie, more correct picks first, then name (then id, so the order is total).
 */
export function rankStandings(rows: readonly StandingRow[]): RankingPosition[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b.points - a.points ||
      b.correctPicks - a.correctPicks ||
      byName.compare(a.username, b.username) ||
      a.userId - b.userId,
  );
  let position = 0;
  return sorted.map((row, index) => {
    if (index === 0 || row.points !== sorted[index - 1]?.points) position = index + 1;
    return { position, userId: row.userId, username: row.username, points: row.points };
  });
}
