import { leaderboardMessages, type JornadaPosition } from '#contract/leaderboard';
import { ordinal } from '#contract/notifications';
import { fold } from '../../lib/text.ts';

/** What "Compartir resumen" draws (jornada-summary-image.ts): the lines of the picture, top to bottom. */
export interface JornadaSummary {
  poolName: string;
  /** "Jornada 14", or a knock-out round's name. */
  jornada: string;
  /** "Ganador de la jornada: Carla · 6 puntos", both winners of a tie, that nobody scored, or that it is still provisional. */
  winners: string;
  /** The jornada's first five; the reader's own row says "(tú)". */
  top: SummaryRow[];
  /** The reader's row when it is not in the first five; null when it is, or when they do not play (the creator). */
  own: SummaryRow | null;
  fileName: string;
}

export interface SummaryRow {
  position: string;
  name: string;
  points: string;
  mine: boolean;
}

export const SUMMARY_TOP = 5;

const pointsText = (points: number) => `${points} ${points === 1 ? 'punto' : 'puntos'}`;

/** "Ana", "Ana y Beto", "Ana, Beto y Carla". */
function namesText(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** "los-del-barrio": a file name's part, without accents or spaces. */
function slug(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The summary of one played jornada of a pool, from its jornada ranking (GET /api/leaderboard/pool/{id}/round/{week}). */
export function jornadaSummary(
  poolName: string,
  round: { label: string; winners: readonly number[]; positions: readonly JornadaPosition[]; over: boolean },
  userId: number,
): JornadaSummary {
  const row = (position: JornadaPosition): SummaryRow => {
    const mine = position.userId === userId;
    return {
      position: ordinal(position.position),
      name: mine ? `${position.username} (tú)` : position.username,
      points: pointsText(position.points),
      mine,
    };
  };
  const winners = round.positions.filter((position) => round.winners.includes(position.userId));
  const top = round.positions.slice(0, SUMMARY_TOP);
  const own = top.some((position) => position.userId === userId)
    ? undefined
    : round.positions.find((position) => position.userId === userId);
  return {
    poolName,
    jornada: round.label,
    winners: !round.over
      ? `${leaderboardMessages.jornadaProvisional}: sin ganador todavía`
      : winners.length === 0
        ? 'Sin ganador: nadie sumó puntos'
        : `${winners.length === 1 ? leaderboardMessages.jornadaWinner : 'Ganadores de la jornada'}: ${namesText(
            winners.map((winner) => winner.username),
          )} · ${pointsText(winners[0]!.points)}`,
    top: top.map(row),
    own: own ? row(own) : null,
    fileName: `resumen-${slug(poolName) || 'quiniela'}-${slug(round.label)}.png`,
  };
}
