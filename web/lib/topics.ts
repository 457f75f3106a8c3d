import type { QueryClient } from '@tanstack/react-query';

/**
 * What a read depends on, named as the server names what its cached answers depend on
 * (server/lib/data-versions.ts, docs/decisions/031 and 050): every query declares the topics it reads
 * (`meta: reads(…)`), and a write or a live event refreshes the topics it changed (`invalidateTopics`), never
 * another feature's keys (docs/decisions/075-the-web-reads-and-refreshes-by-topic.md).
 */
export const topics = {
  /** Matches: fixtures, results, kick-offs, competitions (the server's `matches`). */
  matches: 'matches',
  /** Pools, their members and standings, and the names in them (the server's `standings`). */
  standings: 'standings',
  /** Sessions, users and roles (the server's `accounts`). */
  accounts: 'accounts',
  /** One pool: its detail, members, ranking and picks; what its live channel's events refresh. */
  pool: (poolId: number) => `pool:${poolId}` as const,
  /** One pool's wall and its matches' comments: what its live channel's wall events refresh. */
  wall: (poolId: number) => `wall:${poolId}` as const,
  /** One user's own lists, their pools and picks (the server's per-user version, decision 050). */
  user: (userId: number) => `user:${userId}` as const,
  // What the server caches under no topic (tests/api/data-version-triggers.test.ts): only this app's writes change it.
  /** Teams and confederations. */
  teams: 'teams',
  /** Where results come from: the feeds' status, the admin's source and imports. */
  results: 'results',
  /** The signed-in user's favourite matches. */
  favorites: 'favorites',
  /** The signed-in user's passkeys. */
  passkeys: 'passkeys',
  /** The outbox, as the admin area shows it. */
  mail: 'mail',
} as const;

type TopicNames = typeof topics;
export type Topic = {
  [Name in keyof TopicNames]: TopicNames[Name] extends (id: number) => infer Named ? Named : TopicNames[Name];
}[keyof TopicNames];

/** What a result or a kick-off moves: the matches, and the standings a result changes (as the server's triggers do). */
export const matchChange: readonly Topic[] = [topics.matches, topics.standings];

/** A query's `meta`: the topics its answer depends on (a type, not an interface: TanStack wants a record). */
export type QueryTopics = { readonly topics: readonly Topic[] };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryTopics;
  }
}

/** A query's `meta`, declaring what it reads: `queryOptions({ queryKey, queryFn, meta: reads(topics.matches) })`. */
export const reads = (...read: Topic[]): QueryTopics => ({ topics: read });

/**
 * `changed` moved on the server: every query that reads one of them is stale, and those on screen are asked for
 * again. Returned, so a write settles once the screens show what it changed.
 */
export function invalidateTopics(queryClient: QueryClient, changed: readonly Topic[]): Promise<void> {
  const moved = new Set<Topic>(changed);
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.topics.some((topic) => moved.has(topic)) ?? false });
}
