import { asc, desc, eq } from 'drizzle-orm';
import {
  CHANGE_SOURCE_AUTHORS,
  type ChangeSource,
  type FeedSource,
  type Match,
  type MatchResultChange,
  type MatchStatus,
} from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { type matchKickoffChanges, matchResultChanges, users } from '../../db/schema.ts';

/** Named when the admin who made a correction has since been deleted. */
export const DELETED_ADMIN = 'administrador (cuenta eliminada)';

/**
 * Who a history names for a change: its admin (by name), or the feed that brought it, by the name this install gives
 * it (`feedNames`: the demo's football-data.org is its own replay, and says so).
 */
export function changeAuthors(feedNames: Partial<Record<FeedSource, string>> = {}) {
  const names = { ...CHANGE_SOURCE_AUTHORS, ...feedNames };
  return (source: string, adminName: string | null): string =>
    source === 'admin' ? (adminName ?? DELETED_ADMIN) : (names[source as FeedSource] ?? source);
}
export type ChangeAuthors = ReturnType<typeof changeAuthors>;

/** A change to a match as its history records it: who made it (`changedBy`, an admin) or what brought it (`source`). */
export interface MatchChange {
  matchId: number;
  changedBy: number | null;
  source: ChangeSource;
  before: Match;
  after: Match;
}

/** The tables of a match's histories: the same columns but for the state before and after each change. */
type MatchChangeTable = typeof matchResultChanges | typeof matchKickoffChanges;

/** The columns a history row shares with every other (the states before and after are each table's own). */
export const matchChangeColumns = ({ matchId, changedBy, source }: MatchChange) => ({ matchId, changedBy, source });

/** A match's history, oldest first, each change named by its author and with its state before and after (`states`). */
export async function listMatchChanges<T extends MatchChangeTable, State>(
  db: Database,
  table: T,
  matchId: number,
  authorOf: ChangeAuthors,
  states: (change: T['$inferSelect']) => { before: State; after: State },
) {
  // Drizzle's query builder takes a table, not a type parameter: query the union, read rows as `T`'s.
  const history: MatchChangeTable = table;
  const rows: { change: T['$inferSelect']; adminName: string | null }[] = await db
    .select({ change: history, adminName: users.name })
    .from(history)
    .leftJoin(users, eq(users.id, history.changedBy))
    .where(eq(history.matchId, matchId))
    .orderBy(asc(history.changedAt), asc(history.id));
  return rows.map(({ change, adminName }) => ({
    id: change.id,
    matchId: change.matchId,
    changedAt: change.changedAt.toISOString(),
    source: change.source,
    changedBy: authorOf(change.source, adminName),
    ...states(change),
  }));
}

/** The result history (audit trail): written by the matches service with every result change, read by its route. */
export function createResultChangesRepository(db: Database, authorOf: ChangeAuthors = changeAuthors()) {
  return {
    /** Inside the transaction that changes the result. */
    async record(tx: Executor, change: MatchChange): Promise<void> {
      await tx.insert(matchResultChanges).values({
        ...matchChangeColumns(change),
        oldStatus: change.before.status,
        oldScoreHome: change.before.scoreHome,
        oldScoreAway: change.before.scoreAway,
        newStatus: change.after.status,
        newScoreHome: change.after.scoreHome,
        newScoreAway: change.after.scoreAway,
      });
    },

    /** The match's latest result change (who made it: `ChangeSource`), read inside the caller's transaction. */
    async latest(
      tx: Executor,
      matchId: number,
    ): Promise<{ source: ChangeSource; changedAt: string; changedBy: string } | undefined> {
      const [row] = await tx
        .select({ source: matchResultChanges.source, changedAt: matchResultChanges.changedAt, adminName: users.name })
        .from(matchResultChanges)
        .leftJoin(users, eq(users.id, matchResultChanges.changedBy))
        .where(eq(matchResultChanges.matchId, matchId))
        .orderBy(desc(matchResultChanges.changedAt), desc(matchResultChanges.id))
        .limit(1);
      if (!row) return undefined;
      return {
        source: row.source as ChangeSource,
        changedAt: row.changedAt.toISOString(),
        changedBy: authorOf(row.source, row.adminName),
      };
    },

    listByMatch(matchId: number): Promise<MatchResultChange[]> {
      return listMatchChanges(db, matchResultChanges, matchId, authorOf, (change) => ({
        before: {
          status: change.oldStatus as MatchStatus,
          scoreHome: change.oldScoreHome,
          scoreAway: change.oldScoreAway,
        },
        after: {
          status: change.newStatus as MatchStatus,
          scoreHome: change.newScoreHome,
          scoreAway: change.newScoreAway,
        },
      }));
    },
  };
}

export type ResultChangesRepository = ReturnType<typeof createResultChangesRepository>;
