import { poolMessages, potMessages, type Pot, type PotSettings, type UserProfile } from '#contract/index';
import { NotFoundError } from '../../lib/errors.ts';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.ts';
import { assertCanManage } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { splitPot } from './pot-split.ts';
import type { PotRepository } from './pot.repository.ts';

interface Deps {
  pot: PotRepository;
  pools: Pick<PoolsRepository, 'findById' | 'isParticipant'>;
  leaderboard: Pick<LeaderboardService, 'rankedPlayers' | 'jornadaWinnersOf'>;
}

/**
 * A pool's bote (docs/decisions/079-a-prize-pot-that-moves-no-money.md): its members read it, with what each would
 * take today by the general table and the jornadas' winners; its creator and admins set it and mark who paid.
 */
export function createPotService({ pot, pools, leaderboard }: Deps) {
  const managedPool = async (actor: UserProfile, poolId: number) => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    assertCanManage(actor, pool);
    return pool;
  };

  /** The bote as a member sees it; the general table's read checks that the actor may see the pool. */
  const read = async (actor: UserProfile, poolId: number): Promise<Pot | null> => {
    if (!(await pools.findById(poolId))) throw new NotFoundError(poolMessages.notFound);
    const [ranking, jornadas] = await Promise.all([
      leaderboard.rankedPlayers(actor, poolId),
      leaderboard.jornadaWinnersOf(actor, poolId),
    ]);
    const settings = await pot.settings(poolId);
    if (!settings) return null;
    const participants = await pot.participants(poolId);
    const paidCount = participants.filter((p) => p.markedAt !== null).length;
    const collectedCents = paidCount * settings.entryCents;
    // A jornada's winners in the general table's order, as its positions' takers are.
    const order = new Map(ranking.map((row, index) => [row.userId, index]));
    const inOrder = jornadas.map((j) => ({
      ...j,
      winners: [...j.winners].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
    }));
    const split = splitPot({ ...settings, collectedCents, ranking, jornadas: inOrder });
    const names = new Map([
      ...ranking.map((r) => [r.userId, r.username] as const),
      ...participants.map((p) => [p.userId, p.username] as const),
    ]);
    const named = (takers: { userId: number; cents: number }[]) =>
      takers.map((taker) => ({ ...taker, username: names.get(taker.userId) ?? '' }));
    const labels = new Map(jornadas.map((j) => [j.weekNumber, j.label]));
    return {
      ...settings,
      paidCount,
      collectedCents,
      positions: split.positions.map((position) => ({ ...position, takers: named(position.takers) })),
      jornadaCents: split.jornadaCents,
      jornadas: split.jornadas.map((j) => ({
        weekNumber: j.weekNumber,
        label: labels.get(j.weekNumber) ?? '',
        winners: named(j.winners),
      })),
      pendingCents: split.pendingCents,
      unassignedCents: split.unassignedCents,
      participants: participants.map(({ userId, username, markedAt }) => ({
        userId,
        username,
        paid: markedAt !== null,
        markedAt: markedAt?.toISOString() ?? null,
      })),
    };
  };

  return {
    read,

    async save(actor: UserProfile, poolId: number, settings: PotSettings): Promise<Pot | null> {
      await managedPool(actor, poolId);
      await pot.save(poolId, settings);
      return read(actor, poolId);
    },

    async clear(actor: UserProfile, poolId: number): Promise<void> {
      await managedPool(actor, poolId);
      await pot.clear(poolId);
    },

    /** Marks or unmarks a participant as paid: a 404 for a pool without bote or someone who does not take part. */
    async setPaid(actor: UserProfile, poolId: number, userId: number, paid: boolean): Promise<Pot | null> {
      await managedPool(actor, poolId);
      if (!(await pot.settings(poolId))) throw new NotFoundError(potMessages.none);
      if (!(await pools.isParticipant(poolId, userId))) throw new NotFoundError(potMessages.notParticipant);
      if (paid) await pot.markPaid(poolId, userId, actor.id);
      else await pot.unmarkPaid(poolId, userId);
      return read(actor, poolId);
    },
  };
}

export type PotService = ReturnType<typeof createPotService>;
