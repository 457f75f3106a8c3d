import { z } from 'zod';
import { dataEnvelope, wholeNumberBetween } from './common.ts';
import { GameModeSchema } from './game-rules.ts';
import { PoolResultMatchSchema, ResultPickSchema, WeekNumberQuerySchema } from './pool-results.ts';
import type { PredictionChoice } from './predictions.ts';

/**
 * "La jornada en una tabla" (`GET /api/predictions/pool/{poolId}/results/table?weekNumber=N&offset=M`): a jornada's
 * matches against the picks of the pool's players, in the general ranking's order, `JORNADA_TABLE_PAGE` players per
 * answer (docs/decisions/078-the-jornada-in-one-table.md). As in "Resultados", nobody's pick of a match is in an
 * answer before that match kicks off by the server's clock (`picksClosed`), not even the caller's own.
 */
export const JORNADA_TABLE_PAGE = 50;

export const jornadaTableMessages = {
  // The two views of a jornada in "Resultados": its cards, and this table.
  views: 'Vista de la jornada',
  byMatch: 'Por partidos',
  table: 'En una tabla',
  caption: (jornada: string) => `La jornada en una tabla: ${jornada}`,
  player: 'Jugador',
  total: 'Puntos',
  you: '(tú)',
  loading: 'Cargando la tabla...',
  loadFailed: 'No se pudo cargar la tabla de la jornada.',
  loadMoreFailed: 'No se pudieron cargar más jugadores.',
  empty: 'Todavía no juega nadie en esta quiniela.',
  more: 'Mostrar más',
  shown: (shown: number, total: number) => `${shown} de ${total} jugadores`,
  notStarted: 'Sin empezar',
  live: 'En juego',
  startedWithoutResult: 'Empezado',
  hidden: 'Oculto hasta el inicio',
  noPick: 'Sin pronóstico',
  marks: { exact: 'Resultado exacto', hit: 'Acierto', miss: 'Fallo' },
  joker: 'Comodín',
  legendTitle: 'Leyenda',
  legendJoker: 'Comodín (puntos ×2)',
  legendHidden: 'Se ve cuando empieza el partido',
  points: (points: number) => `${points} ${points === 1 ? 'punto' : 'puntos'}`,
} as const;

/** What marks a pick in the table besides its colour: the same symbol in the legend. */
export const pickMarkSymbols = { exact: '✓✓', hit: '✓', miss: '✗' } as const;
export const JOKER_SYMBOL = '★';

/** A 1X2 pick as the boleto writes it. */
export const outcomeCodes: Record<PredictionChoice, string> = { home: '1', draw: 'X', away: '2' };

/** A pick in a table's cell: "1", "X", "2", or an exact-score pick's "2-1" (a La Quiniela Pleno's buckets: `goals`, "M-1"). */
export function pickCode(
  pick: { prediction: PredictionChoice; scoreHome: number | null; scoreAway: number | null },
  goals: (goals: number) => string = String,
): string {
  return pick.scoreHome === null || pick.scoreAway === null ? outcomeCodes[pick.prediction] : `${goals(pick.scoreHome)}-${goals(pick.scoreAway)}`;
}

export type PickMark = keyof typeof pickMarkSymbols;

/**
 * How a pick of a finished match is marked: `exact` when it named the score (where a score is played: not in La
 * Quiniela, whose Pleno is an acierto or not), `hit` when it earned points (the scoring rule's, which the answer
 * carries), `miss` when it earned none; null while the match is not finished (`points` null).
 */
export function pickMark(
  pick: { scoreHome: number | null; scoreAway: number | null; points: number | null },
  match: { scoreHome: number | null; scoreAway: number | null },
  exactCounts = true,
): PickMark | null {
  if (pick.points === null) return null;
  if (exactCounts && pick.scoreHome !== null && pick.scoreHome === match.scoreHome && pick.scoreAway === match.scoreAway) return 'exact';
  return pick.points > 0 ? 'hit' : 'miss';
}

export const JornadaTableQuerySchema = z.object({
  weekNumber: WeekNumberQuerySchema,
  offset: z.coerce
    .number({ error: 'El desplazamiento (offset) debe ser un número.' })
    .pipe(wholeNumberBetween('El desplazamiento (offset)', 0, 1_000_000))
    .default(0),
});
export type JornadaTableQuery = z.infer<typeof JornadaTableQuerySchema>;

/** A player's pick of a match that has kicked off, with what it earned (null until the match is finished). */
const TablePickSchema = ResultPickSchema.omit({ userId: true, username: true }).extend({ matchId: z.number().int() });
export type TablePick = z.infer<typeof TablePickSchema>;

export const JornadaTableRowSchema = z.object({
  /** The player's place in the pool's general table (equal points share it). */
  position: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** What the player's picks of the jornada's finished matches earned. */
  points: z.number().int(),
  /** The player's picks of the matches that have kicked off; none of a match still to start. */
  picks: z.array(TablePickSchema),
});
export type JornadaTableRow = z.infer<typeof JornadaTableRowSchema>;

/** A column: a match as "Resultados" answers it (its score only as the data has it), without the picks. */
const ColumnMatchSchema = PoolResultMatchSchema.pick({ id: true, homeTeamId: true, awayTeamId: true, matchDate: true });
export const JornadaTableMatchSchema = ColumnMatchSchema.extend(
  PoolResultMatchSchema.pick({ status: true, scoreHome: true, scoreAway: true, kickedOff: true }).shape,
);
export type JornadaTableMatch = z.infer<typeof JornadaTableMatchSchema>;

export const JornadaTableSchema = z.object({
  poolId: z.number().int(),
  weekNumber: z.number().int(),
  /** The pool's game: 1X2 (`outcome`) or exact score (`exactScore`). */
  mode: GameModeSchema,
  /** The pool plays the comodín. */
  joker: z.boolean(),
  /** The jornada's matches in the pool, in kick-off order (the columns). */
  matches: z.array(JornadaTableMatchSchema),
  /** How many players the pool ranks: the rows there are in all. */
  total: z.number().int(),
  /** Where `rows` starts in the ranking. */
  offset: z.number().int(),
  /** At most `JORNADA_TABLE_PAGE` players from `offset`, in the general ranking's order. */
  rows: z.array(JornadaTableRowSchema),
  /** The caller's own row wherever it stands (null when the caller does not play). */
  own: JornadaTableRowSchema.nullable(),
});
export type JornadaTable = z.infer<typeof JornadaTableSchema>;
export const JornadaTableResponseSchema = dataEnvelope(JornadaTableSchema);
