import { TransactionRollbackError, and, asc, count, desc, eq, exists, inArray, lt, min, ne, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  competitionNameOf,
  roundDisplayLabel,
  type GameMode,
  type GameRules,
  type Pool,
  type PoolInvitation,
  type PoolOptions,
  type PoolPageQuery,
  type PoolParticipant,
} from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import { deletedAny } from '../../db/deleted-any.ts';
import { matches, poolNotices, poolParticipants, pools, predictions, roundStandings, standings, users } from '../../db/schema.ts';
import { poolPlaysMatchSql } from './pool-scope.ts';

const poolColumns = {
  id: pools.id,
  name: pools.name,
  description: pools.description,
  maxParticipants: pools.maxParticipants,
  currentParticipants: pools.participantCount,
  invitationCode: pools.invitationCode,
  creatorId: pools.creatorId,
  isActive: pools.isActive,
  isClose: pools.isClosed,
  createdAt: pools.createdAt,
  competition: pools.competition,
  fromWeek: pools.fromWeek,
  editUntilKickoff: pools.editUntilKickoff,
  closeMinutesBefore: pools.closeMinutesBefore,
  creatorPlays: pools.creatorPlays,
  lateJoiners: pools.lateJoiners,
  tieBreak: pools.tieBreak,
  /** The data labels of the pool's first round, in kick-off order: its label is made from them (roundDisplayLabel). */
  fromRoundLabels: sql<string[] | null>`(
    select array_agg(r.round order by r.first_kickoff, r.round)
    from (
      select m.round, min(m.match_date) as first_kickoff
      from ${matches} m
      -- Qualified by hand: in an insert's or update's returning, Drizzle writes the table's columns unqualified.
      where m.competition = "pools"."competition" and m.week_number = "pools"."from_week"
      group by m.round
    ) r
  )`,
  gameMode: pools.gameMode,
  pointsPreset: pools.pointsPreset,
  pointsExact: pools.pointsExact,
  pointsDifference: pools.pointsDifference,
  pointsOutcome: pools.pointsOutcome,
  pointsTeamGoals: pools.pointsTeamGoals,
  joker: pools.joker,
  knockoutFromWeek: pools.knockoutFromWeek,
};

/** A pool's game as its columns (schema.ts). */
export function gameRulesColumns(game: GameRules) {
  return {
    gameMode: game.mode,
    pointsPreset: game.preset,
    pointsExact: game.points.exact,
    pointsDifference: game.points.difference,
    pointsOutcome: game.points.outcome,
    pointsTeamGoals: game.points.teamGoals,
    joker: game.joker,
    knockoutFromWeek: game.knockoutFromWeek,
  };
}

type GameColumns = ReturnType<typeof gameRulesColumns>;
type PoolRow = Omit<Pool, 'createdAt' | 'competitionName' | 'fromRoundLabel' | 'game' | 'options'> &
  GameColumns &
  PoolOptions & {
    createdAt: Date;
    fromRoundLabels: string[] | null;
  };
const toPool = ({
  fromRoundLabels,
  gameMode,
  pointsPreset,
  pointsExact,
  pointsDifference,
  pointsOutcome,
  pointsTeamGoals,
  joker,
  knockoutFromWeek,
  editUntilKickoff,
  closeMinutesBefore,
  creatorPlays,
  lateJoiners,
  tieBreak,
  ...row
}: PoolRow): Pool => ({
  ...row,
  game: {
    mode: gameMode,
    preset: pointsPreset,
    points: { exact: pointsExact, difference: pointsDifference, outcome: pointsOutcome, teamGoals: pointsTeamGoals },
    joker,
    knockoutFromWeek,
  },
  options: { editUntilKickoff, closeMinutesBefore, creatorPlays, lateJoiners, tieBreak },
  createdAt: row.createdAt.toISOString(),
  competitionName: row.competition === null ? null : competitionNameOf(row.competition).displayName,
  fromRoundLabel: fromRoundLabels === null || fromRoundLabels.length === 0 ? null : roundDisplayLabel(fromRoundLabels),
});

/** Whether a pool that starts at `startsAt` (`startsAt` below) has started by `now`. */
export const poolStarted = (startsAt: Date | null, now: Date): boolean => startsAt !== null && startsAt <= now;

export type JoinOutcome = 'joined' | 'already-in' | 'full';

/**
 * Adds `userId` to the pool, taking a place, with their standing at `startingPoints`. The place is taken by a
 * conditional update, so concurrent joins for the last place cannot both succeed: no place left rolls back.
 */
