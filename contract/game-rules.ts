import { z } from 'zod';
import { wholeNumberBetween } from './common.ts';

/**
 * A pool's game: what its participants predict and what a pick earns (issue 20, part A). Chosen by the creator at
 * creation; a pool created without it plays the specification's game, `DEFAULT_GAME_RULES`: 1X2 for 3 points, no
 * comodín, no multiplier. The scoring rule that reads it is server/modules/leaderboard/scoring.ts.
 */
export const GameModeSchema = z.enum(['outcome', 'exactScore', 'laQuiniela'], {
  error: 'El modo de juego debe ser outcome, exactScore o laQuiniela.',
});
export type GameMode = z.infer<typeof GameModeSchema>;

export const PointsPresetSchema = z.enum(['clasica', 'polla', 'custom'], {
  error: 'Los puntos deben ser clasica, polla o custom.',
});
export type PointsPreset = z.infer<typeof PointsPresetSchema>;

export const POINTS_MAX = 10;
export const PREDICTED_GOALS_MAX = 20;

const pointValue = (what: string) =>
  z
    .number({ error: `Los puntos por ${what} deben ser un número.` })
    .int({ error: `Los puntos por ${what} deben ser un número entero.` })
    .min(0, { error: `Los puntos por ${what} deben estar entre 0 y ${POINTS_MAX}.` })
    .max(POINTS_MAX, { error: `Los puntos por ${what} deben estar entre 0 y ${POINTS_MAX}.` });

/**
 * What a pick earns. A pick earns the best of the tiers it hits (exact score, right goal difference, right outcome),
 * plus `teamGoals` when it is not exact but gets one team's goals right. A 1X2 pick has no score: only `outcome`
 * applies to it.
 */
export const ScoringPointsSchema = z.object({
  exact: pointValue('resultado exacto'),
  difference: pointValue('diferencia de goles'),
  outcome: pointValue('acertar el ganador o el empate'),
  teamGoals: pointValue('los goles de un equipo'),
});
export type ScoringPoints = z.infer<typeof ScoringPointsSchema>;

/** The presets of "Resultado exacto", and the specification's 3 points of 1X2. */
export const OUTCOME_POINTS: ScoringPoints = { exact: 0, difference: 0, outcome: 3, teamGoals: 0 };
export const PRESET_POINTS: Record<Exclude<PointsPreset, 'custom'>, ScoringPoints> = {
  clasica: { exact: 3, difference: 2, outcome: 1, teamGoals: 0 },
  polla: { exact: 5, difference: 0, outcome: 2, teamGoals: 1 },
};

/** A jornada (`weekNumber` of the pool's competition) from which every pick's points count double. */
const KnockoutFromWeekSchema = wholeNumberBetween('La ronda del multiplicador (knockoutFromWeek)', 1, 99);

export const GameRulesSchema = z.object({
  mode: GameModeSchema,
  /** Null in 1X2 pools. */
  preset: PointsPresetSchema.nullable(),
  points: ScoringPointsSchema,
  /** Comodín: once per jornada a participant doubles one match's points. */
  joker: z.boolean(),
  /** Points ×2 for the matches of this jornada on; null: no multiplier. */
  knockoutFromWeek: z.number().int().nullable(),
});
export type GameRules = z.infer<typeof GameRulesSchema>;

export const DEFAULT_GAME_RULES: GameRules = {
  mode: 'outcome',
  preset: null,
  points: OUTCOME_POINTS,
  joker: false,
  knockoutFromWeek: null,
};

export const gameRulesMessages = {
  modeHasPicks: 'Ya hay pronósticos en esta quiniela: el modo de juego ya no se puede cambiar.',
  customPointsRequired:
    'Con puntos personalizados (custom) hay que indicar points: exact, difference, outcome y teamGoals.',
  pointsOrder: 'Los puntos deben ir de más a menos: resultado exacto ≥ diferencia de goles ≥ ganador o empate.',
  presetOnlyExact: 'Los puntos (preset, points) solo se eligen en el modo de resultado exacto.',
  knockoutNeedsCompetition: 'El multiplicador de eliminatorias necesita una quiniela de una competición.',
  knockoutRoundUnknown: 'La ronda del multiplicador no es de la competición de la quiniela.',
  // The "Reglas" section and the create form
  rulesTitle: 'Reglas',
  formTitle: 'Reglas del juego',
  modeLabel: 'Modo de juego',
  presetLabel: 'Puntos',
  jokerLabel: 'Comodín',
  jokerHelp: 'Una vez por jornada, cada participante dobla los puntos de un partido.',
  knockoutLabel: 'Multiplicador de eliminatorias',
  knockoutNone: 'Sin multiplicador',
  /** `fromRound`: "desde los Octavos de final" (`fromRoundPhrase`). */
  knockoutRule: (fromRound: string) => `Puntos ×2 ${fromRound}.`,
  jokerRule:
    'Comodín: una vez por jornada, los puntos de un partido cuentan doble. Los demás lo ven cuando empieza el partido.',
  customPointLabels: {
    exact: 'Resultado exacto',
    difference: 'Diferencia de goles',
    outcome: 'Ganador o empate',
    teamGoals: 'Goles de un equipo',
  } satisfies Record<keyof ScoringPoints, string>,
} as const;

