import { readFileSync } from 'node:fs';

/**
 * How many live streams this process holds (the issue "Nobody takes the service down": one account opened 3,933
 * at once, the process ran out of file descriptors, and every other request failed):
 * - per user, `perUser`: the newest replaces that user's oldest (a phone that reconnects leaves a half-dead one),
 *   which hears `replaced` and is not opened again until its page is looked at (decision 071);
 * - per client address, `perAddress`: refused beyond it (429 with Retry-After), so one network cannot fill the rest;
 * - in all, `total`: refused beyond it, below the process's descriptor limit, so ordinary requests, the database
 *   and the files keep theirs.
 */
export interface StreamLimits {
  perUser: number;
  perAddress: number;
  total: number;
}

/** An open stream, as the registry knows it. */
export interface TrackedStream {
  userId: number;
  address: string;
  /** Ends the stream, telling its client a newer one replaced it (the app then waits to be looked at again). */
  replace(): void;
}

/** Retry-After of a refusal: long enough for streams to end or move, short enough for a person to wait. */
export const STREAM_REFUSAL_RETRY_SECONDS = 30;

/**
 * The window a stopping instance asks the phones of its `streams` to come back within, so that they arrive at about
 * `perSecond` (each picks a moment at random in it): 1 s at least, 2 minutes at most.
 */
export const reopenWindowMs = (streams: number, perSecond: number): number =>
  Math.min(120_000, Math.max(1_000, Math.ceil((streams / perSecond) * 1000)));

export function createStreamRegistry(limits: StreamLimits) {
  const byUser = new Map<number, TrackedStream[]>();
  const byAddress = new Map<string, number>();
  let total = 0;
  const release = (stream: TrackedStream) => {
    const streams = byUser.get(stream.userId);
    const index = streams?.indexOf(stream) ?? -1;
    if (!streams || index < 0) return;
    streams.splice(index, 1);
    if (streams.length === 0) byUser.delete(stream.userId);
    const fromAddress = (byAddress.get(stream.address) ?? 1) - 1;
    if (fromAddress > 0) byAddress.set(stream.address, fromAddress);
    else byAddress.delete(stream.address);
    total -= 1;
  };
  return {
    /**
     * Admits `stream`, ending the user's oldest beyond `perUser` (released at once: the count never waits for a
     * socket to close), or refuses it: 'address' or 'total' when that limit is full.
     */
    admit(stream: TrackedStream): 'admitted' | 'address' | 'total' {
      const mine = byUser.get(stream.userId) ?? [];
      // The streams this one replaces are not counted against it.
      const replaced = Math.max(0, mine.length + 1 - limits.perUser);
      const sameAddress = mine.slice(0, replaced).filter((old) => old.address === stream.address).length;
      if ((byAddress.get(stream.address) ?? 0) - sameAddress >= limits.perAddress) return 'address';
      if (total - replaced >= limits.total) return 'total';
      for (const old of mine.slice(0, replaced)) {
        release(old);
        old.replace();
      }
      byUser.set(stream.userId, [...(byUser.get(stream.userId) ?? []), stream]);
      byAddress.set(stream.address, (byAddress.get(stream.address) ?? 0) + 1);
      total += 1;
      return 'admitted';
    },
    release,
    /** Open streams: in all, and of one user. */
    count: (userId?: number) => (userId === undefined ? total : (byUser.get(userId)?.length ?? 0)),
  };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;

/** Descriptors kept for everything but streams: requests, the database, files, the proxy's checks. */
const RESERVED_DESCRIPTORS = 512;

/**
 * The default ceiling of streams: the process's soft limit of open files (Linux: /proc/self/limits) less a reserve
 * of a quarter of it, at least `RESERVED_DESCRIPTORS`; 1,024 descriptors (a common default) leave 512 streams,
 * 8,192 (the systemd unit's `LimitNOFILE`) 6,144. Without /proc, the 1,024 case.
 */
export function defaultStreamCeiling(limits = readOpenFilesLimit()): number {
  return Math.max(16, limits - Math.max(RESERVED_DESCRIPTORS, Math.ceil(limits / 4)));
}

function readOpenFilesLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : 1024;
  } catch {
    return 1024;
  }
}
