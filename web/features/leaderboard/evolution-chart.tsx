import { useQuery } from '@tanstack/react-query';
import { leaderboardMessages, type EvolutionResponse } from '#contract/leaderboard';
import { leaderboardQueries } from './api.ts';
import '../../components/visually-hidden.css';
import './evolution-chart.css';

type Point = EvolutionResponse['data']['jornadas'][number];

const WIDTH = 340;
const LEFT = 30;
const RIGHT = 12;
/** The position line's panel, then the leader's points' bars under it. */
const LINE_TOP = 14;
const LINE_BOTTOM = 86;
const BARS_TOP = 104;
const BARS_BOTTOM = 140;
const HEIGHT = 158;

/**
 * The caller's place after each played jornada (a line, first place on top) and the leader's points (bars), drawn
 * here as inline SVG: no chart library, nothing remote. The picture is hidden from screen readers, which read the
 * same numbers in the table under it.
 */
export function EvolutionChart({ poolId }: { poolId: number }) {
  const evolution = useQuery(leaderboardQueries.evolution(poolId));
  if (evolution.isPending) return null;
  if (evolution.isError) return <p className="evolution__message">{leaderboardMessages.evolutionFailed}</p>;
  const points = evolution.data;
  if (points.length === 0) return null;
  const plays = points.some((point) => point.position !== null);
  return (
    <figure className="evolution" data-testid="evolution">
      <figcaption className="evolution__caption">{plays ? 'Tu evolución' : 'Evolución del líder'}</figcaption>
      <Picture points={points} plays={plays} />
      <ul className="evolution__legend" aria-hidden="true">
        {plays && <li className="evolution__legend-line">Tu posición</li>}
        <li className="evolution__legend-bar">Puntos del líder</li>
      </ul>
      {/* The chart's numbers for screen readers. */}
      <table className="visually-hidden" data-testid="evolution-table">
        <caption>
          {plays ? 'Tu posición y los puntos del líder tras cada jornada' : 'Los puntos del líder tras cada jornada'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Jornada</th>
            {plays && <th scope="col">Tu posición</th>}
            {plays && <th scope="col">Tus puntos</th>}
            <th scope="col">Puntos del líder</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.weekNumber}>
              <th scope="row">{point.label}</th>
              {plays && (
                <td>{point.position === null ? 'Aún no jugabas' : `${point.position}º de ${point.players}`}</td>
              )}
              {plays && <td>{point.points ?? '—'}</td>}
              <td>{point.leaderPoints}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Picture({ points, plays }: { points: readonly Point[]; plays: boolean }) {
  const step = points.length > 1 ? (WIDTH - LEFT - RIGHT) / (points.length - 1) : 0;
  const x = (index: number) => (points.length > 1 ? LEFT + index * step : (LEFT + WIDTH - RIGHT) / 2);
  const lastPlace = Math.max(2, ...points.map((point) => point.players));
  const y = (position: number) => LINE_TOP + ((position - 1) / (lastPlace - 1)) * (LINE_BOTTOM - LINE_TOP);
  const topPoints = Math.max(1, ...points.map((point) => point.leaderPoints));
  const barWidth = Math.max(3, Math.min(18, step * 0.6 || 18));
  // The line breaks where the caller had not joined yet.
  const segments: string[] = [];
  let path = '';
  points.forEach((point, index) => {
    if (point.position === null) {
      if (path) segments.push(path);
      path = '';
      return;
    }
    path += `${path ? 'L' : 'M'}${x(index).toFixed(1)} ${y(point.position).toFixed(1)} `;
  });
  if (path) segments.push(path);
  // Every jornada's number when they fit, else the first and the last.
  const labelled = points.length <= 10 ? points.map((_, index) => index) : [0, points.length - 1];
  return (
    <svg
      className="evolution__picture"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      data-testid="evolution-picture"
    >
      {plays && (
        <>
          <line className="evolution__grid" x1={LEFT} x2={WIDTH - RIGHT} y1={LINE_TOP} y2={LINE_TOP} />
          <line className="evolution__grid" x1={LEFT} x2={WIDTH - RIGHT} y1={LINE_BOTTOM} y2={LINE_BOTTOM} />
          <text className="evolution__axis" x={LEFT - 6} y={LINE_TOP + 4} textAnchor="end">
            1º
          </text>
          <text className="evolution__axis" x={LEFT - 6} y={LINE_BOTTOM + 4} textAnchor="end">
            {lastPlace}º
          </text>
          {segments.map((d) => (
            <path key={d} className="evolution__line" d={d} />
          ))}
          {points.map((point, index) =>
            point.position === null ? null : (
              <circle key={point.weekNumber} className="evolution__dot" cx={x(index)} cy={y(point.position)} r={3.5} />
            ),
          )}
        </>
      )}
      {points.map((point, index) => {
        const height = (point.leaderPoints / topPoints) * (BARS_BOTTOM - BARS_TOP);
        return (
          <g key={point.weekNumber}>
            <rect
              className="evolution__bar"
              x={x(index) - barWidth / 2}
              y={BARS_BOTTOM - height}
              width={barWidth}
              height={height}
            />
            {labelled.includes(index) && (
              // The bar's value over it: a bar alone tells "more", not how many.
              <text
                className="evolution__axis"
                x={x(index)}
                y={BARS_BOTTOM - height - 3}
                textAnchor="middle"
                data-testid="leader-points"
              >
                {point.leaderPoints}
              </text>
            )}
          </g>
        );
      })}
      <line className="evolution__grid" x1={LEFT} x2={WIDTH - RIGHT} y1={BARS_BOTTOM} y2={BARS_BOTTOM} />
      {labelled.map((index) => (
        <text key={index} className="evolution__axis" x={x(index)} y={HEIGHT - 4} textAnchor="middle">
          {points[index]!.weekNumber}
        </text>
      ))}
    </svg>
  );
}
