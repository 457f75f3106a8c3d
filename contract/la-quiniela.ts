import { z } from 'zod';
import { dataEnvelope, positiveId, wholeNumberBetween } from './common.ts';
import { MatchSchema } from './matches.ts';
import { PredictionChoiceSchema } from './predictions.ts';

/**
 * "Modo La Quiniela" (issue 37; docs/decisions/082-modo-la-quiniela.md): each jornada of the pool is a boleto of 15
 * matches its organiser chooses from any competition's open matches, numbered 1, 2, … (the pool's jornada is the
 * boleto's number, not a competition's week). 1X2 on the first 14; on the 15th, the Pleno al 15, each team's goals
 * among 0, 1, 2 and M (3 or more). A boleto scores aciertos (0–15): one per right sign, and the Pleno one more only
 * with the 14 signs right, as in the real game (server/modules/leaderboard/boleto-scoring.ts).
 */
export const BOLETO_SIZE = 15;
/** The Pleno al 15 is the boleto's last match. */
export const PLENO_POSITION = 15;
/** Boletos per pool: a boleto's number is the pool's jornada (1–99, as `weekNumber`). */
export const BOLETO_MAX = 99;
/** The Pleno's goal buckets: 0, 1, 2 and M (3 or more), sent and stored as 0–3. */
export const PLENO_M = 3;
export const PLENO_BUCKETS = [0, 1, 2, PLENO_M] as const;

/** A match's goals as a Pleno bucket: 0, 1, 2, or 3 (M) for 3 or more. */
export const plenoBucket = (goals: number): number => Math.min(goals, PLENO_M);
/** A bucket as the boleto writes it: "0", "1", "2", "M". */
export const plenoBucketLabel = (bucket: number): string => (bucket >= PLENO_M ? 'M' : String(bucket));

/** The real game's prize categories, by aciertos: 15 (Pleno al 15, la especial), 14 (1.ª) … 10 (5.ª). */
export const BOLETO_CATEGORIES = [15, 14, 13, 12, 11, 10] as const;
/** A boleto's category by its aciertos, null below 10. */
export const boletoCategory = (aciertos: number): number | null => (aciertos >= 10 ? aciertos : null);
export const categoryLabel = (aciertos: number): string =>
  aciertos === 15 ? 'Pleno al 15 (especial)' : `${aciertos - 13}.ª categoría (${aciertos})`;

export const laQuinielaMessages = {
  /** A pick of the wrong shape for its line (pick-admission.ts). */
  wrongShape: 'En La Quiniela: prediction en 1–14; scoreHome y scoreAway (0–3; 3 es M) en el Pleno.',
  noJoker: 'La Quiniela no juega con comodín.',
  noKnockout: 'La Quiniela no tiene multiplicador de eliminatorias.',
  notLaQuiniela: 'Esta quiniela no es del modo La Quiniela.',
  boletoUnknown: 'Ese boleto no existe en esta quiniela.',
  boletoSize: `Un boleto tiene exactamente ${BOLETO_SIZE} partidos distintos, en orden (el 15.º es el Pleno al 15).`,
  boletoNext: (next: number) => `El siguiente boleto de esta quiniela es el ${next}.`,
  matchUnknown: 'Alguno de los partidos no existe.',
  matchStarted: 'Solo se eligen partidos que no han empezado.',
  matchInOtherBoleto: 'Alguno de los partidos ya está en otro boleto de esta quiniela.',
  boletoStarted: 'El boleto ya empezó: no se puede cambiar.',
  pickedMatchKept: 'Un partido que alguien ya pronosticó se queda en el boleto, en su sitio.',
  saved: (number: number) => `Boleto ${number} guardado.`,
  // Screens
  title: 'Boletos',
  boleto: (number: number) => `Boleto ${number}`,
  compose: 'Componer boleto',
  /** An organiser's boleto before its first kick-off: recomposed in the same form (decision 082). */
  recompose: 'Cambiar boleto',
  cancel: 'Cancelar',
  composeHelp: 'Elige 15 partidos que no hayan empezado, en orden: el 15.º es el Pleno al 15.',
  newBoleto: 'Nuevo boleto',
  save: 'Guardar boleto',
  saveFailed: 'No se pudo guardar el boleto.',
  chosen: (n: number) => `${n} de ${BOLETO_SIZE} partidos`,
  add: 'Añadir',
  remove: 'Quitar',
  up: 'Subir',
  down: 'Bajar',
  noBoletos: 'Todavía no hay boletos en esta quiniela.',
  noOpenMatches: 'No hay partidos abiertos.',
  pleno: 'Pleno al 15',
  plenoGoals: (team: string) => `Goles de ${team}`,
  aciertos: 'Aciertos',
  category: 'Categoría',
  tableCaption: (number: number) => `Aciertos del boleto ${number}`,
  categoriesTitle: 'Categorías',
  categoryCount: (aciertos: number, n: number) => `${aciertos} aciertos: ${n}`,
  player: 'Jugador',
  loading: 'Cargando boletos...',
  loadFailed: 'No se pudieron cargar los boletos.',
  pickSaved: 'Pronóstico guardado.',
  pickFailed: 'No se pudo guardar el pronóstico.',
  closed: 'Cerrado',
  /** Resultados of a La Quiniela pool: each match's line, and whether a pick was an acierto. */
  line: (position: number) => (position === PLENO_POSITION ? 'Pleno al 15' : `Partido ${position}`),
  acierto: 'Acierto',
  fallo: 'Fallo',
} as const;

