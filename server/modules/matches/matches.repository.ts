import { asc, count, eq, gte, inArray, max } from 'drizzle-orm';
import type { Match } from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { matches, predictions, users } from '../../db/schema.ts';

const matchColumns = {
  id: matches.id,
  competition: matches.competition,
  round: matches.round,
  weekNumber: matches.weekNumber,
  matchDate: matches.matchDate,
  kickoffConfirmed: matches.kickoffConfirmed,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  scoreHome: matches.scoreHome,
  scoreAway: matches.scoreAway,
  status: matches.status,
};

type MatchRow = Omit<Match, 'matchDate'> & { matchDate: Date };
export type MatchValues = Omit<Match, 'id' | 'matchDate'> & { matchDate: Date };

const toMatch = (row: MatchRow): Match => ({ ...row, matchDate: row.matchDate.toISOString() });

export function createMatchesRepository(db: Database) {
  return {
    /** One competition's matches, or those of every competition with a match on or after `activeSince`. */
    async list(filter: { competition: string } | { activeSince: Date }): Promise<Match[]> {
      const where =
        'competition' in filter
          ? eq(matches.competition, filter.competition)
          : inArray(
              matches.competition,
              db
                .select({ competition: matches.competition })
                .from(matches)
                .groupBy(matches.competition)
                .having(gte(max(matches.matchDate), filter.activeSince)),
            );
      const rows = await db.select(matchColumns).from(matches).where(where).orderBy(asc(matches.matchDate), asc(matches.id));
      return rows.map(toMatch);
    },

    async listByCompetition(competition: string): Promise<Match[]> {
      const rows = await db.select(matchColumns).from(matches).where(eq(matches.competition, competition));
      return rows.map(toMatch);
    },

    async findById(id: number, executor: Executor = db): Promise<Match | undefined> {
      const [row] = await executor.select(matchColumns).from(matches).where(eq(matches.id, id));
      return row && toMatch(row);
    },

    /** Reads the match and locks its row until the transaction ends: result saves on one match take turns. */
    async findForUpdate(tx: Executor, id: number): Promise<Match | undefined> {
      const [row] = await tx.select(matchColumns).from(matches).where(eq(matches.id, id)).for('update');
      return row && toMatch(row);
    },

    /**
     * When and by whom (their name; null once their account is deleted) an admin last set the match's kick-off by
     * hand; undefined while the kick-off is the data's. Read inside the caller's transaction.
     */
    async kickoffCorrection(tx: Executor, id: number): Promise<{ changedAt: string; changedBy: string | null } | undefined> {
      const [row] = await tx
        .select({ at: matches.kickoffCorrectedAt, name: users.name })
        .from(matches)
        .leftJoin(users, eq(users.id, matches.kickoffCorrectedBy))
        .where(eq(matches.id, id));
      return row?.at ? { changedAt: row.at.toISOString(), changedBy: row.name } : undefined;
    },

    /** Throws the driver's unique violation when the fixture exists in that round. */
    async insert(values: MatchValues): Promise<Match> {
      const [row] = await db.insert(matches).values(values).returning(matchColumns);
      if (!row) throw new Error('insert returned no row');
      return toMatch(row);
    },

    /**
     * Saves the match; `kickoffCorrectedBy`: an admin set its kick-off by hand (its date or whether its time is
     * confirmed), so that imports keep it (`kickoffCorrection`).
     */
    async update(tx: Executor, id: number, values: MatchValues, kickoffCorrectedBy?: { userId: number; at: Date }): Promise<Match> {
      const corrected = kickoffCorrectedBy && {
        kickoffCorrectedAt: kickoffCorrectedBy.at,
        kickoffCorrectedBy: kickoffCorrectedBy.userId,
      };
      const [row] = await tx
        .update(matches)
        .set({ ...values, ...corrected, updatedAt: new Date() })
        .where(eq(matches.id, id))
        .returning(matchColumns);
      if (!row) throw new Error('update returned no row');
      return toMatch(row);
    },

    async predictionCount(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(predictions).where(eq(predictions.matchId, id));
      return row?.n ?? 0;
    },

    async delete(id: number): Promise<void> {
      await db.delete(matches).where(eq(matches.id, id));
    },
  };
}

export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
