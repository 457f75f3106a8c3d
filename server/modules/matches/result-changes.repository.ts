import { asc, desc, eq } from 'drizzle-orm';
import { IMPORT_AUTHOR, type Match, type MatchResultChange, type MatchStatus } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { matchResultChanges, users } from '../../db/schema.ts';

/** Named when the admin who made a correction has since been deleted. */
export const DELETED_ADMIN = 'administrador (cuenta eliminada)';

/** The result history (audit trail): written by the matches service with every result change, read by its route. */
export function createResultChangesRepository(db: Database) {
  return {
    /** Inside the transaction that changes the result. */
    async record(
      tx: Executor,
      change: { matchId: number; changedBy: number | null; source: string; before: Match; after: Match },
    ): Promise<void> {
      await tx.insert(matchResultChanges).values({
        matchId: change.matchId,
        changedBy: change.changedBy,
        source: change.source,
        oldStatus: change.before.status,
        oldScoreHome: change.before.scoreHome,
        oldScoreAway: change.before.scoreAway,
        newStatus: change.after.status,
        newScoreHome: change.after.scoreHome,
        newScoreAway: change.after.scoreAway,
      });
    },

    /** The match's latest result change (who made it: 'admin' or 'import'), read inside the caller's transaction. */
    async latest(
      tx: Executor,
      matchId: number,
    ): Promise<{ source: string; changedAt: string; changedBy: string } | undefined> {
      const [row] = await tx
        .select({ source: matchResultChanges.source, changedAt: matchResultChanges.changedAt, adminName: users.name })
        .from(matchResultChanges)
        .leftJoin(users, eq(users.id, matchResultChanges.changedBy))
        .where(eq(matchResultChanges.matchId, matchId))
        .orderBy(desc(matchResultChanges.changedAt), desc(matchResultChanges.id))
        .limit(1);
      if (!row) return undefined;
      return {
        source: row.source,
        changedAt: row.changedAt.toISOString(),
        changedBy: row.source === 'import' ? IMPORT_AUTHOR : (row.adminName ?? DELETED_ADMIN),
      };
    },

    async listByMatch(matchId: number): Promise<MatchResultChange[]> {
      const rows = await db
        .select({ change: matchResultChanges, adminName: users.name })
        .from(matchResultChanges)
        .leftJoin(users, eq(users.id, matchResultChanges.changedBy))
        .where(eq(matchResultChanges.matchId, matchId))
        .orderBy(asc(matchResultChanges.changedAt), asc(matchResultChanges.id));
      return rows.map(({ change, adminName }) => ({
        id: change.id,
        matchId: change.matchId,
        changedAt: change.changedAt.toISOString(),
        source: change.source,
        changedBy: change.source === 'import' ? IMPORT_AUTHOR : (adminName ?? DELETED_ADMIN),
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
