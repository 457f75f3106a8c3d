import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { boletoMatches, pools, predictions } from '../../db/schema.ts';

/** A boleto's line as stored: its number, position (15: the Pleno) and match. */
export interface BoletoLineRow {
  number: number;
  position: number;
  matchId: number;
}

/** A La Quiniela pool's boletos (boleto_matches; docs/decisions/082-modo-la-quiniela.md). */
export function createBoletosRepository(db: Database) {
  return {
    /** Every line of the pool's boletos (or of boleto `number`), in order. */
    async lines(poolId: number, number?: number, executor: Executor = db): Promise<BoletoLineRow[]> {
      const where = number === undefined ? eq(boletoMatches.poolId, poolId) : and(eq(boletoMatches.poolId, poolId), eq(boletoMatches.number, number));
      return executor
        .select({ number: boletoMatches.number, position: boletoMatches.position, matchId: boletoMatches.matchId })
        .from(boletoMatches)
        .where(where)
        .orderBy(asc(boletoMatches.number), asc(boletoMatches.position));
    },

    /** `userId`'s picks of the pool's boleto matches. */
    async picksOf(poolId: number, userId: number) {
      return db
        .select({ matchId: predictions.matchId, prediction: predictions.prediction, scoreHome: predictions.scoreHome, scoreAway: predictions.scoreAway })
        .from(predictions)
        .innerJoin(boletoMatches, and(eq(boletoMatches.poolId, predictions.poolId), eq(boletoMatches.matchId, predictions.matchId)))
        .where(and(eq(predictions.poolId, poolId), eq(predictions.userId, userId)));
    },

    /**
     * Composes boleto `number` in one transaction under the pool's row lock (two organisers never interleave):
     * `decide` reads what is stored (the pool's lines, its highest number, the picked matches among `matchIds` and
     * the boleto's own) and throws to refuse; then the boleto's lines are replaced by `matchIds` in order.
     */
    async compose(
      poolId: number,
      number: number,
      matchIds: readonly number[],
      decide: (stored: { lines: BoletoLineRow[]; highest: number; picked: Set<number>; tx: Executor }) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: pools.id }).from(pools).where(eq(pools.id, poolId)).for('update');
        const lines = await this.lines(poolId, undefined, tx);
        const [top] = await tx.select({ highest: max(boletoMatches.number) }).from(boletoMatches).where(eq(boletoMatches.poolId, poolId));
        const own = lines.filter((line) => line.number === number).map((line) => line.matchId);
        const candidates = [...new Set([...matchIds, ...own])];
        const pickedRows = await tx
          .selectDistinct({ matchId: predictions.matchId })
          .from(predictions)
          .where(and(eq(predictions.poolId, poolId), inArray(predictions.matchId, candidates)));
        await decide({ lines, highest: top?.highest ?? 0, picked: new Set(pickedRows.map((r) => r.matchId)), tx });
        await tx.delete(boletoMatches).where(and(eq(boletoMatches.poolId, poolId), eq(boletoMatches.number, number)));
        await tx.insert(boletoMatches).values(matchIds.map((matchId, i) => ({ poolId, number, position: i + 1, matchId })));
      });
    },
  };
}

export type BoletosRepository = ReturnType<typeof createBoletosRepository>;