export const gameModeLabels: Record<GameMode, string> = {
  outcome: 'Quiniela 1X2',
  exactScore: 'Resultado exacto',
  laQuiniela: 'La Quiniela',
};
export const pointsPresetLabels: Record<PointsPreset, string> = {
  clasica: 'Clásica',
  polla: 'Polla',
  custom: 'Personalizada',
};

/** A game's name as its rules and their folded row say it: "Quiniela 1X2", "Resultado exacto · Clásica". */
export const gameTitle = (game: Pick<GameRules, 'mode' | 'preset'>): string =>
  game.preset === null
    ? gameModeLabels[game.mode]
    : `${gameModeLabels[game.mode]} · ${pointsPresetLabels[game.preset]}`;

/** One line per tier a pool's points give, for the form's examples and the "Reglas" section. */
export function pointsLines(mode: Exclude<GameMode, 'laQuiniela'>, points: ScoringPoints): string[] {
  if (mode === 'outcome') return [`${points.outcome} puntos por acertar Local, Empate o Visitante.`];
  const lines = [`Resultado exacto: ${points.exact}`];
  if (points.difference > 0) lines.push(`Diferencia de goles: ${points.difference}`);
  if (points.outcome > 0) lines.push(`Ganador o empate: ${points.outcome}`);
  if (points.teamGoals > 0) lines.push(`+${points.teamGoals} por los goles de un equipo`);
  return lines;
}

/** The example the form shows under a preset, for a 2-1 result. */
export const presetExamples: Record<Exclude<PointsPreset, 'custom'>, string> = {
  clasica: 'Ejemplo con un 2-1: 2-1 suma 3, 3-2 suma 2, 1-0 suma 1.',
  polla: 'Ejemplo con un 2-1: 2-1 suma 5, 2-0 suma 3, 3-0 suma 2, 2-2 suma 1.',
};

/**
 * What a create body may say about the game; absent: the specification's game. Completed into `GameRules` by
 * `gameRulesOf`: 1X2 takes the specification's points, a preset its points, `custom` the points given.
 */
export const GameRulesInputSchema = z
  .object({
    mode: GameModeSchema,
    preset: PointsPresetSchema.optional(),
    points: ScoringPointsSchema.optional(),
    joker: z.boolean({ error: 'joker debe ser verdadero o falso.' }).default(false),
    knockoutFromWeek: KnockoutFromWeekSchema.nullable().default(null),
  })
  .superRefine((game, ctx) => {
    if (game.mode !== 'exactScore') {
      if (game.preset !== undefined || game.points !== undefined)
        ctx.addIssue({ code: 'custom', message: gameRulesMessages.presetOnlyExact, path: ['preset'] });
      return;
    }
    if ((game.preset ?? 'clasica') === 'custom') {
      if (game.points === undefined)
        ctx.addIssue({ code: 'custom', message: gameRulesMessages.customPointsRequired, path: ['points'] });
      else if (game.points.exact < game.points.difference || game.points.difference < game.points.outcome)
        ctx.addIssue({ code: 'custom', message: gameRulesMessages.pointsOrder, path: ['points'] });
    } else if (game.points !== undefined)
      ctx.addIssue({ code: 'custom', message: gameRulesMessages.customPointsRequired, path: ['preset'] });
  });
export type GameRulesInput = z.input<typeof GameRulesInputSchema>;

/** The complete rules a (valid) input describes. */
export function gameRulesOf(input: z.output<typeof GameRulesInputSchema> | undefined): GameRules {
  if (input === undefined) return DEFAULT_GAME_RULES;
  const { mode, joker, knockoutFromWeek } = input;
  if (mode === 'outcome') return { ...DEFAULT_GAME_RULES, joker, knockoutFromWeek };
  // La Quiniela scores by its boleto (decision 082): one acierto a sign; its comodín and multiplier are refused (pools.service.ts).
  if (mode === 'laQuiniela') return { ...DEFAULT_GAME_RULES, mode, points: { ...OUTCOME_POINTS, outcome: 1 } };
  const preset = input.preset ?? 'clasica';
  // The schema requires `points` with `custom` and refuses them with a preset.
  const points = input.points ?? PRESET_POINTS[preset === 'custom' ? 'clasica' : preset];
  return { mode, preset, points, joker, knockoutFromWeek };
}
