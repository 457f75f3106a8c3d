/**
 * What cached answers depend on. Only the database moves a topic's version: the statement triggers of every table
 * whose rows feed its answers, at the commit of a write that changed rows (migrations 0007, 0008 and 0011,
 * docs/decisions/031-cache-versions-move-in-the-database.md). No write path has to say anything.
 */
export type Topic = 'accounts' | 'matches' | 'standings';
export const TOPICS: readonly Topic[] = ['accounts', 'matches', 'standings'];
const isTopic = (name: string): name is Topic => (TOPICS as readonly string[]).includes(name);
/** One `app_settings` row per topic holds a random token, replaced at every change (shared by all instances). */
export const versionKeyOf = (topic: Topic) => `data-version:${topic}`;
/** Where the database tells a session that listens which topics its own commit changed (migration 0011). */
const CHANGES_CHANNEL = 'data_versions';
/**
 * How a user's version is named on that channel and in the versions read (migration 0020): each user has one, moved
 * by the writes to their own lists (docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md).
 */
export const USER_PREFIX = 'user:';
/**
 * One look at the versions the database holds (server/db/data-versions-read.ts): each topic's token under
 * `versionKeyOf(topic)`, and the version of each of `users` under `${USER_PREFIX}<id>`.
 */
export type ReadVersions = (users: readonly number[]) => Promise<{ key: string; value: string }[]>;
/** What the cache lookups are counted under (the app's metrics): a topic, or the users' versions. */
export type CacheLabel = Topic | 'users';

export interface DataVersions {
  /**
   * Brings this process's versions up to every write committed before `since` (a `performance.now()`; by
   * default the call itself), this process's own writes included. Undefined when they already count them
   * (always on PGlite, and for a request's second read): hot reads then answer without waiting a turn. A
   * request passes its arrival, so its reads share one look at the database. With `user`, that user's version too.
   */
  catchUp(since?: number, user?: number): Promise<void> | undefined;
  /** A topic's version as of the last catch-up (on PGlite, as of the last commit). */
  version(topic: Topic): number;
  /** A user's version as of the last catch-up that read it (on PGlite, as of the last commit); 0 before any. */
  userVersion(user: number): number;
}

interface State extends DataVersions {
  /** False when only this process writes to the database (PGlite): its own commits say what changed. */
  shared: boolean;
  /** A commit of this process changed `topic` (PGlite). */
  moved(topic: Topic): void;
  /** A commit of this process changed what `user`'s lists show (PGlite). */
  movedUser(user: number): void;
}

/**
 * Built once per app by the composition root (server/services.ts), which gives it the database's read, and handed to
 * every cache that reads it.
 */
