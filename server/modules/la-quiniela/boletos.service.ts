import {
  BOLETO_CATEGORIES,
  boletoCategory,
  laQuinielaMessages,
  picksClosed,
  poolMessages,
  type Boleto,
  type Match,
  type Pool,
  type UserProfile,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { StandingsRepository } from '../leaderboard/standings.repository.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import { assertCanManage, assertCanView } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import type { BoletoLineRow, BoletosRepository } from './boletos.repository.ts';

interface Deps {
  boletos: BoletosRepository;
  pools: Pick<PoolsRepository, 'findById' | 'isParticipant'>;
  matches: Pick<MatchesRepository, 'findByIds'>;
  standings: Pick<StandingsRepository, 'roundRows' | 'jornadaStates'>;
  clock: Clock;
}

/**
 * "Modo La Quiniela" (docs/decisions/082-modo-la-quiniela.md): the organiser (creator or admin) composes each boleto
 * of 15 open matches of any competition; members see the boletos, their picks and, from a boleto's first kick-off,
 * everyone's aciertos and the categories. Picks go through `POST /api/predictions` (pick-admission.ts).
 */
export function createBoletosService({ boletos, pools, matches, standings, clock }: Deps) {
  /** The pool, for someone who may see it (pool-access.ts: 404 for no such pool, 403 for a non-member). */
  const visiblePool = async (actor: UserProfile, poolId: number): Promise<Pool> => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    await assertCanView(pools, actor, pool);
    if (pool.game.mode !== 'laQuiniela') throw new ConflictError(laQuinielaMessages.notLaQuiniela);
    return pool;
  };

  /** Boletos as the caller sees them: everyone's aciertos only from the boleto's first kick-off. */
  const view = async (actor: UserProfile, pool: Pool, lines: BoletoLineRow[]): Promise<Boleto[]> => {
    const now = clock().getTime();
    const byId = new Map((await matches.findByIds(lines.map((line) => line.matchId))).map((m) => [m.id, m]));
    const own = new Map((await boletos.picksOf(pool.id, actor.id)).map((pick) => [pick.matchId, pick]));
    const states = await standings.jornadaStates(pool.id);
    const numbers = [...new Set(lines.map((line) => line.number))];
    const playing = await pools.isParticipant(pool.id, actor.id);
    return Promise.all(
      numbers.map(async (number) => {
        const mine = lines.filter((line) => line.number === number);
        const started = mine.some((line) => picksClosed(byId.get(line.matchId)!, now));
        const rows = (await standings.roundRows(pool.id, number))
          .map((row) => ({ userId: row.userId, username: row.username, aciertos: row.points, category: boletoCategory(row.points) }))
          .sort((a, b) => b.aciertos - a.aciertos || a.username.localeCompare(b.username, 'es'));
        return {
          number,
          matches: mine.map((line) => {
            const pick = own.get(line.matchId);
            return {
              position: line.position,
              match: byId.get(line.matchId)!,
              ownPick: pick ? { prediction: pick.prediction, scoreHome: pick.scoreHome, scoreAway: pick.scoreAway } : null,
            };
          }),
          started,
          over: states.get(number)?.over ?? false,
          ownAciertos: playing ? (rows.find((row) => row.userId === actor.id)?.aciertos ?? 0) : null,
          table: started ? rows : null,
          categories: started
            ? BOLETO_CATEGORIES.map((aciertos) => ({ aciertos, count: rows.filter((row) => row.aciertos === aciertos).length }))
            : null,
        };
      }),
    );
  };

  /** Why a composition is refused (null: admitted), against what is stored. */
  const refusal = (
    number: number,
    matchIds: readonly number[],
    found: ReadonlyMap<number, Match>,
    stored: { lines: BoletoLineRow[]; highest: number; picked: Set<number> },
    now: number,
  ): Error | null => {
    if (number > stored.highest + 1) return new BadRequestError(laQuinielaMessages.boletoNext(stored.highest + 1));
    if (matchIds.some((id) => !found.has(id))) return new BadRequestError(laQuinielaMessages.matchUnknown);
    const own = stored.lines.filter((line) => line.number === number);
    const ownMatches = [...new Map(own.map((line) => [line.matchId, line]))];
    if (ownMatches.some(([id]) => { const m = found.get(id); return m !== undefined && picksClosed(m, now); }))
      return new ConflictError(laQuinielaMessages.boletoStarted);
    if (matchIds.some((id) => picksClosed(found.get(id)!, now))) return new ConflictError(laQuinielaMessages.matchStarted);
    if (stored.lines.some((line) => line.number !== number && matchIds.includes(line.matchId)))
      return new ConflictError(laQuinielaMessages.matchInOtherBoleto);
    // A picked match stays, at its line: its picks are of that line's shape (a sign, or the Pleno's goals).
    if (own.some((line) => stored.picked.has(line.matchId) && matchIds[line.position - 1] !== line.matchId))
      return new ConflictError(laQuinielaMessages.pickedMatchKept);
    return null;
  };

  return {
    /** Every boleto of the pool, in order. */
    async list(actor: UserProfile, poolId: number): Promise<Boleto[]> {
      const pool = await visiblePool(actor, poolId);
      return view(actor, pool, await boletos.lines(pool.id));
    },

    async read(actor: UserProfile, poolId: number, number: number): Promise<Boleto> {
      const pool = await visiblePool(actor, poolId);
      const [boleto] = await view(actor, pool, await boletos.lines(pool.id, number));
      if (!boleto) throw new NotFoundError(laQuinielaMessages.boletoUnknown);
      return boleto;
    },

    /**
     * Composes (or recomposes) boleto `number`: the next number or an existing one; 15 distinct existing matches
     * that have not kicked off, in no other boleto of the pool; an existing boleto only until its first kick-off, and
     * a match someone picked stays at its line.
     */
    async compose(actor: UserProfile, poolId: number, number: number, matchIds: number[]): Promise<Boleto> {
      const pool = await visiblePool(actor, poolId);
      assertCanManage(actor, pool);
      await boletos.compose(pool.id, number, matchIds, async (stored) => {
        const ids = [...new Set([...matchIds, ...stored.lines.filter((l) => l.number === number).map((l) => l.matchId)])];
        const found = new Map((await matches.findByIds(ids, stored.tx)).map((m) => [m.id, m]));
        const refused = refusal(number, matchIds, found, stored, clock().getTime());
        if (refused) throw refused;
      });
      return this.read(actor, poolId, number);
    },
  };
}

export type BoletosService = ReturnType<typeof createBoletosService>;