/**
 * The round a pool names a match's jornada by, for `roundDisplayLabel` (Resultados, the close calendar): the match's
 * own ("Matchday 14"), or "Boleto N" in a La Quiniela pool, whose jornada is its boleto.
 */
export const poolRoundLabel = (gameMode: string, weekNumber: number, round: string): string =>
  gameMode === 'laQuiniela' ? laQuinielaMessages.boleto(weekNumber) : round;

/** `PUT /api/pools/{id}/boletos/{number}`: the boleto's 15 matches in order; the 15th is the Pleno. */
export const ComposeBoletoBodySchema = z.object({
  matchIds: z
    .array(positiveId('El partido no es válido.'), { error: laQuinielaMessages.boletoSize })
    .length(BOLETO_SIZE, { error: laQuinielaMessages.boletoSize })
    .refine((ids) => new Set(ids).size === ids.length, { error: laQuinielaMessages.boletoSize }),
});
export type ComposeBoletoBody = z.infer<typeof ComposeBoletoBodySchema>;

export const BoletoParamsSchema = z.object({
  id: positiveId('La quiniela no es válida.', { coerce: true }),
  number: z.coerce.number({ error: 'El boleto no es válido.' }).pipe(wholeNumberBetween('El boleto', 1, BOLETO_MAX)),
});

/** The caller's pick of a boleto's match: a sign on 1–14, the two goal buckets (0–3) on the Pleno. */
export const BoletoPickSchema = z.object({
  prediction: PredictionChoiceSchema,
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
});

export const BoletoMatchSchema = z.object({
  position: z.number().int(),
  match: MatchSchema,
  ownPick: BoletoPickSchema.nullable(),
});

/** A member's aciertos on a boleto (its jornada's table), shown once the boleto's first match has kicked off. */
export const BoletoRowSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  aciertos: z.number().int(),
  /** 10–15 as the real game's categories; null below 10. */
  category: z.number().int().nullable(),
});

export const BoletoSchema = z.object({
  number: z.number().int(),
  matches: z.array(BoletoMatchSchema),
  /** Its first match has kicked off: the boleto can no longer be changed, and everyone's aciertos are shown. */
  started: z.boolean(),
  /** Every match finished or put off, one finished (decision 061): its table is final. */
  over: z.boolean(),
  /** The caller's aciertos so far (null when the caller does not play). */
  ownAciertos: z.number().int().nullable(),
  /** Everyone's aciertos, most first; null until it starts. */
  table: z.array(BoletoRowSchema).nullable(),
  /** How many got 15, 14, 13, 12, 11 and 10; null until it starts. */
  categories: z.array(z.object({ aciertos: z.number().int(), count: z.number().int() })).nullable(),
});
export type Boleto = z.infer<typeof BoletoSchema>;
export const BoletoResponseSchema = dataEnvelope(BoletoSchema);
export const BoletoListResponseSchema = dataEnvelope(z.array(BoletoSchema));
