import { MAX_PARTICIPANTS, type PredictionChoice } from '#contract/index';

/*
 * The demo's bot players and how each picks (docs/decisions/067): simple strategies a newcomer recognises in a real
 * pool, so the ranking has someone to beat and someone to lose to.
 */

/** The demo's pool has a pool's most places, and keeps a hundred of them for newcomers. */
export const DEMO_MAX_BOTS = MAX_PARTICIPANTS - 100;

export type Strategy = 'local' | 'empate' | 'visitante' | 'favoritos' | 'azar' | 'mayoria';

/** Each strategy's player name in the demo pool, and the order bots take them in. */
export const BOT_NAMES: Readonly<Record<Strategy, string>> = {
  favoritos: 'Fede (favoritos)',
  local: 'Lola (siempre local)',
  azar: 'Rita (al azar)',
  mayoria: 'Mayo (la mayoría)',
  empate: 'Tomás (el empate)',
  visitante: 'Vera (el visitante)',
};
export const STRATEGIES = Object.keys(BOT_NAMES) as Strategy[];

/** What a bot knows when it picks: each team's points in the tournament so far, and what others picked already. */
export interface PickContext {
  points: ReadonlyMap<number, number>;
  picked: readonly PredictionChoice[];
}

/** A number in [0, 1) from two integers, the same every run: "al azar" picks alike in the demo and in the soak. */
const noise = (a: number, b: number) => {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43_758.5453;
  return x - Math.floor(x);
};

/** A bot's pick for a match between `homeTeamId` and `awayTeamId`. */
export function botPick(
  strategy: Strategy,
  bot: number,
  match: { id: number; homeTeamId: number; awayTeamId: number },
  { points, picked }: PickContext,
): PredictionChoice {
  switch (strategy) {
    case 'local':
      return 'home';
    case 'empate':
      return 'draw';
    case 'visitante':
      return 'away';
    case 'favoritos': {
      const [home, away] = [points.get(match.homeTeamId) ?? 0, points.get(match.awayTeamId) ?? 0];
      return home > away ? 'home' : away > home ? 'away' : 'draw';
    }
    case 'azar': {
      const roll = noise(bot, match.id);
      return roll < 0.45 ? 'home' : roll < 0.72 ? 'draw' : 'away';
    }
    case 'mayoria': {
      const counts = (['home', 'draw', 'away'] as const).map((choice) => picked.filter((p) => p === choice).length);
      const most = Math.max(...counts);
      return most === 0 ? 'home' : (['home', 'draw', 'away'] as const)[counts.indexOf(most)]!;
    }
  }
}
