import type { RankingPosition } from '#contract/leaderboard';

export type PlaceChange = 'up' | 'down';

/**
 * Who changed place between two versions of a table (a live update, a refetch): up or down, by user. A player new to
 * the table, or gone from it, has no change to show.
 */
export function placeChanges(
  before: readonly Pick<RankingPosition, 'userId' | 'position'>[],
  after: readonly Pick<RankingPosition, 'userId' | 'position'>[],
): Map<number, PlaceChange> {
  const was = new Map(before.map((row) => [row.userId, row.position]));
  const changes = new Map<number, PlaceChange>();
  for (const { userId, position } of after) {
    const previous = was.get(userId);
    if (previous !== undefined && previous !== position) changes.set(userId, position < previous ? 'up' : 'down');
  }
  return changes;
}
