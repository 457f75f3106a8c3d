import { useQuery } from '@tanstack/react-query';
import { IonCard, IonCardContent } from '@ionic/react';
import { gameModeLabels, gameRulesMessages, pointsLines, pointsPresetLabels } from '#contract/game-rules';
import { fromRoundPhrase } from '#contract/matches';
import { poolOptionLines } from '#contract/pool-options';
import type { Pool } from '#contract/pools';
import { matchQueries } from '../matches/api.ts';
import './pool-rules.css';

/**
 * "Reglas": how the pool plays, as every member sees it: its game (contract/game-rules.ts) and the organiser's
 * options (contract/pool-options.ts), chosen by its creator and fixed once its first match kicks off.
 */
export function PoolRules({ pool }: { pool: Pool }) {
  const { game } = pool;
  const knockoutRound = useKnockoutRoundLabel(pool);
  const title = game.preset === null ? gameModeLabels[game.mode] : `${gameModeLabels[game.mode]} · ${pointsPresetLabels[game.preset]}`;
  return (
    <IonCard className="pool-rules" data-testid="pool-rules">
      <IonCardContent>
        <h2 className="pool-rules__title">{gameRulesMessages.rulesTitle}</h2>
        <ul className="pool-rules__list">
          <li>
            <strong>{title}</strong>
          </li>
          {pointsLines(game.mode, game.points).map((line) => (
            <li key={line}>{line}</li>
          ))}
          {game.joker && <li>{gameRulesMessages.jokerRule}</li>}
          {knockoutRound !== null && <li>{gameRulesMessages.knockoutRule(fromRoundPhrase(knockoutRound))}</li>}
          {poolOptionLines(pool.options).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </IonCardContent>
    </IonCard>
  );
}

/** The label of the round the multiplier starts from ("Octavos de final"), "Jornada N" until the competitions load. */
function useKnockoutRoundLabel(pool: Pool): string | null {
  const week = pool.game.knockoutFromWeek;
  const competitions = useQuery({ ...matchQueries.competitions(), enabled: week !== null });
  if (week === null) return null;
  const competition = competitions.data?.find((c) => c.key === pool.competition);
  return competition?.rounds.find((round) => round.weekNumber === week)?.label ?? `Jornada ${week}`;
}
