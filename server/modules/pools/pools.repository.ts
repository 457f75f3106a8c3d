import { TransactionRollbackError, and, asc, count, desc, eq, exists, inArray, lt, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  competitionNameOf,
  roundDisplayLabel,
  type GameRules,
  type Pool,
  type PoolInvitation,
  type PoolPageQuery,
  type PoolParticipant,
} from '#contract/index';
import type { Database } from '../../db/client.ts';
import { matches, poolParticipants, pools, standings, users } from '../../db/schema.ts';

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
type PoolRow = Omit<Pool, 'createdAt' | 'competitionName' | 'fromRoundLabel' | 'game'> &
  GameColumns & {
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
  createdAt: row.createdAt.toISOString(),
  competitionName: row.competition === null ? null : competitionNameOf(row.competition).displayName,
  fromRoundLabel: fromRoundLabels === null || fromRoundLabels.length === 0 ? null : roundDisplayLabel(fromRoundLabels),
});

export type JoinOutcome = 'joined' | 'already-in' | 'full';

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
    }) {
      const { game, ...fields } = pool;
      const [row] = await db.insert(pools).values({ ...fields, ...gameRulesColumns(game) }).returning(poolColumns);
      if (!row) throw new Error('insert returned no row');
      return toPool(row);
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
    join(poolId: number, userId: number): Promise<JoinOutcome> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(poolParticipants)
          .values({ poolId, userId })
          .onConflictDoNothing()
          .returning({ id: poolParticipants.id });
        if (inserted.length === 0) return 'already-in';
        const taken = await tx
          .update(pools)
          .set({ participantCount: sql`${pools.participantCount} + 1` })
          .where(and(eq(pools.id, poolId), lt(pools.participantCount, pools.maxParticipants)))
          .returning({ id: pools.id });
        // No place left: undo the participant row too.
        if (taken.length === 0) tx.rollback();
        // Every participant is ranked from the start, with 0 points (the brief's ranking rule).
        await tx.insert(standings).values({ poolId, userId }).onConflictDoNothing();
        return 'joined' as const;
      }).catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return 'full' as const;
        throw error;
      });
    },

    async listJoined(userId: number): Promise<Pool[]> {
      const rows = await select()
        .innerJoin(poolParticipants, eq(poolParticipants.poolId, pools.id))
        .where(eq(poolParticipants.userId, userId))
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
