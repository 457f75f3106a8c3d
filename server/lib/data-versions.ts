import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';

/**
 * What cached answers depend on. Only the database moves a topic's version: the statement triggers of every table
 * whose rows feed its answers, at the commit of a write that changed rows (migrations 0007, 0008 and 0011,
 * docs/decisions/031-cache-versions-move-in-the-database.md). No write path has to say anything.
 */
export type Topic = 'accounts' | 'matches' | 'standings';
const TOPICS: readonly Topic[] = ['accounts', 'matches', 'standings'];
const isTopic = (name: string): name is Topic => (TOPICS as readonly string[]).includes(name);
/** One `app_settings` row per topic holds a random token, replaced at every change (shared by all instances). */
const keyOf = (topic: Topic) => `data-version:${topic}`;
/** Where the database tells a session that listens which topics its own commit changed (migration 0011). */
const CHANGES_CHANNEL = 'data_versions';

export interface DataVersions {
  /**
   * Brings this process's versions up to every write committed before `since` (a `performance.now()`; by
   * default the call itself), this process's own writes included. Undefined when they already count them
   * (always on PGlite, and for a request's second read): hot reads then answer without waiting a turn. A
   * request passes its arrival, so its reads share one look at the database.
   */
  catchUp(since?: number): Promise<void> | undefined;
  /** A topic's version as of the last catch-up (on PGlite, as of the last commit). */
  version(topic: Topic): number;
}

interface State extends DataVersions {
  /** False when only this process writes to the database (PGlite): its own commits say what changed. */
  shared: boolean;
  /** A commit of this process changed `topic` (PGlite). */
  moved(topic: Topic): void;
}

/** Built once per app by the composition root (server/services.ts) and handed to every cache that reads it. */
export function createDataVersions(db: Database): DataVersions {
  const counters: Record<Topic, number> = { accounts: 0, matches: 0, standings: 0 };
  const tokens = new Map<Topic, string | undefined>();
  // Built once and prepared by name: this read runs for nearly every request on PostgreSQL, so neither
  // Drizzle nor the database should parse or plan it again each time.
  const readTokens = db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, TOPICS.map(keyOf)))
    .prepare('data_versions');
  const apply = (rows: { key: string; value: string }[]) => {
    for (const topic of TOPICS) {
      const token = rows.find((r) => r.key === keyOf(topic))?.value;
      if (tokens.has(topic) && tokens.get(topic) === token) continue;
      tokens.set(topic, token);
      counters[topic] += 1;
    }
  };
  const probe = coalesced(() => readTokens.execute(), apply);
  const state: State = {
    shared: true,
    catchUp: (since = performance.now()) => (state.shared ? probe(since) : undefined),
    version: (topic) => counters[topic],
    moved(topic) {
      counters[topic] += 1;
    },
  };
  return state;
}

/** Calls `onNotify` with the payload of each notification on `channel` that the database session receives. */
export type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<unknown>;

/**
 * PGlite: one process owns the data directory, so versions live in memory and reads cost no query. They move when
 * the database says so: the commit of a write that changed a topic notifies this (only) session, and PGlite calls
 * back before that write's promise settles, so whatever follows the write sees the new version.
 */
export async function soleWriter(versions: DataVersions, listen: Listen): Promise<void> {
  const state = versions as State;
  state.shared = false;
  await listen(CHANGES_CHANNEL, (topic) => {
    if (isTopic(topic)) state.moved(topic);
  });
}

/** Reads of the versions running at once at most: a read waiting for a slot is shared by every caller meanwhile. */
const READS_IN_FLIGHT = 2;

/**
 * Shares database reads among concurrent callers, without ever answering a caller with a read that
 * started before its `since` (that read could miss a write the caller already saw committed). A read
 * starts once the event loop's current turn has brought in its callers, alongside the one already
 * running: a caller arriving during a read waits for one round trip, not for the rest of that read first.
 * Results are applied in the order the reads started, so an older read never undoes a newer one.
 */
export function coalesced<T>(read: () => Promise<T>, apply: (result: T) => void): (since: number) => Promise<void> | undefined {
  let appliedStartedAt = -Infinity;
  let applied: Promise<unknown> = Promise.resolve();
  let newest: { startedAt: number; done: Promise<void> } | undefined;
  let queued: Promise<void> | undefined;
  let running = 0;
  let freeSlot: (() => void) | undefined;

  const start = (): Promise<void> => {
    const startedAt = performance.now();
    running += 1;
    const result = read();
    const settled = () => {
      running -= 1;
      const wake = freeSlot;
      freeSlot = undefined;
      wake?.();
    };
    result.then(settled, settled);
    const done = applied
      .then(() => result)
      .then((value) => {
        apply(value);
        appliedStartedAt = startedAt;
      });
    applied = done.catch(() => {});
    newest = { startedAt, done };
    return done;
  };
  return (since) => {
    if (appliedStartedAt > since) return undefined;
    if (newest && newest.startedAt > since) return newest.done;
    queued ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (running < READS_IN_FLIGHT ? undefined : new Promise<void>((resolve) => (freeSlot = resolve))))
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}

/** Who hears of each cache lookup (the app's metrics), per set of versions: one app per database. */
const lookupObservers = new WeakMap<DataVersions, (topic: Topic, hit: boolean) => void>();

export function observeCacheLookups(versions: DataVersions, observer: (topic: Topic, hit: boolean) => void): void {
  lookupObservers.set(versions, observer);
}

/**
 * Values computed once per version of their topic (or topics: lookups are counted under the first), at most `maxEntries` of them (the oldest go first).
 * Concurrent misses share one load; a load answering undefined (nothing found) or failing is not kept.
 */
export function createVersionedCache<V>(versions: DataVersions, topics: Topic | readonly Topic[], maxEntries: number) {
  // Several topics: the sum of their versions, which moves whenever one of them does (each only ever grows).
  const read = typeof topics === 'string' ? [topics] : topics;
  const topic = read[0]!;
  const versionNow = () => read.reduce((sum, each) => sum + versions.version(each), 0);
  const entries = new Map<string, { version: number; value: Promise<V | undefined> }>();
  const forget = (key: string, value: Promise<V | undefined>) => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };
  const lookup = (key: string, load: () => Promise<V | undefined>) => {
    // Taken before the load: data read after a change is then at worst filed under the older version.
    const version = versionNow();
    const hit = entries.get(key);
    const fresh = hit?.version === version;
    lookupObservers.get(versions)?.(topic, fresh);
    if (fresh) return hit.value;
    const value = load();
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { version, value });
    value.then((v) => v === undefined && forget(key, value), () => forget(key, value));
    return value;
  };
  return {
    /** `since`: see `DataVersions.catchUp`. Not async: a hit whose versions are known is the stored promise itself. */
    get(key: string, load: () => Promise<V | undefined>, since?: number): Promise<V | undefined> {
      const waiting = versions.catchUp(since);
      return waiting ? waiting.then(() => lookup(key, load)) : lookup(key, load);
    },
  };
}
