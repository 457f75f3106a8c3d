import { and, eq, exists, gt, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { GameMode, Jugada, NamedPool, PredictionChoice } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { jugadas, matches, poolParticipants, pools, predictions } from '../../db/schema.ts';

/** A pool's place in the jugadas: the competition it plays ('' for every match) and its game's mode. */
export interface JugadaPool {
  id: number;
  name: string;
  scope: string;
  mode: GameMode;
}

/** A source pick the jugada copies: its match, its shape (the source's mode) and whether it holds the comodín. */
export interface SourcePick {
  matchId: number;
  prediction: PredictionChoice;
  scoreHome: number | null;
  scoreAway: number | null;
  joker: boolean;
}

const scopeOf = sql<string>`coalesce(${pools.competition}, '')`;

/**
 * Two pools can share a jugada: the same competition (or both every match) and the same game mode, which decides a
 * pick's shape (decision 041). Read from the pools' own columns, so a game mode added later is covered as it is.
 */
const sameGame = (
  pool: { competition: SQL | PgColumn; gameMode: SQL | PgColumn },
  scope: SQL | string,
  mode: SQL | PgColumn | string,
) => and(sql`coalesce(${pool.competition}, '') = ${scope}`, sql`${pool.gameMode} = ${mode}`);
/** A jugada's source pool, beside its targets. */
const source = alias(pools, 'source');

/**
 * "Mi jugada" (docs/decisions/081-one-set-of-picks-for-several-pools.md): one row per player and competition, and the
 * reads that find, for a pick just saved, where it is copied.
 */
export function createJugadaRepository(db: Database) {
  /** `userId`'s pools (where they play) of `pool`'s competition and mode but `pool` itself, by name. */
  const compatible = (userId: number, pool: JugadaPool): Promise<NamedPool[]> =>
    db
      .select({ poolId: pools.id, poolName: pools.name })
      .from(poolParticipants)
      .innerJoin(pools, eq(pools.id, poolParticipants.poolId))
      .where(and(eq(poolParticipants.userId, userId), ne(pools.id, pool.id), sameGame(pools, pool.scope, pool.mode)))
      .orderBy(pools.name, pools.id);

  return {
    /** The pool as the jugadas read it, when `userId` plays in it (undefined otherwise: 404-safe). */
    async memberPool(userId: number, poolId: number): Promise<JugadaPool | undefined> {
      const [row] = await db
        .select({ id: pools.id, name: pools.name, scope: scopeOf, mode: pools.gameMode })
        .from(poolParticipants)
        .innerJoin(pools, eq(pools.id, poolParticipants.poolId))
        .where(and(eq(poolParticipants.poolId, poolId), eq(poolParticipants.userId, userId)));
      return row;
    },

    compatible,

    /** `userId`'s jugada of `pool`'s competition, its targets those still compatible with its source; null without one. */
    async jugadaOf(userId: number, pool: JugadaPool): Promise<Jugada | null> {
      const [row] = await db
        .select({
          sourcePoolId: jugadas.sourcePoolId,
          sourcePoolName: pools.name,
          targetPoolIds: jugadas.targetPoolIds,
          sameEverywhere: jugadas.sameEverywhere,
          mode: pools.gameMode,
        })
        .from(jugadas)
        .innerJoin(pools, eq(pools.id, jugadas.sourcePoolId))
        .where(and(eq(jugadas.userId, userId), eq(jugadas.scope, pool.scope)));
      if (!row) return null;
      const { targetPoolIds, mode, ...jugada } = row;
      const chosen = new Set(targetPoolIds);
      const source = { id: row.sourcePoolId, name: row.sourcePoolName, scope: pool.scope, mode };
      const targets = (await compatible(userId, source)).filter((target) => chosen.has(target.poolId));
      return { ...jugada, targets };
    },

    /**
     * Where a pick `userId` just saved in `poolId` is copied: the targets of the jugada whose source it is, those
     * the player still plays in, of the source's competition and mode; null when the pool is no jugada's source (the
     * default: one indexed read per saved pick).
     */
    async targetsOf(userId: number, poolId: number): Promise<{ sameEverywhere: boolean; targets: NamedPool[] } | null> {
      const rows = await db
        .select({ sameEverywhere: jugadas.sameEverywhere, poolId: pools.id, poolName: pools.name })
        .from(jugadas)
        .innerJoin(source, eq(source.id, jugadas.sourcePoolId))
        .leftJoin(
          pools,
          and(
            sql`${pools.id} = any(${jugadas.targetPoolIds})`,
            ne(pools.id, source.id),
            sameGame(pools, sql`coalesce(${source.competition}, '')`, source.gameMode),
            exists(
              db
                .select({ id: poolParticipants.id })
                .from(poolParticipants)
                .where(and(eq(poolParticipants.poolId, pools.id), eq(poolParticipants.userId, jugadas.userId))),
            ),
          ),
        )
        .where(and(eq(jugadas.userId, userId), eq(jugadas.sourcePoolId, poolId)))
        .orderBy(pools.name, pools.id);
      const [first] = rows;
      if (!first) return null;
      const targets = rows.flatMap(({ poolId: id, poolName }) =>
        id === null || poolName === null ? [] : [{ poolId: id, poolName }],
      );
      return { sameEverywhere: first.sameEverywhere, targets };
    },

    /** Makes `source` the jugada of its competition for `userId` (replacing any other pool's of that competition). */
    async save(
      userId: number,
      source: JugadaPool,
      targetPoolIds: number[],
      sameEverywhere: boolean,
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // The pool may have been another competition's source: never two rows for one source.
        await tx
          .delete(jugadas)
          .where(and(eq(jugadas.userId, userId), eq(jugadas.sourcePoolId, source.id), ne(jugadas.scope, source.scope)));
        await tx
          .insert(jugadas)
          .values({
            userId,
            scope: source.scope,
            sourcePoolId: source.id,
            targetPoolIds,
            sameEverywhere,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [jugadas.userId, jugadas.scope],
            set: { sourcePoolId: source.id, targetPoolIds, sameEverywhere, updatedAt: now },
          });
      });
    },

    /** Ends `userId`'s jugada whose source is `poolId`; false when it was none's. */
    async remove(userId: number, poolId: number): Promise<boolean> {
      const rows = await db
        .delete(jugadas)
        .where(and(eq(jugadas.userId, userId), eq(jugadas.sourcePoolId, poolId)))
        .returning({ userId: jugadas.userId });
      return rows.length > 0;
    },

    /** `userId`'s picks in `poolId` of matches that have not kicked off by `now`: what choosing a jugada copies. */
    async openPicks(userId: number, poolId: number, now: Date): Promise<SourcePick[]> {
      return db
        .select({
          matchId: predictions.matchId,
          prediction: predictions.prediction,
          scoreHome: predictions.scoreHome,
          scoreAway: predictions.scoreAway,
          joker: predictions.joker,
        })
        .from(predictions)
        .innerJoin(matches, eq(matches.id, predictions.matchId))
        .where(
          and(
            eq(predictions.poolId, poolId),
            eq(predictions.userId, userId),
            eq(matches.status, 'scheduled'),
            gt(matches.matchDate, now),
          ),
        )
        .orderBy(matches.matchDate, matches.id);
    },

    /** `userId` has a pick of `matchId` in `poolId` (a refused copy's explanation). */
    async hasPick(userId: number, poolId: number, matchId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: predictions.id })
        .from(predictions)
        .where(and(eq(predictions.poolId, poolId), eq(predictions.userId, userId), eq(predictions.matchId, matchId)));
      return row !== undefined;
    },
  };
}

export type JugadaRepository = ReturnType<typeof createJugadaRepository>;
