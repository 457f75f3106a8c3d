import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_EVENT_NAME, parseLiveEvent, type LiveEvent } from '#contract/live';
import { authorizationHeader } from '../../lib/api-client.ts';
import { useConnectivity } from '../../lib/connectivity.ts';
import { invalidateTopics, topics, type Topic } from '../../lib/topics.ts';
import { closingDelay, createSseParser, reconnectDelay, retryAfterDelay } from './sse.ts';

type RefreshingKind = Exclude<LiveEvent['kind'], 'closing' | 'replaced'>;

/**
 * What an event of a pool's channel changed: only that pool's reads follow it (and the matches, for a match's
 * event); other pools have their own channel. A reconnection's `ready` may have missed any of the others.
 */
export function liveTopics(kind: RefreshingKind, poolId: number): Topic[] {
  switch (kind) {
    case 'ready':
      return [topics.pool(poolId), topics.wall(poolId), topics.matches];
    case 'ranking':
      return [topics.pool(poolId)];
    case 'match':
      return [topics.pool(poolId), topics.matches];
    case 'wall':
      return [topics.wall(poolId)];
  }
}

/**
 * While a pool's screen is open (and the device online): its live channel (`GET /api/live/pool/{poolId}`, read with
 * `fetch` for the bearer header, decision 046). Each event, and each `ready` (first open, reconnection), has the
 * screen's cached reads asked for again: the channel says what changed, never the data (decision 045). A lost or
 * ended stream is opened again after about 1 s, doubling to 30 s (at random within each wait); a stream that opened
 * resets the wait; a refused one (429) waits its Retry-After; one the server ended as it stopped (`closing`) waits a
 * moment at random within the window the server gave, so a restart's phones come back spread out. One a newer stream
 * of the account replaced (`replaced`: the server keeps a few per account) is opened again only when the page is
 * shown or focused again, not after a wait: screens beyond the limit (tabs, windows) would otherwise take turns
 * replacing each other, each refetching its screen, every second; a screen nobody looks at stays quiet.
 */
export function usePoolLive(poolId: number): void {
  const queryClient = useQueryClient();
  const { online } = useConnectivity();

  useEffect(() => {
    if (!online) return;
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let closingWait: number | null = null;
    // The server said a newer stream replaced this one; once it ended, the channel is parked until the page is
    // shown or focused again.
    let replaced = false;
    let parked = false;

    // The first stream's "ready" finds the screen's reads just made: only a reconnection's may have missed events.
    let opened = 0;
    const refresh = (kind: RefreshingKind) => {
      if (kind === 'ready' && opened++ === 0) return;
      void invalidateTopics(queryClient, liveTopics(kind, poolId));
    };
    const onFrame = createSseParser(({ event, data }) => {
      if (event !== LIVE_EVENT_NAME) return;
      const live = parseLiveEvent(data);
      if (!live) return;
      if (live.kind === 'closing') closingWait = closingDelay(live.reconnectWithinMs);
      else if (live.kind === 'replaced') replaced = true;
      else refresh(live.kind);
    });

    const connect = async () => {
      try {
        const response = await fetch(`/api/live/pool/${poolId}`, { headers: authorizationHeader(), signal: abort.signal });
        // Too many streams open: tried again when the server says, not sooner.
        if (response.status === 429) {
          const wait = retryAfterDelay(response.headers.get('retry-after')) ?? reconnectDelay(Math.max(1, ++failures));
          retry = setTimeout(() => void connect(), wait);
          return;
        }
        // A refusal (signed out, no longer a member) is not retried: the screen's own reads say why.
        if (response.status >= 400 && response.status < 500) return;
        if (!response.ok || !response.body) throw new Error(`live channel: ${response.status}`);
        failures = 0;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          onFrame(value);
        }
      } catch {
        if (abort.signal.aborted) return;
        failures += 1;
      }
      if (abort.signal.aborted) return;
      if (replaced) {
        parked = true;
        return;
      }
      const wait = closingWait ?? reconnectDelay(Math.max(1, failures));
      closingWait = null;
      retry = setTimeout(() => void connect(), wait);
    };
    const onReturn = () => {
      if (!parked || document.visibilityState !== 'visible') return;
      parked = replaced = false;
      void connect();
    };
    document.addEventListener('visibilitychange', onReturn, { signal: abort.signal });
    window.addEventListener('focus', onReturn, { signal: abort.signal });
    void connect();
    return () => {
      abort.abort();
      clearTimeout(retry);
    };
  }, [online, poolId, queryClient]);
}
