import { and, asc, count, eq, gte, inArray, max, ne, sql } from 'drizzle-orm';
import type { FeedSource, Match } from '#contract/index';
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

    /**
     * What the fixtures without a result of `competitions` say at `now` (server/modules/results/pull-schedule.ts):
     * whether one kicked off less than `liveMs` ago, whether one is within `aheadMs` ahead or `behindMs` behind, and
     * when the next one further ahead comes within `aheadMs`, and the next kick-off still to come.
     */
    async fixtureWindow(
      competitions: readonly string[],
      now: Date,
      { liveMs, aheadMs, behindMs }: { liveMs: number; aheadMs: number; behindMs: number },
    ): Promise<{ live: boolean; near: boolean; nextNearAt: Date | null; nextKickoffAt: Date | null }> {
      if (competitions.length === 0) return { live: false, near: false, nextNearAt: null, nextKickoffAt: null };
      const at = (offsetMs: number) => sql`${new Date(now.getTime() + offsetMs).toISOString()}::timestamptz`;
      const [row] = await db
        .select({
          live: sql<boolean>`coalesce(bool_or(${matches.matchDate} <= ${at(0)} and ${matches.matchDate} > ${at(-liveMs)}), false)`,
          near: sql<boolean>`coalesce(bool_or(${matches.matchDate} between ${at(-behindMs)} and ${at(aheadMs)}), false)`,
          later: sql<Date | null>`min(${matches.matchDate}) filter (where ${matches.matchDate} > ${at(aheadMs)})`.mapWith(
            matches.matchDate,
          ),
          kickoff: sql<Date | null>`min(${matches.matchDate}) filter (where ${matches.matchDate} > ${at(0)})`.mapWith(
            matches.matchDate,
          ),
        })
        .from(matches)
        .where(and(ne(matches.status, 'finished'), inArray(matches.competition, [...competitions])));
      return {
        live: row?.live === true,
        near: row?.near === true,
        nextNearAt: row?.later ? new Date(row.later.getTime() - aheadMs) : null,
        nextKickoffAt: row?.kickoff ?? null,
      };
    },

    async listByCompetition(competition: string): Promise<Match[]> {
      const rows = await db.select(matchColumns).from(matches).where(eq(matches.competition, competition));
      return rows.map(toMatch);
    },

    /** The matches of `ids` that exist, in no particular order. */
    async findByIds(ids: readonly number[], executor: Executor = db): Promise<Match[]> {
      if (ids.length === 0) return [];
      const rows = await executor.select(matchColumns).from(matches).where(inArray(matches.id, [...ids]));
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
     * Who set the match's kick-off: when and by whom (their name; null once their account is deleted) an admin last
     * set it by hand (`correction`, undefined while the kick-off is the data's), and the feed that last set it
     * (`source`, null: the shipped data). Read inside the caller's transaction.
     */
    async kickoffOrigin(
      tx: Executor,
      id: number,
    ): Promise<{ correction?: { changedAt: string; changedBy: string | null }; source: FeedSource | null }> {
      const [row] = await tx
        .select({ at: matches.kickoffCorrectedAt, name: users.name, source: matches.kickoffSource })
        .from(matches)
        .leftJoin(users, eq(users.id, matches.kickoffCorrectedBy))
        .where(eq(matches.id, id));
      return {
        ...(row?.at ? { correction: { changedAt: row.at.toISOString(), changedBy: row.name } } : {}),
        source: (row?.source ?? null) as FeedSource | null,
      };
    },

    /** Throws the driver's unique violation when the fixture exists in that round. */
    async insert(values: MatchValues, executor: Executor = db): Promise<Match> {
      const [row] = await executor.insert(matches).values(values).returning(matchColumns);
      if (!row) throw new Error('insert returned no row');
      return toMatch(row);
    },

    /**
     * Saves the match; `kickoffSetBy`, when its kick-off changed: an admin set it by hand (its date or whether its
     * time is confirmed), so that imports keep it (`kickoffOrigin`), or the feed that brought it.
     */
    async update(
      tx: Executor,
      id: number,
      values: MatchValues,
      kickoffSetBy?: { admin: { userId: number; at: Date } } | { feed: FeedSource },
    ): Promise<Match> {
      const setBy =
        kickoffSetBy === undefined
          ? {}
          : 'admin' in kickoffSetBy
            ? { kickoffCorrectedAt: kickoffSetBy.admin.at, kickoffCorrectedBy: kickoffSetBy.admin.userId }
            : { kickoffSource: kickoffSetBy.feed };
      const [row] = await tx
        .update(matches)
        .set({ ...values, ...setBy, updatedAt: new Date() })
        .where(eq(matches.id, id))
        .returning(matchColumns);
      if (!row) throw new Error('update returned no row');
      return toMatch(row);
    },

    async predictionCount(id: number, executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ n: count() }).from(predictions).where(eq(predictions.matchId, id));
      return row?.n ?? 0;
    },

    async delete(id: number, executor: Executor = db): Promise<void> {
      await executor.delete(matches).where(eq(matches.id, id));
    },
  };
}

export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
