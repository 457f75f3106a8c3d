import { trophyOutline } from 'ionicons/icons';
import { jornadasWonText, leaderboardMessages, movementText } from '#contract/index';
import type { RankingPosition } from '#contract/index';
import { Icon } from '../../components/icon.tsx';
import './ranking-table.css';

/** A row: the spec's position, username and points, and what a table of jornadas adds to it. */
export interface RankingRow extends RankingPosition {
  /** General table: places gained since the previous jornada (null: none to compare with). */
  movement?: number | null;
  /** General table: jornadas won. */
  jornadasWon?: number;
  /** Jornada table: one of its winners. */
  winner?: boolean;
}

interface RankingTableProps {
  caption: string;
  positions: readonly RankingRow[];
  currentUserId: number;
  testId: string;
}

/** ▲2, ▼1 or =, read out as "Sube 2 puestos", "Baja 1 puesto", "Mantiene el puesto". */
function Movement({ movement }: { movement: number }) {
  const [glyph, kind] = movement > 0 ? [`▲${movement}`, 'up'] : movement < 0 ? [`▼${-movement}`, 'down'] : ['=', 'same'];
  return (
    <span
      role="img"
      aria-label={movementText(movement)}
      className={`ranking-table__movement ranking-table__movement--${kind}`}
      data-testid="ranking-movement"
    >
      {glyph}
    </span>
  );
}

function Badge({ text, testId }: { text: string; testId: string }) {
  return (
    <span className="ranking-table__badge" data-testid={testId}>
      <Icon src={trophyOutline} />
      {text}
    </span>
  );
}

/** Position, username and points (the spec's ranking list); the reader's own row stands out. */
export function RankingTable({ caption, positions, currentUserId, testId }: RankingTableProps) {
  return (
    <table className="ranking-table" data-testid={testId}>
      <caption className="ranking-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Pos.</th>
          <th scope="col">Jugador</th>
          <th scope="col">Puntos</th>
        </tr>
      </thead>
      <tbody>
        {positions.map((row) => (
          <tr
            key={row.userId}
            className={row.userId === currentUserId ? 'ranking-table__me' : undefined}
            data-testid="ranking-row"
          >
            <td>
              <span className="ranking-table__place">
                <span className={`ranking-table__position ranking-table__position--${Math.min(row.position, 4)}`}>
                  {row.position}
                </span>
                {row.movement !== undefined && row.movement !== null && <Movement movement={row.movement} />}
              </span>
            </td>
            <td className="ranking-table__name">
              {row.username}
              {row.userId === currentUserId && <span className="ranking-table__you"> (tú)</span>}
              {row.winner && <Badge text={leaderboardMessages.jornadaWinner} testId="jornada-winner" />}
              {row.jornadasWon !== undefined && row.jornadasWon > 0 && (
                <Badge text={jornadasWonText(row.jornadasWon)} testId="jornadas-won" />
              )}
            </td>
            <td className="ranking-table__points">{row.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
