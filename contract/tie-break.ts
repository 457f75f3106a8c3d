import type { GameMode } from './game-rules.ts';
import type { TieBreak } from './pool-options.ts';

/**
 * The organiser's tie-break (docs/decisions/083-the-organisers-tie-break.md), its schema in contract/pool-options.ts
 * (`TieBreakSchema`): each rule's order, its sentence and its choices. Apart from the schema so that only the server
 * and the lazily loaded rules form carry them, not a pool's first load.
 */

/** What a row is compared by, after its points: the counts the stored standings give each player. */
export type TieBreakCriterion = 'correct' | 'won' | 'exact' | 'lessExtra';

/** The one place each tie-break's order is written: `rankRows` compares by it, and the tables' sentence says it. */
export const TIE_BREAK_ORDERS: Readonly<Record<TieBreak, readonly TieBreakCriterion[]>> = {
  correctPicks: ['correct', 'won'],
  jornadasWon: ['won', 'correct'],
  exactScores: ['exact', 'correct', 'won'],
  lessExtra: ['lessExtra', 'correct', 'won'],
};

const criterionTexts: Readonly<Record<TieBreakCriterion, string>> = {
  correct: 'más aciertos',
  won: 'más jornadas ganadas',
  exact: 'más resultados exactos',
  lessExtra: 'menos puntos de preguntas extra',
};

/**
 * The sentence under every table: "Empates: más aciertos, después más jornadas ganadas y, por último, el nombre."
 * (the default's, word for word as before).
 */
export function tieBreakText(rule: TieBreak): string {
  const [first, ...then] = TIE_BREAK_ORDERS[rule].map((criterion) => criterionTexts[criterion]);
  return `Empates: ${first}, después ${then.join(', ')} y, por último, el nombre.`;
}

/** The organiser's choices, as the rules form names them. */
export const tieBreakChoices: readonly { value: TieBreak; label: string }[] = [
  { value: 'correctPicks', label: 'Más aciertos, después jornadas ganadas' },
  { value: 'jornadasWon', label: 'Más jornadas ganadas, después aciertos' },
  { value: 'exactScores', label: 'Más resultados exactos, después aciertos' },
  { value: 'lessExtra', label: 'Menos puntos de preguntas extra, después aciertos' },
];

export const tieBreakMessages = {
  exactNeedsScores: 'El desempate por resultados exactos solo se puede elegir en el modo de resultado exacto.',
} as const;

/** Whether a pool of game `mode` can use `rule`: exact scores exist only where picks are scores. */
export const tieBreakFits = (rule: TieBreak, mode: GameMode): boolean => rule !== 'exactScores' || mode === 'exactScore';