async function takePlace(tx: Executor, poolId: number, userId: number, startingPoints: number): Promise<'joined' | 'already-in'> {
  const inserted = await tx
    .insert(poolParticipants)
    .values({ poolId, userId, startingPoints })
    .onConflictDoNothing()
    .returning({ id: poolParticipants.id });
  if (inserted.length === 0) return 'already-in';
  const taken = await tx
    .update(pools)
    .set({ participantCount: sql`${pools.participantCount} + 1` })
    .where(and(eq(pools.id, poolId), lt(pools.participantCount, pools.maxParticipants)))
    .returning({ id: pools.id });
  if (taken.length === 0) throw new TransactionRollbackError();
  // Every participant is ranked from the start (the brief's ranking rule), a late joiner of a 'lowest' pool with the
  // pool's lowest total then.
  await tx.insert(standings).values({ poolId, userId, points: startingPoints }).onConflictDoNothing();
  return 'joined';
}

/** Takes `userId` out of the pool: their place, their picks and their standings, in the caller's transaction. */
async function leave(tx: Executor, poolId: number, userId: number): Promise<boolean> {
  const left = await tx
    .delete(poolParticipants)
    .where(and(eq(poolParticipants.poolId, poolId), eq(poolParticipants.userId, userId)))
    .returning({ id: poolParticipants.id });
  if (left.length === 0) return false;
  await tx.delete(predictions).where(and(eq(predictions.poolId, poolId), eq(predictions.userId, userId)));
  await tx.delete(roundStandings).where(and(eq(roundStandings.poolId, poolId), eq(roundStandings.userId, userId)));
  await tx.delete(standings).where(and(eq(standings.poolId, poolId), eq(standings.userId, userId)));
  await tx
    .update(pools)
    .set({ participantCount: sql`${pools.participantCount} - 1` })
    .where(eq(pools.id, poolId));
  return true;
}

