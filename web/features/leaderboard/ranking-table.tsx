import type { RankingPosition } from '#contract/index';
import './ranking-table.css';

interface RankingTableProps {
  caption: string;
  positions: readonly RankingPosition[];
  currentUserId: number;
  testId: string;
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
              <span className={`ranking-table__position ranking-table__position--${Math.min(row.position, 4)}`}>
                {row.position}
              </span>
            </td>
            <td className="ranking-table__name">
              {row.username}
              {row.userId === currentUserId && <span className="ranking-table__you"> (tú)</span>}
            </td>
            <td className="ranking-table__points">{row.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
