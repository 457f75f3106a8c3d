import type { FeedSource, MatchStatus } from '#contract/index';

/*
 * Two feeds never fight (docs/decisions/065-results-arrive-by-themselves-from-two-sources.md): per field, the stronger
 * value wins (a confirmed time over a day alone, a finished score over a live one over none); between values as
 * strong, the feed that ranks higher; a feed may withdraw what it said itself (a time it confirmed, for a match put
 * off). An admin's correction is above all of them, and is kept by `importUpdate` before these rules are asked.
 */

/** football-data.org reports kick-off times and results as they happen; openfootball's files are edited by hand. */
const RANK: Readonly<Record<FeedSource, number>> = { import: 1, openfootball: 1, 'football-data': 2 };

/** Feeds of one kind: every openfootball file is one, whoever names it. */
const family = (source: FeedSource) => (source === 'football-data' ? 'football-data' : 'openfootball');

/** What a stored value says when no feed changed it since the shipped data (openfootball's) was loaded. */
const shipped: FeedSource = 'openfootball';

interface Said<Value> {
  value: Value;
  /** The feed that said it; null: the shipped data. */
  source: FeedSource | null;
}

function takes<Value>(
  stored: Said<Value>,
  incoming: Said<Value> & { source: FeedSource },
  strength: (value: Value) => number,
  mayWithdraw: boolean,
): boolean {
  const [was, is] = [strength(stored.value), strength(incoming.value)];
  const storedBy = stored.source ?? shipped;
  if (is !== was) return is > was || (mayWithdraw && family(incoming.source) === family(storedBy));
  return RANK[incoming.source] >= RANK[storedBy];
}

/** Whether a feed's kick-off replaces the stored one: a confirmed time is stronger than a day alone. */
export const takesKickoff = (stored: Said<boolean>, incoming: Said<boolean> & { source: FeedSource }): boolean =>
  takes(stored, incoming, (confirmed) => (confirmed ? 2 : 1), true);

/**
 * Whether a feed's result replaces the stored one: finished over live over none. A feed never takes a result back
 * (a missing result erases nothing), so a weaker one is never taken.
 */
export const takesResult = (
  stored: Said<MatchStatus>,
  incoming: Said<MatchStatus> & { source: FeedSource },
): boolean =>
  incoming.value !== 'scheduled' &&
  takes(stored, incoming, (status) => (status === 'finished' ? 3 : status === 'live' ? 2 : 1), false);
