import { competitionNameOf } from '#contract/matches';

/** "LaLiga 2026/27", "Mundial 2026", "Partidos añadidos a mano": the contract's names (`competitionNameOf`). */
export const competitionLabel = (key: string) => competitionNameOf(key).displayName;
