import { matchMessages } from '#contract/matches';
import { formatDayHeading, localDayKey } from '../../lib/format-date.ts';
import type { ListedMatch } from './upcoming-matches.ts';

/** A heading and the matches under it. */
export interface MatchGroup {
  /** Unique in the list: the local day ("2026-11-28"), or `pending`. */
  key: string;
  heading: string;
  matches: ListedMatch[];
}

const PENDING = 'pending';

/**
 * Inicio's and Favoritos' matches under one heading per local day ("Sábado, 28 de noviembre"), in the order the
 * list gives (selectUpcomingMatches: soonest first); those kicked off and still waiting for their result go under
 * one heading of their own ("Pendientes de resultado"), wherever they are. A day is one group even if the list
 * came unsorted.
 */
export function groupByDay(listed: readonly ListedMatch[], now: number): MatchGroup[] {
  const groups = new Map<string, MatchGroup>();
  for (const item of listed) {
    const key = item.resultPending ? PENDING : localDayKey(item.match.matchDate);
    const group = groups.get(key);
    if (group) group.matches.push(item);
    else
      groups.set(key, {
        key,
        heading: item.resultPending ? matchMessages.pendingResultsHeading : formatDayHeading(item.match.matchDate, now),
        matches: [item],
      });
  }
  return [...groups.values()];
}

/** The competitions of a list in the order they first come in it: the one playing soonest first. */
export function competitionsIn(listed: readonly ListedMatch[]): string[] {
  return [...new Set(listed.map(({ match }) => match.competition))];
}

/** The matches of one competition; `null` (all of them, "Todas") leaves the list as it is. */
export function inCompetition(listed: readonly ListedMatch[], competition: string | null): readonly ListedMatch[] {
  return competition === null ? listed : listed.filter(({ match }) => match.competition === competition);
}
