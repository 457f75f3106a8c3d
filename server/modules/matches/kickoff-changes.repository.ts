import { asc, eq } from 'drizzle-orm';
import type { ChangeSource, Match, MatchKickoffChange } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { matchKickoffChanges, users } from '../../db/schema.ts';
import { changeAuthors, type ChangeAuthors } from './result-changes.repository.ts';

/** The kick-off's history: written by the matches service with every kick-off change, read by its route. */
export function createKickoffChangesRepository(db: Database, authorOf: ChangeAuthors = changeAuthors()) {
  return {
    /** Inside the transaction that changes the kick-off. */
    async record(
      tx: Executor,
      change: { matchId: number; changedBy: number | null; source: ChangeSource; before: Match; after: Match },
    ): Promise<void> {
      await tx.insert(matchKickoffChanges).values({
        matchId: change.matchId,
        changedBy: change.changedBy,
        source: change.source,
        oldMatchDate: new Date(change.before.matchDate),
        oldKickoffConfirmed: change.before.kickoffConfirmed,
        newMatchDate: new Date(change.after.matchDate),
        newKickoffConfirmed: change.after.kickoffConfirmed,
      });
    },

    async listByMatch(matchId: number): Promise<MatchKickoffChange[]> {
      const rows = await db
        .select({ change: matchKickoffChanges, adminName: users.name })
        .from(matchKickoffChanges)
        .leftJoin(users, eq(users.id, matchKickoffChanges.changedBy))
        .where(eq(matchKickoffChanges.matchId, matchId))
        .orderBy(asc(matchKickoffChanges.changedAt), asc(matchKickoffChanges.id));
      return rows.map(({ change, adminName }) => ({
        id: change.id,
        matchId: change.matchId,
        changedAt: change.changedAt.toISOString(),
        source: change.source,
        changedBy: authorOf(change.source, adminName),
        before: { matchDate: change.oldMatchDate.toISOString(), kickoffConfirmed: change.oldKickoffConfirmed },
        after: { matchDate: change.newMatchDate.toISOString(), kickoffConfirmed: change.newKickoffConfirmed },
      }));
    },
  };
}

export type KickoffChangesRepository = ReturnType<typeof createKickoffChangesRepository>;
