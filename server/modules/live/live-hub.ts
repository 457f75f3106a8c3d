import { LIVE_EVENT_NAME, parseLiveEvent, poolCountsMatch, type GameMode, type LiveEvent, type PoolScope } from '#contract/index';

/** The channel the database notifies on (migration 0019). */
export const LIVE_CHANNEL = 'pool_live';

/** One server-sent event: the same bytes go to every subscriber it concerns. */
export const liveFrame = (event: LiveEvent): string => `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;

type Send = (frame: string) => void;
/** A pool as its stream routes match events: its scope, and its mode (a La Quiniela pool plays its boletos' matches). */
type LivePool = PoolScope & { id: number; gameMode: GameMode };
interface PoolSubscribers {
  scope: LivePool;
  sends: Set<Send>;
}

/**
 * This instance's subscribers, by pool. The database's notifications (every instance hears every commit) come in as
 * their payloads; each goes, serialised once, to the subscribers of the pools it concerns: a ranking or a wall
 * message to its pool's, a match's score to the pools that play it: the contract's `poolCountsMatch` for a pool of a
 * competition, and for La Quiniela pools, whose matches are their boletos', `playingMatch` (the pools repository's
 * query through `poolPlaysMatchSql`), asked once per match event and only while one of them is listening here. Events
 * go out in the order they came, the ones behind such a question waiting for it.
 */
export function createLiveHub(playingMatch: (matchId: number, poolIds: readonly number[]) => Promise<number[]>) {
  const pools = new Map<number, PoolSubscribers>();
  const toPool = (poolId: number, frame: string) => {
    for (const send of pools.get(poolId)?.sends ?? []) send(frame);
  };
  /** The events to send, in the order they came: one behind a question waits for it. */
  let queue: Promise<void> = Promise.resolve();

  /** A match event to the pools that play it: the competitions' at once, La Quiniela's after one query. */
  const toMatchPools = async (event: Extract<LiveEvent, { kind: 'match' }>, frame: string) => {
    const boletoPools: number[] = [];
    for (const [poolId, entry] of pools) {
      if (entry.scope.gameMode === 'laQuiniela') boletoPools.push(poolId);
      else if (poolCountsMatch(entry.scope, event)) for (const send of entry.sends) send(frame);
    }
    if (boletoPools.length === 0) return;
    for (const poolId of await playingMatch(event.matchId, boletoPools)) toPool(poolId, frame);
  };

  const route = async (event: LiveEvent) => {
    const frame = liveFrame(event);
    if (event.kind === 'match') {
      await toMatchPools(event, frame);
    } else if (event.kind !== 'ready' && event.kind !== 'closing' && event.kind !== 'replaced') {
      // `ready`, `closing` and `replaced` are a stream's own, never published through the database.
      toPool(event.poolId, frame);
    }
  };

  return {
    subscribe(pool: LivePool, send: Send): () => void {
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
      // A failed question (the database away) loses its event as a lost connection would: `ready` asks again.
      queue = queue.then(() => route(event)).catch(() => undefined);
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