export function createPoolsRepository(db: Database) {
  const select = () => db.select(poolColumns).from(pools);

  return {
    /** Throws the driver's unique violation when the invitation code is taken. */
    async insert(pool: {
      name: string;
      description: string;
      maxParticipants: number;
      invitationCode: number;
      creatorId: number;
      /** Both or neither: null counts every match (server/modules/pools/pool-scope.ts). */
      competition?: string | null;
      fromWeek?: number | null;
      game: GameRules;
      options: PoolOptions;
      /** By the server's clock: the pool starts at the first kick-off after it (`startsAt`). */
      createdAt: Date;
    }) {
      const { game, options, ...fields } = pool;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pools)
          .values({ ...fields, ...gameRulesColumns(game), ...options })
          .returning({ id: pools.id });
        if (!row) throw new Error('insert returned no row');
        // "El creador también juega": the creator takes the first place.
        if (options.creatorPlays) await takePlace(tx, row.id, pool.creatorId, 0);
        const [created] = await tx.select(poolColumns).from(pools).where(eq(pools.id, row.id));
        return toPool(created!);
      });
    },

    async findById(id: number): Promise<Pool | undefined> {
      const [row] = await select().where(eq(pools.id, id));
      return row && toPool(row);
    },

    async findByCode(invitationCode: number): Promise<Pool | undefined> {
      const [row] = await select().where(eq(pools.invitationCode, invitationCode));
      return row && toPool(row);
    },

    /** What `invitationCode` opens, as `userId` sees it before joining: one query, the creator's name and the user's place. */
    async findInvitation(invitationCode: number, userId: number): Promise<PoolInvitation | undefined> {
      const joined = exists(
        db
          .select({ id: poolParticipants.id })
          .from(poolParticipants)
          .where(and(eq(poolParticipants.poolId, pools.id), eq(poolParticipants.userId, userId))),
      );
      const [row] = await db
        .select({
          id: pools.id,
          name: pools.name,
          description: pools.description,
          creatorId: pools.creatorId,
          creatorName: users.name,
          currentParticipants: pools.participantCount,
          maxParticipants: pools.maxParticipants,
          isActive: pools.isActive,
          isClose: pools.isClosed,
          joined: sql<boolean>`${joined}`.mapWith(Boolean),
        })
        .from(pools)
        .innerJoin(users, eq(users.id, pools.creatorId))
        .where(eq(pools.invitationCode, invitationCode));
      if (!row) return undefined;
      const { creatorId, joined: isParticipant, ...invitation } = row;
      const membership = creatorId === userId ? 'creator' : isParticipant ? 'participant' : 'none';
      return { ...invitation, membership };
    },

    /**
     * What the live channel needs to admit `userId` to a pool's stream (pool-access.ts) and route its events: the
     * pool's creator, its scope and whether the user takes part, in one light query (no labels, no game).
     */
    async findLiveAccess(
      poolId: number,
      userId: number,
    ): Promise<(Pick<Pool, 'id' | 'creatorId' | 'competition' | 'fromWeek'> & { gameMode: GameMode; isParticipant: boolean }) | undefined> {
      const [row] = await db
        .select({
          id: pools.id,
          creatorId: pools.creatorId,
          competition: pools.competition,
          fromWeek: pools.fromWeek,
          gameMode: pools.gameMode,
          isParticipant: sql<boolean>`${exists(
            db
              .select({ id: poolParticipants.id })
              .from(poolParticipants)
              .where(and(eq(poolParticipants.poolId, pools.id), eq(poolParticipants.userId, userId))),
          )}`.mapWith(Boolean),
        })
        .from(pools)
        .where(eq(pools.id, poolId));
      return row;
    },

    /**
     * Which of the pools `poolIds` play match `matchId` (`poolPlaysMatchSql`): the live channel asks it for a match's
     * event to its La Quiniela pools, whose matches are their boletos'.
     */
    async playingMatch(matchId: number, poolIds: readonly number[]): Promise<number[]> {
      if (poolIds.length === 0) return [];
      const rows = await db
        .select({ id: pools.id })
        .from(pools)
        .innerJoin(matches, eq(matches.id, matchId))
        .where(and(inArray(pools.id, [...poolIds]), poolPlaysMatchSql(sql`${pools}`, sql`${matches}`)));
      return rows.map((row) => row.id);
    },

    async isParticipant(poolId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: poolParticipants.id })
        .from(poolParticipants)
        .where(and(eq(poolParticipants.poolId, poolId), eq(poolParticipants.userId, userId)));
      return row !== undefined;
    },

    /**
     * Adds the participant and takes a place in one transaction. The place is taken by a
     * conditional update, so concurrent joins for the last place cannot both succeed.
     */
    join(poolId: number, userId: number, startingPoints = 0): Promise<JoinOutcome> {
      return db.transaction((tx) => takePlace(tx, poolId, userId, startingPoints)).catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return 'full' as const;
        throw error;
      });
    },

    /** The pool's lowest total now (0 without participants): where a late joiner of a 'lowest' pool starts. */
    async lowestTotal(poolId: number): Promise<number> {
      const [row] = await db.select({ lowest: min(standings.points) }).from(standings).where(eq(standings.poolId, poolId));
      return row?.lowest ?? 0;
    },

    /**
     * When the pool starts: the first kick-off of a match it counts that could take a pick in it (one kicking off
     * after the pool was created, or one with a pick of it), or the epoch once a match with a pick is live or
     * finished (its time no longer says); null while it counts no such match. A match that kicked off, or was
     * settled, before the pool existed starts nothing: a pool made mid-jornada, or with the spec's body (which
     * counts every match, the past ones too), starts at its next kick-off. Kept by the cached detail, which tells
     * `started` from it.
     */
    async startsAt(poolId: number): Promise<Date | null> {
      const picked = sql`exists (select 1 from ${predictions} where ${predictions.matchId} = ${matches.id} and ${predictions.poolId} = ${pools.id})`;
      const [row] = await db
        .select({
          startsAt: sql<Date | null>`min(case
            when ${picked} then case when ${matches.status} <> 'scheduled' then 'epoch'::timestamptz else ${matches.matchDate} end
            when ${matches.matchDate} >= ${pools.createdAt} then ${matches.matchDate}
          end)`.mapWith(matches.matchDate),
        })
        .from(matches)
        .innerJoin(pools, eq(pools.id, poolId))
        .where(poolPlaysMatchSql(sql`${pools}`, sql`${matches}`));
      return row?.startsAt ?? null;
    },

    /** Whether the pool has started (`startsAt`) by `now`. */
    async hasStarted(poolId: number, now: Date): Promise<boolean> {
      return poolStarted(await this.startsAt(poolId), now);
    },

    /**
     * Stores the options and/or the game; turning "El creador también juega" on gives the creator a place ('full'
     * when there is none), turning it off takes it back with their picks; a new mode only while the pool has no pick
     * ('has-picks'). One transaction: never the option without the place.
     */
    setRules(
      poolId: number,
      creatorId: number,
      { options, game }: { options?: PoolOptions | undefined; game?: GameRules | undefined },
    ): Promise<'saved' | 'full' | 'has-picks'> {
      return db
        .transaction(async (tx) => {
          const [before] = await tx
            .select({ creatorPlays: pools.creatorPlays, gameMode: pools.gameMode })
            .from(pools)
            .where(eq(pools.id, poolId))
            .for('update');
          if (before && game && game.mode !== before.gameMode) {
            const [pick] = await tx.select({ id: predictions.id }).from(predictions).where(eq(predictions.poolId, poolId)).limit(1);
            if (pick) return 'has-picks' as const;
          }
          await tx
            .update(pools)
            .set({ ...options, ...(game && gameRulesColumns(game)) })
            .where(eq(pools.id, poolId));
          if (options && before && !before.creatorPlays && options.creatorPlays) await takePlace(tx, poolId, creatorId, 0);
          if (options && before?.creatorPlays && !options.creatorPlays) await leave(tx, poolId, creatorId);
          return 'saved' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return 'full' as const;
          throw error;
        });
    },

    /** Removes a participant (their picks leave the ranking) and leaves them `notice`; false when they were not in it. */
    removeParticipant(poolId: number, userId: number, notice: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await leave(tx, poolId, userId))) return false;
        await tx.insert(poolNotices).values({ userId, message: notice });
        return true;
      });
    },

    async notices(userId: number) {
      const rows = await db
        .select({ id: poolNotices.id, message: poolNotices.message, createdAt: poolNotices.createdAt })
        .from(poolNotices)
        .where(eq(poolNotices.userId, userId))
        .orderBy(asc(poolNotices.id));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** Dismisses one of `userId`'s notices; false when they have no such notice. */
    dismissNotice(userId: number, id: number): Promise<boolean> {
      return deletedAny(db, poolNotices, and(eq(poolNotices.id, id), eq(poolNotices.userId, userId)));
    },

    async listJoined(userId: number): Promise<Pool[]> {
      const rows = await select()
        .innerJoin(poolParticipants, eq(poolParticipants.poolId, pools.id))
        // A creator who plays is listed with the pools they created, not twice.
        .where(and(eq(poolParticipants.userId, userId), ne(pools.creatorId, userId)))
        .orderBy(desc(poolParticipants.registeredAt), desc(pools.id));
      return rows.map((r) => toPool(r));
    },

    async listOwned(userId: number): Promise<Pool[]> {
      const rows = await select().where(eq(pools.creatorId, userId)).orderBy(desc(pools.createdAt), desc(pools.id));
      return rows.map(toPool);
    },

    /** A page of the pools `userId` created or joined, newest first; of every pool when `userId` is null (admins). */
    async listVisibleTo(userId: number | null, { limit, offset }: PoolPageQuery): Promise<{ pools: Pool[]; total: number }> {
      // A union, not `creator = … or id in (…)`: each side uses its index, where the `or` scans every pool.
      const visible =
        userId === null
          ? undefined
          : inArray(
              pools.id,
              union(
                db.select({ id: poolParticipants.poolId }).from(poolParticipants).where(eq(poolParticipants.userId, userId)),
                db.select({ id: pools.id }).from(pools).where(eq(pools.creatorId, userId)),
              ),
            );
      const [rows, [counted]] = await Promise.all([
        select().where(visible).orderBy(desc(pools.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(pools).where(visible),
      ]);
      return { pools: rows.map(toPool), total: counted?.total ?? 0 };
    },

    /** How many pools exist: "Actualizar Resultados" for an admin reports it without listing them all. */
    async countAll(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(pools);
      return row?.total ?? 0;
    },

    async participants(poolId: number): Promise<PoolParticipant[]> {
      const rows = await db
        .select({ id: users.id, name: users.name, registeredAt: poolParticipants.registeredAt })
        .from(poolParticipants)
        .innerJoin(users, eq(users.id, poolParticipants.userId))
        .where(eq(poolParticipants.poolId, poolId))
        .orderBy(asc(poolParticipants.registeredAt), asc(users.id));
      return rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() }));
    },

    /** Returns undefined when the new maximum is below the current count (the check constraint decides). */
    async update(
      id: number,
      changes: Partial<{ name: string; description: string; maxParticipants: number; isActive: boolean; isClosed: boolean }>,
    ): Promise<Pool | undefined> {
      // An empty PATCH changes nothing (and SQL has no empty SET).
      if (Object.keys(changes).length === 0) return this.findById(id);
      const [row] = await db
        .update(pools)
        .set(changes)
        .where(
          changes.maxParticipants === undefined
            ? eq(pools.id, id)
            : and(eq(pools.id, id), sql`${pools.participantCount} <= ${changes.maxParticipants}`),
        )
        .returning(poolColumns);
      return row && toPool(row);
    },

    async delete(id: number): Promise<void> {
      await db.delete(pools).where(eq(pools.id, id));
    },
  };
}

export type PoolsRepository = ReturnType<typeof createPoolsRepository>;
