import { useQueries } from '@tanstack/react-query';
import {
  pickText,
  picksClosed,
  predictionLabels,
  type PickDistribution,
  type PredictionChoice,
} from '#contract/predictions';
import { predictionQueries } from './api.ts';
import type { Fixture } from './fixtures.ts';
import '../../components/card-list.css';
import './match-row.css';
import './pool-card.css';
import './pool-picks.css';

const choices: readonly PredictionChoice[] = ['home', 'draw', 'away'];

interface PoolPicksProps {
  poolId: number;
  weekNumber: number;
  fixtures: readonly Fixture[];
  now: number;
}

/** How the pool picked each match of the round that has kicked off (picks stay hidden before). */
export function PoolPicks({ poolId, weekNumber, fixtures, now }: PoolPicksProps) {
  const started = fixtures.filter(({ match }) => match.weekNumber === weekNumber && picksClosed(match, now));
  const distributions = useQueries({
    queries: started.map(({ match }) => predictionQueries.distribution(poolId, match.id)),
  });

  if (distributions.some((query) => query.isPending)) return null;
  const picked = started.flatMap((fixture, index) => {
    const distribution = distributions[index]?.data;
    return distribution && distribution.picks.length > 0 ? [{ fixture, distribution }] : [];
  });
  return (
    <div className="pool-picks">
      <h2 className="pool-picks__title">Cómo pronosticó la quiniela</h2>
      {picked.length === 0 ? (
        <p className="pool-picks__empty">Nadie pronosticó los partidos ya empezados de esta jornada.</p>
      ) : (
        <ul className="card-list card-list--column">
          {picked.map(({ fixture, distribution }) => (
            <li key={fixture.match.id} className="pool-card" data-testid="pool-picks-match">
              <MatchPicks fixture={fixture} distribution={distribution} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MatchPicks({
  fixture: { match, home, away },
  distribution,
}: {
  fixture: Fixture;
  distribution: PickDistribution;
}) {
  const total = distribution.picks.length;
  const scores = scoresText(distribution.picks);
  const score = match.scoreHome !== null && match.scoreAway !== null ? `${match.scoreHome} – ${match.scoreAway}` : 'VS';
  return (
    <>
      <p className="pool-picks__match match-row">
        <span>{home.name}</span>
        <strong>{score}</strong>
        <span>{away.name}</span>
      </p>
      <div className="pool-picks__bar" aria-hidden="true">
        {choices.map((choice) => (
          <span
            key={choice}
            className={`pool-picks__share pool-picks__share--${choice}`}
            style={{ flexGrow: distribution.counts[choice] }}
          />
        ))}
      </div>
      <p className="pool-picks__counts">
        {choices.map((choice) => `${predictionLabels[choice]} ${distribution.counts[choice]}`).join(' · ')}
        <span className="pool-picks__total">
          {' '}
          ({total} {total === 1 ? 'pronóstico' : 'pronósticos'})
        </span>
      </p>
      {scores !== null && (
        <p className="pool-picks__counts" data-testid="pool-picks-scores">
          {scores}
        </p>
      )}
      <details className="pool-picks__details">
        <summary>Ver quién eligió qué</summary>
        <ul>
          {distribution.picks.map((pick) => (
            <li key={pick.userId}>
              {pick.username}: <strong>{pickText(pick)}</strong>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** The most picked scores shown, the rest counted. */
const SCORES_SHOWN = 5;

/**
 * In an exact-score pool, the scores the pool picked, the most picked first: "Marcadores: 2-1 (3) · 1-1 (2) · y 2
 * más". Null in a 1X2 pool (no pick has a score), where the outcomes' counts say it all.
 */
export function scoresText(picks: PickDistribution['picks']): string | null {
  const counts = new Map<string, number>();
  for (const pick of picks) {
    if (pick.scoreHome === null || pick.scoreAway === null) continue;
    const score = pickText(pick);
    counts.set(score, (counts.get(score) ?? 0) + 1);
  }
  if (counts.size === 0) return null;
  const ranked = [...counts].toSorted(([a, m], [b, n]) => n - m || a.localeCompare(b, 'es', { numeric: true }));
  const shown = ranked.slice(0, SCORES_SHOWN).map(([score, count]) => `${score} (${count})`);
  const rest = ranked.length - SCORES_SHOWN;
  return `Marcadores: ${[...shown, ...(rest > 0 ? [`y ${rest} más`] : [])].join(' · ')}`;
}
