import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateTopics } from '../../lib/topics.ts';
import { leaderboardQueries } from '../leaderboard/api.ts';
import { matchQueries } from '../matches/api.ts';
import { poolQueries } from '../pools/api.ts';
import { predictionQueries } from '../predictions/api.ts';
import { wallQueries } from '../wall/api.ts';
import { liveTopics } from './use-pool-live.ts';

/** The reads of two pools' screens and the match list, fresh, each named by what it shows. */
function screensOfTwoPools() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const reads = {
    'ranking 1': leaderboardQueries.overall(1),
    'ranking 2': leaderboardQueries.overall(2),
    'pool 1': poolQueries.detail(1),
    'pool 2': poolQueries.detail(2),
    'results 1': predictionQueries.results(1, 7, null),
    'results 2': predictionQueries.results(2, 7, null),
    'wall 1': wallQueries.pool(1),
    'wall 2': wallQueries.pool(2),
    matches: matchQueries.list(),
  };
  const names = new Map<string, string>();
  for (const [name, options] of Object.entries(reads)) {
    // Built with the app's own options (their keys and topics), holding no data: the cache entry is what counts.
    queryClient.getQueryCache().build(queryClient, { ...options, queryFn: () => null } as never).setData(null);
    names.set(JSON.stringify(options.queryKey), name);
  }
  const stale = () =>
    queryClient
      .getQueryCache()
      .findAll({ stale: true })
      .map((query) => names.get(JSON.stringify(query.queryKey)))
      .sort();
  return { queryClient, stale };
}

/** What reads the matches besides pool 1's: the list, and another pool's detail and results (whether it started, the scores). */
const readsOfMatches = ['matches', 'pool 2', 'results 2'];

describe("a pool's live events make stale that pool's reads only (and the matches' for a match)", () => {
  it.each([
    ['ranking', ['pool 1', 'ranking 1', 'results 1']],
    ['wall', ['wall 1']],
    ['match', ['pool 1', 'ranking 1', 'results 1', ...readsOfMatches]],
    ['ready', ['pool 1', 'ranking 1', 'results 1', 'wall 1', ...readsOfMatches]],
  ] as const)('%s', async (kind, refreshed) => {
    const { queryClient, stale } = screensOfTwoPools();
    expect(stale()).toEqual([]);
    await invalidateTopics(queryClient, liveTopics(kind, 1));
    expect(stale()).toEqual([...refreshed].sort());
  });
});
