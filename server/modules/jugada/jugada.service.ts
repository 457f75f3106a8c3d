import {
  jugadaMessages,
  poolMessages,
  storedPickMode,
  type CopyReport,
  type GameMode,
  type JugadaBody,
  type JugadaResponse,
  type JugadaState,
  type NamedPool,
  type UserProfile,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { refusalError } from '../predictions/pick-admission.ts';
import type { PickToStore, PredictionsRepository } from '../predictions/predictions.repository.ts';
import { copyRefusal, copyRefusalMessage } from './copy-rule.ts';
import type { JugadaPool, JugadaRepository, SourcePick } from './jugada.repository.ts';

interface Deps {
  jugada: JugadaRepository;
  predictions: Pick<PredictionsRepository, 'insertWhereAllowed' | 'setJoker' | 'boletoPosition'>;
  pools: Pick<PoolsRepository, 'findById' | 'isParticipant'>;
  matches: Pick<MatchesRepository, 'findById'>;
  clock: Clock;
}

/** A pick to copy: the source's, with its shape's mode. */
type Copied = Pick<PickToStore, 'userId' | 'matchId' | 'prediction' | 'scoreHome' | 'scoreAway' | 'mode'> & {
  fromPoolId: number;
};

/**
 * "Mi jugada" (docs/decisions/081-one-set-of-picks-for-several-pools.md): the player marks one pool's picks as the
 * jugada of its competition and chooses the pools they go to; each pick saved there (and, when the jugada is chosen,
 * each pick still open there) is copied into every target as a pick saved in it, by the target's own rules
 * (the insert's, predictions.repository.ts; `copyRefusal` says why one was not). A copy never fails the source's
 * save: what was copied where, and why not, is answered per target, in Spanish.
 */
export function createJugadaService({ jugada, predictions, pools, matches, clock }: Deps) {
  /** `poolId` as the caller plays it; a pool they do not play in is a 404, as if it did not exist. */
  const memberPool = async (actor: UserProfile, poolId: number): Promise<JugadaPool> => {
    const pool = await jugada.memberPool(actor.id, poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    return pool;
  };

  const state = async (userId: number, pool: JugadaPool): Promise<JugadaState> => ({
    jugada: await jugada.jugadaOf(userId, pool),
    compatible: await jugada.compatible(userId, pool),
  });

  /** Copies one pick into `target`; `replaces`: "Usar la misma jugada en todas". */
  const copyPick = async (pick: Copied, target: NamedPool, replaces: boolean, now: Date): Promise<CopyReport> => {
    const report = { poolId: target.poolId, poolName: target.poolName, matchId: pick.matchId, what: 'pick' as const };
    const { fromPoolId, ...fields } = pick;
    const stored = await predictions.insertWhereAllowed(
      { ...fields, poolId: target.poolId, copy: { fromPoolId, replaces } },
      now,
    );
    if (stored)
      return { ...report, copied: true, message: stored.created ? jugadaMessages.copied : jugadaMessages.changed };
    const [pool, match] = await Promise.all([pools.findById(target.poolId), matches.findById(pick.matchId)]);
    if (!pool || !match) return { ...report, copied: false, message: jugadaMessages.failedCopy };
    const [isParticipant, existing, boletoPosition] = await Promise.all([
      pools.isParticipant(pool.id, pick.userId),
      jugada.hasPick(pick.userId, pool.id, pick.matchId),
      predictions.boletoPosition(pool.id, pick.matchId),
    ]);
    const refusal = copyRefusal({
      pool,
      match,
      userId: pick.userId,
      mode: pick.mode,
      scores: { scoreHome: pick.scoreHome, scoreAway: pick.scoreAway },
      boletoPosition,
      isParticipant,
      now: now.getTime(),
      existing,
      replaces,
    });
    return {
      ...report,
      copied: false,
      message: refusal ? copyRefusalMessage(refusal, pool) : jugadaMessages.failedCopy,
    };
  };

  /** Puts the comodín on the copy of `matchId` in `target`, where it plays it and has none in that jornada yet. */
  const copyJoker = async (userId: number, matchId: number, target: NamedPool, now: Date): Promise<CopyReport> => {
    const report = { poolId: target.poolId, poolName: target.poolName, matchId, what: 'joker' as const };
    const result = await predictions.setJoker(target.poolId, userId, matchId, true, now, { keepsHeld: true });
    if (typeof result !== 'string') return { ...report, copied: true, message: jugadaMessages.jokerCopied };
    const pool = await pools.findById(target.poolId);
    return { ...report, copied: false, message: pool ? refusalError(result, pool).message : jugadaMessages.failedCopy };
  };

  /** Each target's copy, one after the other; a failure is that target's line, never the caller's error. */
  const eachTarget = async (
    targets: NamedPool[],
    matchId: number,
    what: CopyReport['what'],
    copy: (target: NamedPool) => Promise<CopyReport>,
  ) => {
    const reports: CopyReport[] = [];
    for (const target of targets) {
      reports.push(
        await copy(target).catch(() => ({
          poolId: target.poolId,
          poolName: target.poolName,
          matchId,
          what,
          copied: false,
          message: jugadaMessages.failedCopy,
        })),
      );
    }
    return reports;
  };

  const copyAll = async (pick: Copied & { joker: boolean }, targets: NamedPool[], replaces: boolean, now: Date) => {
    const reports = await eachTarget(targets, pick.matchId, 'pick', (target) => copyPick(pick, target, replaces, now));
    if (!pick.joker) return reports;
    // The comodín goes where the pick is now the source's (copied, or the same pick already there).
    const jokers = await eachTarget(targets, pick.matchId, 'joker', (target) =>
      copyJoker(pick.userId, pick.matchId, target, now),
    );
    return [...reports, ...jokers];
  };

  const toCopied = (userId: number, poolId: number, mode: GameMode, pick: SourcePick): Copied & { joker: boolean } => ({
    ...pick,
    userId,
    mode: storedPickMode(mode, pick),
    fromPoolId: poolId,
  });

  return {
    async read(actor: UserProfile, poolId: number): Promise<JugadaState> {
      return state(actor.id, await memberPool(actor, poolId));
    },

    /**
     * Makes `poolId`'s picks the caller's jugada of its competition, copied into `targets` (pools the caller plays
     * in, of the same competition and game: `jugadaCompatible`), and copies now each of its picks still open.
     */
    async save(actor: UserProfile, poolId: number, { targets, sameEverywhere }: JugadaBody): Promise<JugadaResponse> {
      const source = await memberPool(actor, poolId);
      const compatible = await jugada.compatible(actor.id, source);
      const allowed = new Map(compatible.map((pool) => [pool.poolId, pool]));
      const chosen: NamedPool[] = [];
      for (const id of new Set(targets)) {
        const target = allowed.get(id);
        if (target) {
          chosen.push(target);
          continue;
        }
        // A pool the caller does not play in is one that does not exist, whatever it is.
        if (id !== poolId && !(await jugada.memberPool(actor.id, id))) throw new NotFoundError(poolMessages.notFound);
        throw new ConflictError(jugadaMessages.notCompatible);
      }
      const now = clock();
      await jugada.save(
        actor.id,
        source,
        chosen.map((target) => target.poolId),
        sameEverywhere,
        now,
      );
      const copies: CopyReport[] = [];
      for (const pick of await jugada.openPicks(actor.id, poolId, now)) {
        copies.push(...(await copyAll(toCopied(actor.id, poolId, source.mode, pick), chosen, sameEverywhere, now)));
      }
      return { data: await state(actor.id, source), copies };
    },

    /** Ends the jugada whose source is `poolId`: nothing more is copied; the copies made stay, as the player's picks. What to say. */
    async remove(actor: UserProfile, poolId: number): Promise<string> {
      await memberPool(actor, poolId);
      if (!(await jugada.remove(actor.id, poolId))) throw new NotFoundError(jugadaMessages.notSource);
      return jugadaMessages.removed;
    },

    /**
     * After a pick is saved in `pick.poolId`: its copies where that pool is the player's jugada (undefined where it is
     * none's: the answer is the one it always was). A change follows only with "Usar la misma jugada en todas".
     */
    async afterPick(
      pick: Omit<Copied, 'fromPoolId'> & { poolId: number },
      now: Date,
    ): Promise<CopyReport[] | undefined> {
      const found = await jugada.targetsOf(pick.userId, pick.poolId);
      if (!found) return undefined;
      const { poolId, ...fields } = pick;
      return eachTarget(found.targets, pick.matchId, 'pick', (target) =>
        copyPick({ ...fields, fromPoolId: poolId }, target, found.sameEverywhere, now),
      );
    },

    /** After the comodín is put on a pick in `poolId`: on the copies, where each target plays it and has none that jornada. */
    async afterJoker(userId: number, poolId: number, matchId: number, now: Date): Promise<CopyReport[] | undefined> {
      const found = await jugada.targetsOf(userId, poolId);
      if (!found) return undefined;
      return eachTarget(found.targets, matchId, 'joker', (target) => copyJoker(userId, matchId, target, now));
    },
  };
}

export type JugadaService = ReturnType<typeof createJugadaService>;
