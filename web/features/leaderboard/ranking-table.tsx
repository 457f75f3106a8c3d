import { trophyOutline } from 'ionicons/icons';
import { useState } from 'react';
import { jornadasWonText, leaderboardMessages, movementText, type RankingPosition } from '#contract/leaderboard';
import { Icon } from '../../components/icon.tsx';
import { placeChanges, type PlaceChange } from './place-changes.ts';
import './ranking-table.css';

/** A row: the spec's position, username and points, and what a table of jornadas adds to it. */
export interface RankingRow extends RankingPosition {
  /** General table: places gained since the previous jornada (null: none to compare with). */
  movement?: number | null;
  /** General table: jornadas won. */
  jornadasWon?: number;
  /** General table of a pool with bonus questions: the points they gave (part of `points`). */
  extra?: number;
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

/**
 * The rows that changed place since the table last rendered (a live update, a refetch), each until its animation
 * ends. Derived during render when the rows change (React's "adjusting state when a prop changes").
 */
function usePlaceChanges(positions: readonly RankingRow[]) {
  const [shown, setShown] = useState(positions);
  const [changes, setChanges] = useState<ReadonlyMap<number, PlaceChange>>(new Map());
  if (positions !== shown) {
    setShown(positions);
    setChanges(placeChanges(shown, positions));
  }
  const settled = (userId: number) =>
    setChanges((current) => {
      const next = new Map(current);
      next.delete(userId);
      return next;
    });
  return { changes, settled };
}

/** Position, username and points (the spec's ranking list); the reader's own row stands out; a changed place moves. */
export function RankingTable({ caption, positions, currentUserId, testId }: RankingTableProps) {
  const { changes, settled } = usePlaceChanges(positions);
  // A pool with bonus questions (every row has `extra`): their points shown apart, the total still in "Puntos".
  const extra = positions[0]?.extra !== undefined;
  return (
    <table className="ranking-table" data-testid={testId}>
      <caption className="ranking-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Pos.</th>
          <th scope="col">Jugador</th>
          {extra && <th scope="col">{leaderboardMessages.extra}</th>}
          <th scope="col">Puntos</th>
        </tr>
      </thead>
      <tbody>
        {positions.map((row) => (
          <tr
            key={row.userId}
            className={rowClass(row.userId === currentUserId, changes.get(row.userId))}
            data-testid="ranking-row"
            onAnimationEnd={() => settled(row.userId)}
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
            {extra && <td>{row.extra}</td>}
            <td className="ranking-table__points">{row.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function rowClass(me: boolean, change: PlaceChange | undefined): string | undefined {
  const classes = [me && 'ranking-table__me', change && `ranking-table__row--${change}`].filter(Boolean);
  return classes.length === 0 ? undefined : classes.join(' ');
}
