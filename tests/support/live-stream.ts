import { LiveEventSchema, type LiveEvent } from '#contract/index';
import { createSseParser } from '../../web/features/live/sse.ts';

export interface LiveStream {
  status: number;
  /** A refusal's JSON body (undefined when the stream opened). */
  refusal: unknown;
  /** Every event received so far, in order. */
  events: LiveEvent[];
  /** The first event (received already or to come) that `matches`; fails after `timeoutMs`. */
  next(matches: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Settles when the server ended the stream (or it was closed here). */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens a pool's live channel (`GET /api/live/pool/{poolId}`) as the app does, with `fetch` and the bearer header,
 * and parses its server-sent events. Resolves once the answer's headers arrived (a refusal: `status`, no events).
 */
export async function openLiveStream(base: string, token: string, poolId: number): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live/pool/${poolId}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let cancel = () => Promise.resolve();
  let ended = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    cancel = () => reader.cancel();
    ended = (async () => {
      // The app's own parser (web/features/live/sse.ts): the tests read the stream as the app does.
      const push = createSseParser(({ data }) => {
        events.push(LiveEventSchema.parse(JSON.parse(data)));
        for (const wake of waiters) wake();
      });
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          push(value);
        }
      } catch {
        // aborted
      }
    })();
  }
  const refusal: unknown = res.ok ? undefined : await res.json();
  return {
    status: res.status,
    refusal,
    events,
    ended,
    next(matches, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      // Cancelling the body is what makes undici let the connection go; the abort alone left it open.
      void cancel().catch(() => {});
      abort.abort();
    },
  };
}
