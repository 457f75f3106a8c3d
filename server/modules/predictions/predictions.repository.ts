import { and, asc, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { GameMode, PickDistribution, Prediction, PredictionChoice } from '#contract/index';
import { preparedRows, type Database } from '../../db/client.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import { boletoMatches, matches, poolParticipants, pools, predictions, users } from '../../db/schema.ts';
import { jokerRefusal, pickAdmittedSql, type Refusal } from './pick-admission.ts';

const columns = {
  id: predictions.id,
  matchId: predictions.matchId,
  poolId: predictions.poolId,
  userId: predictions.userId,
  prediction: predictions.prediction,
  scoreHome: predictions.scoreHome,
  scoreAway: predictions.scoreAway,
  joker: predictions.joker,
  createdAt: predictions.createdAt,
};

const returned = sql.raw(
  `id, match_id as "matchId", pool_id as "poolId", user_id as "userId", prediction, score_home as "scoreHome", score_away as "scoreAway", joker, created_at as "createdAt"`,
);

type PredictionRow = Omit<Prediction, 'createdAt' | 'copiedFrom'> & { createdAt: Date };

const toPrediction = (row: PredictionRow): Prediction => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A pick with the pool "Mi jugada" copied it from, when it was copied (the answer has no `copiedFrom` otherwise). */
const toListedPrediction = ({
  copiedFromPoolId,
  copiedFromPoolName,
  ...row
}: PredictionRow & { copiedFromPoolId: number | null; copiedFromPoolName: string | null }): Prediction => ({
  ...toPrediction(row),
  ...(copiedFromPoolId !== null && copiedFromPoolName !== null
    ? { copiedFrom: { poolId: copiedFromPoolId, poolName: copiedFromPoolName } }
    : {}),
});

/** The pool a listed pick was copied from (`toListedPrediction`). */
const sourcePools = alias(pools, 'source_pools');
const listedColumns = { ...columns, copiedFromPoolId: predictions.copiedFromPoolId, copiedFromPoolName: sourcePools.name };

/** One pick as the repository writes it: `mode` is the game its shape is for (a score in an exact-score pool). */
export interface PickToStore {
  poolId: number;
  userId: number;
  matchId: number;
  prediction: PredictionChoice;
  scoreHome: number | null;
  scoreAway: number | null;
  mode: GameMode;
  /**
   * A copy by "Mi jugada": the pool it comes from, and whether it may replace a pick the player already has there
   * ("Usar la misma jugada en todas"). A pick the player saves has neither.
   */
  copy?: { fromPoolId: number; replaces: boolean };
}

/** A stored pick, and whether it was new (false: an earlier pick changed in place). */
export type StoredPick = { prediction: Prediction; created: boolean };

const pickKey = ({ poolId, userId, matchId }: Pick<PickToStore, 'poolId' | 'userId' | 'matchId'>) => `${poolId}:${userId}:${matchId}`;

/** Picks written in one statement at most: bounds the statement's size and a batch's wait. */
const MAX_PICKS_PER_STATEMENT = 64;

// The rules' SQL, built once: only the picks (one JSON parameter) change from one statement to the next.
const pickAdmitted = pickAdmittedSql(sql`p`, sql`m`, sql`v`);

/**
 * `batchesAtOnce`: pick statements written at the same time (`groupCommit`): one on PGlite, whose one connection runs
 * one statement at a time; more on PostgreSQL, whose connections work in parallel.
 */
export function createPredictionsRepository(db: Database, { batchesAtOnce = 1 }: { batchesAtOnce?: number } = {}) {
  /**
   * Stores each pick only where every rule of a pick holds at its `now` (the server's clock when it arrived), even
   * against a removal or a rule change committed at the same moment (the rows it reads are key-share locked): the
   * user takes part in the pool (its creator only when "El creador también juega"), the pool admits it
   * (`pickAdmittedSql`: active, its picks open, a match it counts, which the standings and the per-round ranking
   * rely on, the shape of its mode), and it is the user's first pick of that match in that pool (the unique index
   * settles races) or the pool lets a pick be changed until it closes, when the pick is updated in place: one row
   * whatever the concurrency, the last write acknowledged wins. One statement for many picks (`groupCommit`: never
   * two of one user, pool and match in one statement, nor in two at once); a pick refused by any rule has no row.
   * Changing a rule here means changing its explanation, `whyPickRefused` (pick-admission.ts). A copy by "Mi jugada"
   * (`copy`) is admitted by the same rules in its pool, records the pool it comes from, and is not stored over a pick
   * the player already has there unless it `replaces` it (server/modules/jugada/copy-rule.ts); a pick saved here
   * clears the mark.
   */
  const insertStatement = preparedRows<Omit<Prediction, 'createdAt'> & { createdAt: Date | string; created: boolean }>(
    db,
    'insert_picks',
    sql`
      insert into predictions (pool_id, user_id, match_id, prediction, score_home, score_away, copied_from_pool_id)
      select v.pool_id, v.user_id, v.match_id, v.prediction, v.score_home, v.score_away, v.copied_from
      from jsonb_to_recordset(${sql.placeholder('picks')}::jsonb) as v(
          pool_id int, user_id int, match_id int, prediction text, score_home int, score_away int, mode text, now timestamptz,
          copied_from int, keeps boolean)
        join pools p on p.id = v.pool_id
        join pool_participants pp on pp.pool_id = v.pool_id and pp.user_id = v.user_id
        join matches m on m.id = v.match_id
      where ${pickAdmitted}
        -- A copy that keeps the player's pick there: none yet (never two of one key at once: groupCommit).
        and not (v.keeps and exists (
          select 1 from predictions x where x.pool_id = v.pool_id and x.user_id = v.user_id and x.match_id = v.match_id))
      -- The pool's row and the player's place stay as read until the picks are in: a removal (which deletes the
      -- place, then its picks) or a new game mode (which locks the pool) waits for them, or they for it and are
      -- then checked against what it wrote. Key-share: joins and other picks do not wait for each other.
      for key share of p, pp
      on conflict (pool_id, user_id, match_id) do update
        set prediction = excluded.prediction, score_home = excluded.score_home, score_away = excluded.score_away,
          copied_from_pool_id = excluded.copied_from_pool_id
        where (select p.edit_until_kickoff from pools p where p.id = excluded.pool_id)
      returning ${returned}, (xmax = 0) as created`,
  );
  const insertPicks = async (picks: { pick: PickToStore; now: Date }[]): Promise<(StoredPick | null)[]> => {
    const values = picks.map(({ pick, now }) => ({
      pool_id: pick.poolId,
      user_id: pick.userId,
      match_id: pick.matchId,
      prediction: pick.prediction,
      score_home: pick.scoreHome,
      score_away: pick.scoreAway,
      mode: pick.mode,
      now: now.toISOString(),
      copied_from: pick.copy?.fromPoolId ?? null,
      keeps: pick.copy ? !pick.copy.replaces : false,
    }));
    const rows = await insertStatement({ picks: JSON.stringify(values) });
    const stored = new Map(
      rows.map(({ created, ...row }) => [
        pickKey(row),
        { prediction: toPrediction({ ...row, createdAt: new Date(row.createdAt) }), created: Boolean(created) },
      ]),
    );
    return picks.map(({ pick }) => stored.get(pickKey(pick)) ?? null);
  };
  const storePick = groupCommit({
    key: ({ pick }) => pickKey(pick),
    maxBatch: MAX_PICKS_PER_STATEMENT,
    atOnce: batchesAtOnce,
    write: insertPicks,
  });

  return {
    /** A match's line on its La Quiniela pool's boleto (null: in none), to say why a pick was refused. */
    async boletoPosition(poolId: number, matchId: number): Promise<number | null> {
      const [row] = await db
        .select({ position: boletoMatches.position })
        .from(boletoMatches)
        .where(and(eq(boletoMatches.poolId, poolId), eq(boletoMatches.matchId, matchId)));
      return row?.position ?? null;
    },

    /** Stores `pick` where the rules allow it at `now` (`insertPicks`); null when a rule refused it, and the caller says which. */
    insertWhereAllowed: (pick: PickToStore, now: Date): Promise<StoredPick | null> => storePick({ pick, now }),

    /**
     * Puts the comodín on (or takes it off) `userId`'s pick of `matchId` in `poolId`, at `now`, where `jokerRefusal`
     * admits it (one per participant, pool and jornada, while its pick and the one it leaves are open). The
     * participant's row is locked first, so two changes at once are decided and applied one after the other.
     */
    async setJoker(
      poolId: number,
      userId: number,
      matchId: number,
      joker: boolean,
      now: Date,
      /** A copy by "Mi jugada": it never moves the comodín away from another pick of the jornada ('joker-held'). */
      { keepsHeld = false }: { keepsHeld?: boolean } = {},
    ): Promise<Prediction | Refusal> {
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select({ joker: pools.joker, isActive: pools.isActive, closeMinutesBefore: pools.closeMinutesBefore })
          .from(poolParticipants)
          .innerJoin(pools, eq(pools.id, poolParticipants.poolId))
          .where(and(eq(poolParticipants.poolId, poolId), eq(poolParticipants.userId, userId)))
          .for('update', { of: poolParticipants });
        const ofPool = and(eq(predictions.poolId, poolId), eq(predictions.userId, userId));
        const [pick] = member
          ? await tx
              .select({ id: predictions.id, weekNumber: matches.weekNumber, status: matches.status, matchDate: matches.matchDate })
              .from(predictions)
              .innerJoin(matches, eq(matches.id, predictions.matchId))
              .where(and(ofPool, eq(predictions.matchId, matchId)))
          : [];
        const held =
          joker && pick
            ? await tx
                .select({ id: predictions.id, status: matches.status, matchDate: matches.matchDate })
                .from(predictions)
                .innerJoin(matches, eq(matches.id, predictions.matchId))
                .where(and(ofPool, eq(predictions.joker, true), eq(matches.weekNumber, pick.weekNumber), ne(predictions.id, pick.id)))
            : [];
        const refusal = jokerRefusal({ member: member ?? null, pick: pick ?? null, leaves: held, now: now.getTime() });
        if (refusal) return refusal;
        if (keepsHeld && held.length > 0) return 'joker-held';
        for (const other of held) await tx.update(predictions).set({ joker: false }).where(eq(predictions.id, other.id));
        // Admitted: the pick exists.
        const [row] = await tx.update(predictions).set({ joker }).where(eq(predictions.id, pick!.id)).returning(columns);
        if (!row) throw new Error('update returned no row');
        return toPrediction(row);
      });
    },

    async findById(id: number): Promise<Prediction | undefined> {
      const [row] = await db.select(columns).from(predictions).where(eq(predictions.id, id));
      return row && toPrediction(row);
    },

    async listForUser(userId: number): Promise<Prediction[]> {
      const rows = await db
        .select(listedColumns)
        .from(predictions)
        .leftJoin(sourcePools, eq(sourcePools.id, predictions.copiedFromPoolId))
        .where(eq(predictions.userId, userId))
        .orderBy(desc(predictions.id));
      return rows.map(toListedPrediction);
    },

    /** `userId`'s picks of matches that have kicked off by `now` (the contract's `picksClosed`): what others may see. */
    async listKickedOffForUser(userId: number, now: Date): Promise<Prediction[]> {
      const rows = await db
        .select(columns)
        .from(predictions)
        .innerJoin(matches, eq(matches.id, predictions.matchId))
        .where(and(eq(predictions.userId, userId), or(ne(matches.status, 'scheduled'), lte(matches.matchDate, now))))
        .orderBy(desc(predictions.id));
      return rows.map(toPrediction);
    },

    async distribution(poolId: number, matchId: number): Promise<PickDistribution> {
      const picks = await db
        .select({
          userId: predictions.userId,
          username: users.name,
          prediction: predictions.prediction,
          scoreHome: predictions.scoreHome,
          scoreAway: predictions.scoreAway,
          joker: predictions.joker,
        })
        .from(predictions)
        .innerJoin(users, eq(users.id, predictions.userId))
        .where(and(eq(predictions.poolId, poolId), eq(predictions.matchId, matchId)))
        .orderBy(asc(users.name), asc(users.id));
      const counts = { home: 0, draw: 0, away: 0 };
      for (const pick of picks) counts[pick.prediction] += 1;
      return { matchId, counts, picks };
    },

    async delete(id: number): Promise<void> {
      await db.delete(predictions).where(eq(predictions.id, id));
    },
  };
}

export type PredictionsRepository = ReturnType<typeof createPredictionsRepository>;
