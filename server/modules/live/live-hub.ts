import { LIVE_EVENT_NAME, parseLiveEvent, poolCountsMatch, type LiveEvent, type PoolScope } from '#contract/index';

/** The channel the database notifies on (migration 0019). */
export const LIVE_CHANNEL = 'pool_live';

/** One server-sent event: the same bytes go to every subscriber it concerns. */
export const liveFrame = (event: LiveEvent): string => `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;

type Send = (frame: string) => void;
interface PoolSubscribers {
  scope: PoolScope;
  sends: Set<Send>;
}

/**
 * This instance's subscribers, by pool. The database's notifications (every instance hears every commit) come in as
 * their payloads; each goes, serialised once, to the subscribers of the pools it concerns: a ranking or a wall
 * message to its pool's, a match's score to the pools that count it (the contract's `poolCountsMatch`).
 */
export function createLiveHub() {
  const pools = new Map<number, PoolSubscribers>();
  const toPool = (poolId: number, frame: string) => {
    for (const send of pools.get(poolId)?.sends ?? []) send(frame);
  };

  return {
    subscribe(pool: PoolScope & { id: number }, send: Send): () => void {
      let entry = pools.get(pool.id);
      if (!entry) pools.set(pool.id, (entry = { scope: pool, sends: new Set() }));
      entry.sends.add(send);
      return () => {
        entry.sends.delete(send);
        if (entry.sends.size === 0 && pools.get(pool.id) === entry) pools.delete(pool.id);
      };
    },

    /** A notification's payload; one this version does not know (a newer instance's) is ignored. */
    deliver(payload: string): void {
      const event = parseLiveEvent(payload);
      if (!event) return;
      const frame = liveFrame(event);
      if (event.kind === 'match') {
        for (const entry of pools.values()) {
          if (poolCountsMatch(entry.scope, event)) for (const send of entry.sends) send(frame);
        }
      } else if (event.kind !== 'ready' && event.kind !== 'closing' && event.kind !== 'replaced') {
        // `ready`, `closing` and `replaced` are a stream's own, never published through the database.
        toPool(event.poolId, frame);
      }
    },

    /** The database connection was lost and is back: every subscriber hears `ready` again and asks again. */
    restarted(): void {
      for (const [poolId, entry] of pools) {
        const frame = liveFrame({ kind: 'ready', poolId });
        for (const send of entry.sends) send(frame);
      }
    },

    subscribers(): number {
      let count = 0;
      for (const entry of pools.values()) count += entry.sends.size;
      return count;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
