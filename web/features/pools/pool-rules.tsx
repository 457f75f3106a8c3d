import { useQuery } from '@tanstack/react-query';
import { gameRulesMessages, gameTitle, pointsLines } from '#contract/game-rules';
import { laQuinielaRuleLines } from '#contract/la-quiniela-rules';
import { fromRoundPhrase } from '#contract/matches';
import { messages } from '#contract/messages';
import { poolOptionLines } from '#contract/pool-options';
import type { Pool, PoolDetail } from '#contract/pools';
import { matchQueries } from '../matches/api.ts';
import './pool-rules.css';

/**
 * "Reglas": how the pool plays, as every member sees it: its game (contract/game-rules.ts) and the organiser's
 * options (contract/pool-options.ts), chosen by its creator and fixed once it has started, which it then says.
 */
export function PoolRules({ pool }: { pool: PoolDetail }) {
  const { game } = pool;
  const knockoutRound = useKnockoutRoundLabel(pool);
  return (
    <section className="pool-rules" aria-label={gameRulesMessages.rulesTitle} data-testid="pool-rules">
      <ul className="pool-rules__list">
        <li>
          <strong>{gameTitle(game)}</strong>
        </li>
        {(game.mode === 'laQuiniela' ? laQuinielaRuleLines : pointsLines(game.mode, game.points)).map((line) => (
          <li key={line}>{line}</li>
        ))}
        {game.joker && <li>{gameRulesMessages.jokerRule}</li>}
        {knockoutRound !== null && <li>{gameRulesMessages.knockoutRule(fromRoundPhrase(knockoutRound))}</li>}
        {poolOptionLines(pool.options).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {pool.started && (
        <p className="pool-rules__frozen" data-testid="rules-frozen">
          {messages.rulesFrozen}
        </p>
      )}
    </section>
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
