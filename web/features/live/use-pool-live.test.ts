import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_NAME, type LiveEvent } from '#contract/live';
import { stubFetch } from '../../lib/test-fetch.ts';
import { invalidateTopics } from '../../lib/topics.ts';
import { leaderboardQueries } from '../leaderboard/api.ts';
import { matchQueries } from '../matches/api.ts';
import { poolQueries } from '../pools/api.ts';
import { poolResultsQuery } from '../predictions/results-api.ts';
import { wallQueries } from '../wall/api.ts';
import { liveTopics, usePoolLive } from './use-pool-live.ts';

/** The reads of two pools' screens and the match list, fresh, each named by what it shows. */
function screensOfTwoPools() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const reads = {
    'ranking 1': leaderboardQueries.overall(1),
    'ranking 2': leaderboardQueries.overall(2),
    'pool 1': poolQueries.detail(1),
    'pool 2': poolQueries.detail(2),
    'results 1': poolResultsQuery(1, 7, null),
    'results 2': poolResultsQuery(2, 7, null),
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

describe('the live channel of an open pool screen (usePoolLive)', () => {
  const fetchMock = stubFetch();
  /** The streams the "server" answered, each with its events to send and its end. */
  const streams: { send(event: LiveEvent): void; end(): void }[] = [];
  let visibility: DocumentVisibilityState = 'visible';

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    streams.length = 0;
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    fetchMock.mockImplementation(() => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push({
            send: (event) => controller.enqueue(encoder.encode(`event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`)),
            end: () => controller.close(),
          });
        },
      });
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const openScreen = async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
    const screen = renderHook(() => usePoolLive(1), { wrapper });
    await vi.advanceTimersByTimeAsync(0);
    return screen;
  };
  /** The server ends the newest stream, saying `replaced` first when asked. */
  const endStream = async (replaced: boolean) => {
    const stream = streams.at(-1)!;
    stream.send({ kind: 'ready', poolId: 1 });
    if (replaced) stream.send({ kind: 'replaced' });
    stream.end();
    await vi.advanceTimersByTimeAsync(0);
  };
  const show = async (state: DocumentVisibilityState) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
  };
  const focus = async () => {
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
  };

  it('opens a stream that simply ended again after about a second', async () => {
    const screen = await openScreen();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await endStream(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    screen.unmount();
  });

  it('leaves a stream a newer one replaced closed while the page is hidden, and opens it when the page is shown', async () => {
    const screen = await openScreen();
    await show('hidden');
    await endStream(true);
    await focus();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await show('visible');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Once: shown again or focused, the open stream is left alone.
    await show('visible');
    await focus();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    screen.unmount();
  });

  it('leaves a replaced stream on a page in view closed too, until the page is focused again', async () => {
    const screen = await openScreen();
    await endStream(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await focus();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    screen.unmount();
  });

  it("waits a refusal's Retry-After before asking again", async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 429, headers: { 'retry-after': '30' } }));
    const screen = await openScreen();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    screen.unmount();
  });
});
