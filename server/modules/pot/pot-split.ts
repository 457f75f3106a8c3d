/**
 * How a bote is shared today: pure whole-cent arithmetic (docs/decisions/079-a-prize-pot-that-moves-no-money.md).
 * Every cent of the collected total lands in exactly one place: a player's part, the parts of jornadas not over yet,
 * or what no one takes today (cents that do not split evenly, shares nobody is in, jornadas without a winner).
 */

export interface PotSplitInput {
  collectedCents: number;
  positionShares: readonly number[];
  jornadaShare: number;
  /** The general table: equal points share a position (1, 1, 3), in the table's order. */
  ranking: readonly { userId: number; position: number }[];
  /** Every jornada of the pool, played or not; `winners` counts only once it is over. */
  jornadas: readonly { weekNumber: number; over: boolean; winners: readonly number[] }[];
}

export interface PotSplit {
  positions: { position: number; percent: number; cents: number; takers: { userId: number; cents: number }[] }[];
  jornadaCents: number;
  jornadas: { weekNumber: number; winners: { userId: number; cents: number }[] }[];
  pendingCents: number;
  unassignedCents: number;
}

const percentOf = (total: number, percent: number) => Math.floor((total * percent) / 100);

export function splitPot({ collectedCents, positionShares, jornadaShare, ranking, jornadas }: PotSplitInput): PotSplit {
  const slots = positionShares.map((percent, index) => ({
    position: index + 1,
    percent,
    cents: percentOf(collectedCents, percent),
  }));
  const jornadaPot = jornadas.length === 0 ? 0 : percentOf(collectedCents, jornadaShare);
  const jornadaCents = jornadas.length === 0 ? 0 : Math.floor(jornadaPot / jornadas.length);
  let assigned = 0;

  // A group tied at position p covers positions p … p + size − 1: it shares their slots evenly.
  const groups = new Map<number, number[]>();
  for (const { userId, position } of ranking) groups.set(position, [...(groups.get(position) ?? []), userId]);
  const positions = slots.map((slot) => {
    const group = groups.get(slot.position) ?? [];
    const covered = slots
      .slice(slot.position - 1, slot.position - 1 + group.length)
      .reduce((sum, s) => sum + s.cents, 0);
    const each = group.length === 0 ? 0 : Math.floor(covered / group.length);
    assigned += each * group.length;
    return { ...slot, takers: group.map((userId) => ({ userId, cents: each })) };
  });

  let pendingCents = 0;
  const over = jornadas.flatMap(({ weekNumber, over: isOver, winners }) => {
    if (!isOver) {
      pendingCents += jornadaCents;
      return [];
    }
    const each = winners.length === 0 ? 0 : Math.floor(jornadaCents / winners.length);
    assigned += each * winners.length;
    return [{ weekNumber, winners: winners.map((userId) => ({ userId, cents: each })) }];
  });

  return {
    positions,
    jornadaCents,
    jornadas: over,
    pendingCents,
    unassignedCents: collectedCents - assigned - pendingCents,
  };
}
