import type { TieBreak } from '#contract/index';
import { positionsByPoints, rankRows, type StandingRow } from './ranking.ts';

/**
 * A pool's season, jornada by jornada: pure rules over the stored standings (docs/decisions/039-jornada-rankings.md).
 * "The table after jornada k" ranks the participants who had joined by that jornada's last kick-off by their points
 * in jornadas 1..k; the general table is the table after the last played jornada. Movement compares it with the
 * table after the jornada before; the evolution is the caller's place in each of them.
 */

/** A played jornada of a pool (standings.repository.ts `playedJornadas`). */
export interface PlayedJornada {
  weekNumber: number;
  /** Its matches' rounds as the data names them ("Matchday 3", "Round of 16", …). */
  rounds: string[];
  /** The last kick-off among its matches: who joined after it took no part in it. */
  lastKickoff: Date;
}

/** A participant's standing with what the general table adds. */
export interface SeasonRow extends StandingRow {
  registeredAt: Date;
  /** Points given at joining (a late joiner of a 'lowest' pool, decision 044): theirs in every table they are in. */
  startingPoints: number;
  jornadasWon: number;
  /** What they scored in the last played jornada. */
  lastJornadaPoints: number;
}

/** Whether a pool's jornada is over, and how many of its matches are pending (jornada-over.ts, decision 061). */
export interface JornadaState {
  over: boolean;
  pending: number;
}

/** What a participant scored in one jornada (a stored `round_standings` row). */
export interface WeekScore {
  userId: number;
  weekNumber: number;
  points: number;
}

const KNOCKOUT_ROUNDS: Readonly<Record<string, string>> = {
  'Round of 32': 'Dieciseisavos de final',
  'Round of 16': 'Octavos de final',
  'Quarter-final': 'Cuartos de final',
  'Semi-final': 'Semifinales',
  'Match for third place': 'Final',
  Final: 'Final',
};

/** A jornada's name on screen: a knock-out round's Spanish name when all its matches are of it, else "Jornada N". */
export function jornadaLabel(weekNumber: number, rounds: readonly string[]): string {
  const names = new Set(rounds.map((round) => KNOCKOUT_ROUNDS[round]));
  const [only] = names;
  return names.size === 1 && only !== undefined ? only : `Jornada ${weekNumber}`;
}

/**
 * Winners of a jornada: every player with its top points, when those are above 0 (a jornada where nobody scored has
 * none), once it is over (docs/decisions/061-a-jornada-is-won-when-it-is-over.md): before, nobody has won it yet.
 */
export function jornadaWinners(rows: readonly Pick<StandingRow, 'userId' | 'points'>[], over = true): number[] {
  const top = Math.max(0, ...rows.map((row) => row.points));
  return over && top > 0 ? rows.filter((row) => row.points === top).map((row) => row.userId) : [];
}

/**
 * How many jornadas each player won, of the jornadas `over` (players who won none are left out): the reference of
 * the count `standings.repository.ts` `seasonRows` makes in SQL.
 */
export function jornadasWon(scores: readonly WeekScore[], over: ReadonlySet<number>): Map<number, number> {
  const byWeek = new Map<number, WeekScore[]>();
  for (const score of scores) {
    const week = byWeek.get(score.weekNumber);
    if (week) week.push(score);
    else byWeek.set(score.weekNumber, [score]);
  }
  const won = new Map<number, number>();
  for (const [weekNumber, week] of byWeek) {
    for (const userId of jornadaWinners(week, over.has(weekNumber))) won.set(userId, (won.get(userId) ?? 0) + 1);
  }
  return won;
}

export interface GeneralPosition {
  position: number;
  userId: number;
  username: string;
  points: number;
  correctPicks: number;
  jornadasWon: number;
  /** Places gained since the table after the previous played jornada (negative: lost); null without one, or for a player not in it. */
  movement: number | null;
  /** Of `points`, those of bonus questions ("Extra"); only in a pool that has some. */
  extra?: number;
}

/**
 * The general table: the one ranking rule with the pool's tie-break, and each row's movement since the previous
 * played jornada (by positions, which a tie-break never moves).
 */
