import { competitionNameOf, type MatchStatus } from '#contract/matches';

/** "LaLiga 2026/27", "Mundial 2026", "Partidos añadidos a mano": the contract's names (`competitionNameOf`). */
export const competitionLabel = (key: string) => competitionNameOf(key).displayName;

export const STATUS_LABELS: Record<MatchStatus, string> = {
  scheduled: 'Programado',
  live: 'En juego',
  finished: 'Finalizado',
};

/** "2 – 1" once there is a score, else "–". */
export function scoreText(score: { scoreHome: number | null; scoreAway: number | null }): string {
  return score.scoreHome === null || score.scoreAway === null ? '–' : `${score.scoreHome} – ${score.scoreAway}`;
}
