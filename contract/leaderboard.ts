import { z } from 'zod';
import { positiveId } from './common.ts';
import { PoolSchema } from './pools.ts';

export const leaderboardMessages = {
  // The product's texts, word for word
  rankingFailed: 'No se pudo cargar el ranking.',
  rankingEmpty: 'No hay datos de ranking aún.',
  // What the jornadas add (docs/decisions/039-jornada-rankings.md)
  general: 'General',
  jornadaWinner: 'Ganador de la jornada',
  // Until its last counted match is finished, a jornada has no winner (docs/decisions/061).
  jornadaProvisional: 'Jornada en juego · provisional',
  jornadaFailed: 'No se pudo cargar la clasificación de la jornada.',
  evolutionFailed: 'No se pudo cargar tu evolución.',
  // A pool with bonus questions ("Preguntas extra", docs/decisions/080): their points, apart, in the general table.
  extra: 'Extra',
} as const;

/** "Sube 2 puestos", "Baja 1 puesto", "Mantiene el puesto": what a movement arrow says to a screen reader. */
export function movementText(movement: number): string {
  if (movement === 0) return 'Mantiene el puesto';
  const places = Math.abs(movement) === 1 ? 'puesto' : 'puestos';
  return `${movement > 0 ? 'Sube' : 'Baja'} ${Math.abs(movement)} ${places}`;
}

/** Under a jornada's table while it is not over: "Falta 1 partido por terminar: nadie ha ganado la jornada todavía." */
export function jornadaPendingText(pending: number): string {
  const left =
    pending === 1
      ? 'Falta 1 partido por terminar'
      : pending > 1
        ? `Faltan ${pending} partidos por terminar`
        : 'Faltan partidos por terminar';
  return `${left}: nadie ha ganado la jornada todavía.`;
}

/** "1 jornada ganada", "3 jornadas ganadas". */
export const jornadasWonText = (won: number) => `${won} ${won === 1 ? 'jornada ganada' : 'jornadas ganadas'}`;

export const RankingPositionSchema = z.object({
  position: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  points: z.number().int(),
});
export type RankingPosition = z.infer<typeof RankingPositionSchema>;

/** A jornada's number and name. */
const JornadaNameSchema = z.object({
  weekNumber: z.number().int(),
  /** Its name on screen: "Jornada 3", or a knock-out round's ("Octavos de final"). */
  label: z.string(),
});

/** A played jornada of a pool: a week with a finished match the pool counts on which one of its players had a pick. */
export const JornadaSchema = JornadaNameSchema.extend({
  /**
   * Its last counted match is finished (a match put off weeks, or left without a result while later ones have
   * theirs, does not hold it open: docs/decisions/061): it can be won. Until then its table is provisional.
   */
  over: z.boolean(),
});
export type Jornada = z.infer<typeof JornadaSchema>;

/** A row of the general table: the spec's fields, then what the jornadas add. */
export const GeneralRankingPositionSchema = RankingPositionSchema.extend({
  correctPicks: z.number().int(),
  jornadasWon: z.number().int(),
  /** Places gained since the table after the previous played jornada (negative: lost); null without one or for a newcomer. */
  movement: z.number().int().nullable(),
  /**
   * Of `points`, those won with the pool's bonus questions ("Extra", contract/bonus.ts); only in a pool that has
   * questions: a pool without any answers as before.
   */
  extra: z.number().int().optional(),
});
export type GeneralRankingPosition = z.infer<typeof GeneralRankingPositionSchema>;

export const RankingResponseSchema = z.object({
  pool: PoolSchema,
  leaderboard: z.object({
    lastUpdated: z.string().nullable(),
    positions: z.array(GeneralRankingPositionSchema),
    /** The pool's played jornadas, in order. */
    jornadas: z.array(JornadaSchema),
    /**
     * The sentence under its tables saying how equal points are ordered (contract/tie-break.ts `tieBreakText`, the
     * pool's `options.tieBreak`): "Empates: más aciertos, después más jornadas ganadas y, por último, el nombre."
     */
    tieBreakText: z.string(),
  }),
});
export type RankingResponse = z.infer<typeof RankingResponseSchema>;
export const RoundParamsSchema = z.object({
  id: positiveId('La quiniela no es válida.', { coerce: true }),
  weekNumber: z.coerce
    .number({ error: 'La jornada no es válida.' })
    .int({ error: 'La jornada no es válida.' })
    .min(1, { error: 'La jornada no es válida.' })
    .max(99, { error: 'La jornada no es válida.' }),
});

export const JornadaPositionSchema = RankingPositionSchema.extend({
  correctPicks: z.number().int(),
  /** One of the jornada's winners ("Ganador de la jornada"): never before it is over. */
  winner: z.boolean(),
});
export type JornadaPosition = z.infer<typeof JornadaPositionSchema>;

export const RoundRankingResponseSchema = z.object({
  data: z.object({
    weekNumber: z.number().int(),
    label: z.string(),
    /** Every player with the jornada's top points, when those are above 0 and it is over; none when nobody scored, or before. */
    winners: z.array(z.number().int()),
    positions: z.array(JornadaPositionSchema),
    /** The jornada is over (`JornadaSchema.over`): its winners are final. False while it is being played. */
    over: z.boolean(),
    /** How many of its counted matches are still to be finished (they hold it open); 0 once it is over. */
    pending: z.number().int(),
  }),
});

/** The caller's place after each played jornada, and the leader's points. */
export const EvolutionResponseSchema = z.object({
  data: z.object({
    jornadas: z.array(
      JornadaNameSchema.extend({
        /** Null when the caller had not joined by then, or does not play (the creator). */
        position: z.number().int().nullable(),
        points: z.number().int().nullable(),
        leaderPoints: z.number().int(),
        /** How many were ranked after that jornada. */
        players: z.number().int(),
      }),
    ),
  }),
});
export type EvolutionResponse = z.infer<typeof EvolutionResponseSchema>;

/** The caller's place in each of their pools. */
export const MyStandingsResponseSchema = z.object({
  data: z.array(
    z.object({
      poolId: z.number().int(),
      poolName: z.string(),
      position: z.number().int(),
      points: z.number().int(),
      participants: z.number().int(),
    }),
  ),
});