export function createDataVersions(readVersions: ReadVersions): DataVersions {
  const counters: Record<Topic, number> = { accounts: 0, matches: 0, standings: 0 };
  const tokens = new Map<Topic, string | undefined>();
  /** PostgreSQL: the values the database holds (from one sequence); PGlite: counted here. Each only grows. */
  const userVersions = new Map<number, number>();
  const apply = (rows: { key: string; value: string }[], users: readonly number[]) => {
    const values = new Map(rows.map((r) => [r.key, r.value]));
    for (const topic of TOPICS) {
      const token = values.get(versionKeyOf(topic));
      if (tokens.has(topic) && tokens.get(topic) === token) continue;
      tokens.set(topic, token);
      counters[topic] += 1;
    }
    for (const user of users) userVersions.set(user, Number(values.get(`${USER_PREFIX}${user}`) ?? 0));
  };
  const probe = coalesced(readVersions, apply);
  const state: State = {
    shared: true,
    catchUp: (since = performance.now(), user) => (state.shared ? probe(since, user) : undefined),
    version: (topic) => counters[topic],
    userVersion: (user) => userVersions.get(user) ?? 0,
    moved(topic) {
      counters[topic] += 1;
    },
    movedUser(user) {
      userVersions.set(user, state.userVersion(user) + 1);
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
  await listen(CHANGES_CHANNEL, (payload) => {
    if (isTopic(payload)) state.moved(payload);
    else if (payload.startsWith(USER_PREFIX)) state.movedUser(Number(payload.slice(USER_PREFIX.length)));
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
 * A caller may name a user whose version it needs too: the read it waits for reads every such user of its callers.
 */
export function coalesced<T>(
  read: (users: readonly number[]) => Promise<T>,
  apply: (result: T, users: readonly number[]) => void,
): (since: number, user?: number) => Promise<void> | undefined {
  let appliedStartedAt = -Infinity;
  /** When the newest applied read of each user's version started. */
  const userAppliedStartedAt = new Map<number, number>();
  let applied: Promise<unknown> = Promise.resolve();
  let newest: { startedAt: number; users: ReadonlySet<number>; done: Promise<void> } | undefined;
  let queued: Promise<void> | undefined;
  let queuedUsers = new Set<number>();
  let running = 0;
  let freeSlot: (() => void) | undefined;

  const start = (): Promise<void> => {
    const users = queuedUsers;
    queuedUsers = new Set();
    const startedAt = performance.now();
    running += 1;
    const result = read([...users]);
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
        apply(value, [...users]);
        appliedStartedAt = startedAt;
        for (const user of users) userAppliedStartedAt.set(user, startedAt);
      });
    applied = done.catch(() => {});
    newest = { startedAt, users, done };
    return done;
  };
  return (since, user) => {
    if (appliedStartedAt > since && (user === undefined || (userAppliedStartedAt.get(user) ?? -Infinity) > since)) return undefined;
    if (newest && newest.startedAt > since && (user === undefined || newest.users.has(user))) return newest.done;
    if (user !== undefined) queuedUsers.add(user);
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
const lookupObservers = new WeakMap<DataVersions, (label: CacheLabel, hit: boolean) => void>();

export function observeCacheLookups(versions: DataVersions, observer: (label: CacheLabel, hit: boolean) => void): void {
  lookupObservers.set(versions, observer);
}

/**
 * Values kept under `version` (a sum of versions, which moves whenever one of them does: each only ever grows), at
 * most `maxEntries` of them (the oldest go first). Concurrent misses share one load; a load answering undefined
 * (nothing found) or failing is not kept.
 */
function versionedEntries<V>(versions: DataVersions, label: CacheLabel, maxEntries: number) {
  /** `loaded`: the value its load answered, or, until it has, the one loaded before under the key. */
  type Entry = { version: number; value: Promise<V | undefined>; loaded?: V };
  const entries = new Map<string, Entry>();
  const forget = (key: string, value: Promise<V | undefined>) => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };
  /** `version` is taken before the load: data read after a change is then at worst filed under the older version. */
  const lookup = (key: string, version: number, load: () => Promise<V | undefined>) => {
    const hit = entries.get(key);
    const fresh = hit?.version === version;
    lookupObservers.get(versions)?.(label, fresh);
    if (fresh) return hit.value;
    const value = load();
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const entry: Entry = { version, value, loaded: hit?.loaded };
    entries.set(key, entry);
    value.then(
      (v) => (v === undefined ? forget(key, value) : void (entry.loaded = v)),
      () => forget(key, value),
    );
    return value;
  };
  /** The value last loaded under `key`, of whatever version: only for what a key's value never changes in. */
  const lastLoaded = (key: string) => entries.get(key)?.loaded;
  return { lookup, lastLoaded };
}

const sumOf = (versions: DataVersions, topics: readonly Topic[]) => topics.reduce((sum, each) => sum + versions.version(each), 0);

/** Values computed once per version of their topic (or topics: lookups are counted under the first). */
export function createVersionedCache<V>(versions: DataVersions, topics: Topic | readonly Topic[], maxEntries: number) {
  const read = typeof topics === 'string' ? [topics] : topics;
  const { lookup, lastLoaded } = versionedEntries<V>(versions, read[0]!, maxEntries);
  return {
    /**
     * `since`: see `DataVersions.catchUp`. Not async: a hit whose versions are known is the stored promise itself.
     * `user`: a user whose version the caller needs next (the lists of a request's user), read in the same look at
     * the database, so that the next read waits for no other.
     */
    get(key: string, load: () => Promise<V | undefined>, since?: number, user?: number): Promise<V | undefined> {
      const waiting = versions.catchUp(since, user);
      const now = () => lookup(key, sumOf(versions, read), load);
      return waiting ? waiting.then(now) : now();
    },
    lastLoaded,
  };
}

/**
 * Values of one user's (their lists), computed once per version of that user and of `topics`: a write that changes
 * what a user's list shows moves that user's version (migration 0020), and no other user's.
 */
export function createUserCache<V>(versions: DataVersions, topics: readonly Topic[], maxEntries: number) {
  const { lookup } = versionedEntries<V>(versions, 'users', maxEntries);
  return {
    /** `key` names the value among the user's; `since`: see `DataVersions.catchUp`. */
    get(user: number, key: string, load: () => Promise<V | undefined>, since?: number): Promise<V | undefined> {
      const waiting = versions.catchUp(since, user);
      const now = () => lookup(`${user}:${key}`, sumOf(versions, topics) + versions.userVersion(user), load);
      return waiting ? waiting.then(now) : now();
    },
  };
}