export function generalTable(rows: readonly SeasonRow[], jornadas: readonly PlayedJornada[], rule?: TieBreak): GeneralPosition[] {
  const previous = jornadas.at(-2);
  const before = previous
    ? positionsByPoints(
        new Map(rows.filter((row) => row.registeredAt <= previous.lastKickoff).map((row) => [row.userId, row.points - row.lastJornadaPoints])),
      )
    : new Map<number, number>();
  return rankRows(rows, rule).map(({ position, row }) => {
    const then = before.get(row.userId);
    return {
      position,
      userId: row.userId,
      username: row.username,
      points: row.points,
      correctPicks: row.correctPicks,
      jornadasWon: row.jornadasWon,
      movement: then === undefined ? null : then - position,
      ...(row.extra === undefined ? {} : { extra: row.extra }),
    };
  });
}

export interface JornadaPosition {
  position: number;
  userId: number;
  username: string;
  points: number;
  correctPicks: number;
  winner: boolean;
}

/**
 * One jornada's table: its points, ranked by the one rule with the pool's tie-break (jornadas won as of now), its
 * winners (every player with its top points: a tie-break never picks among them) marked once it is `over`.
 */
export function jornadaTable(
  rows: readonly StandingRow[],
  won: ReadonlyMap<number, number>,
  over: boolean,
  rule?: TieBreak,
): { positions: JornadaPosition[]; winners: number[] } {
  const winners = jornadaWinners(rows, over);
  const ranked = rankRows(
    rows.map((row) => ({ ...row, jornadasWon: won.get(row.userId) ?? 0 })),
    rule,
  );
  return {
    winners: ranked.filter(({ row }) => winners.includes(row.userId)).map(({ row }) => row.userId),
    positions: ranked.map(({ position, row }) => ({
      position,
      userId: row.userId,
      username: row.username,
      points: row.points,
      correctPicks: row.correctPicks,
      winner: winners.includes(row.userId),
    })),
  };
}

export interface EvolutionPoint {
  weekNumber: number;
  /** The caller's place in the table after this jornada; null when they had not joined by then (or do not play). */
  position: number | null;
  /** The caller's points after this jornada; null likewise. */
  points: number | null;
  /** The leader's points after this jornada. */
  leaderPoints: number;
  /** How many were in that table. */
  players: number;
}

/**
 * Every table after each played jornada, kept compact (per jornada, the points in it from highest to lowest, and
 * each player's running points), so that anyone's evolution is a binary search per jornada.
 */
export function seasonEvolution(
  jornadas: readonly PlayedJornada[],
  members: readonly Pick<SeasonRow, 'userId' | 'registeredAt' | 'startingPoints'>[],
  scores: readonly WeekScore[],
) {
  const index = new Map(members.map((member, i) => [member.userId, i]));
  const week = new Map(jornadas.map((jornada, k) => [jornada.weekNumber, k]));
  // running[k * members + i]: member i's points after jornada k.
  const running = new Int32Array(jornadas.length * members.length);
  for (const score of scores) {
    const k = week.get(score.weekNumber);
    const i = index.get(score.userId);
    if (k !== undefined && i !== undefined) running[k * members.length + i]! += score.points;
  }
  // Starting points count from the first jornada on; the tables before someone joined leave them out anyway.
  if (jornadas.length > 0) members.forEach((member, i) => (running[i]! += member.startingPoints));
  for (let k = 1; k < jornadas.length; k++) {
    for (let i = 0; i < members.length; i++) running[k * members.length + i]! += running[(k - 1) * members.length + i]!;
  }
  const inTable = (k: number, i: number) => members[i]!.registeredAt <= jornadas[k]!.lastKickoff;
  const tables = jornadas.map((_, k) => {
    const points: number[] = [];
    for (let i = 0; i < members.length; i++) if (inTable(k, i)) points.push(running[k * members.length + i]!);
    return Int32Array.from(points).sort().reverse();
  });
  /** How many in `table` (highest first) have more than `points`. */
  const above = (table: Int32Array, points: number) => {
    let [low, high] = [0, table.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (table[middle]! > points) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    of(userId: number): EvolutionPoint[] {
      const i = index.get(userId);
      return jornadas.map((jornada, k) => {
        const table = tables[k]!;
        const mine = i !== undefined && inTable(k, i) ? running[k * members.length + i]! : null;
        return {
          weekNumber: jornada.weekNumber,
          position: mine === null ? null : above(table, mine) + 1,
          points: mine,
          leaderPoints: table[0] ?? 0,
          players: table.length,
        };
      });
    },
  };
}
