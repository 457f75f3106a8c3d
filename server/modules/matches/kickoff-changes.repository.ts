import type { MatchKickoffChange } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { matchKickoffChanges } from '../../db/schema.ts';
import {
  changeAuthors,
  listMatchChanges,
  matchChangeColumns,
  type ChangeAuthors,
  type MatchChange,
} from './result-changes.repository.ts';

/** The kick-off's history: written by the matches service with every kick-off change, read by its route. */
export function createKickoffChangesRepository(db: Database, authorOf: ChangeAuthors = changeAuthors()) {
  return {
    /** Inside the transaction that changes the kick-off. */
    async record(tx: Executor, change: MatchChange): Promise<void> {
      await tx.insert(matchKickoffChanges).values({
        ...matchChangeColumns(change),
        oldMatchDate: new Date(change.before.matchDate),
        oldKickoffConfirmed: change.before.kickoffConfirmed,
        newMatchDate: new Date(change.after.matchDate),
        newKickoffConfirmed: change.after.kickoffConfirmed,
      });
    },

    listByMatch(matchId: number): Promise<MatchKickoffChange[]> {
      return listMatchChanges(db, matchKickoffChanges, matchId, authorOf, (change) => ({
        before: { matchDate: change.oldMatchDate.toISOString(), kickoffConfirmed: change.oldKickoffConfirmed },
        after: { matchDate: change.newMatchDate.toISOString(), kickoffConfirmed: change.newKickoffConfirmed },
      }));
    },
  };
}

export type KickoffChangesRepository = ReturnType<typeof createKickoffChangesRepository>;
