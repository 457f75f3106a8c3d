import { z } from 'zod';
import { dataEnvelope } from './common.ts';
import { GameRulesInputSchema } from './game-rules.ts';

/**
 * The organiser's options of a pool (issue 20, part B). Every default is the specification's game: a saved pick
 * cannot be changed, picks close at kick-off, the creator does not predict, a late joiner starts at 0.
 * The creator chooses them at creation and may change them until the first match the pool counts after its
 * creation kicks off (server/modules/pools/pool-rules.ts).
 */
export const CLOSE_MINUTES_BEFORE_MAX = 1440;

export const poolOptionsMessages = {
  picksClosed: 'Los pronósticos de este partido ya están cerrados.',
  creatorNoPlace: 'La quiniela está llena: el creador no tiene plaza para jugar.',
  removedNotice: (poolName: string) => `Te han quitado de «${poolName}»`,
  removeCreator: 'El creador no se puede quitar de su quiniela.',
  notInPool: 'Ese usuario no participa en esta quiniela.',
  participantRemoved: 'Participante quitado.',
  noticeUnknown: 'Aviso no encontrado.',
  rulesSaved: 'Reglas guardadas.',
} as const;

export const LateJoinersSchema = z.enum(['zero', 'lowest'], {
  error: 'lateJoiners debe ser zero (empiezan con 0) o lowest (con la puntuación más baja).',
});
export type LateJoiners = z.infer<typeof LateJoinersSchema>;

/**
 * The organiser's tie-break (docs/decisions/083-the-organisers-tie-break.md): how rows with equal points are ordered
 * in the general and the jornada tables. The default is the order every pool had before (decision 039): more correct
 * picks, then more jornadas won, then the name. Equal points still share a position (1, 1, 3, the brief's rule): a
 * tie-break orders the rows inside a position, it never moves one.
 */
export const TieBreakSchema = z.enum(['correctPicks', 'jornadasWon', 'exactScores', 'lessExtra'], {
  error: 'tieBreak debe ser correctPicks, jornadasWon, exactScores o lessExtra.',
});
export type TieBreak = z.infer<typeof TieBreakSchema>;

const flag = (name: string) => z.boolean({ error: `${name} debe ser verdadero o falso.` });
const closeMinutesError = `closeMinutesBefore debe ser un número entero de minutos entre 0 y ${CLOSE_MINUTES_BEFORE_MAX}.`;

export const PoolOptionsSchema = z.object(
  {
    /** "Permitir cambiar el pronóstico hasta el inicio del partido": a saved pick can be changed until it closes. */
    editUntilKickoff: flag('editUntilKickoff').default(false),
    /** "Cierre antes del partido": picks close this many minutes before kick-off (0: at kick-off). */
    closeMinutesBefore: z
      .number({ error: closeMinutesError })
      .int({ error: closeMinutesError })
      .min(0, { error: closeMinutesError })
      .max(CLOSE_MINUTES_BEFORE_MAX, { error: closeMinutesError })
      .default(0),
    /** "El creador también juega": the creator takes a place, predicts and is ranked. */
    creatorPlays: flag('creatorPlays').default(false),
    /** Who joins after the pool has started begins at 0 or with the pool's lowest total. */
    lateJoiners: LateJoinersSchema.default('zero'),
    /** "Desempate": how equal points are ordered (contract/tie-break.ts); by default as every pool before. */
    tieBreak: TieBreakSchema.default('correctPicks'),
  },
  { error: 'Las opciones (options) deben ser un objeto.' },
);
export type PoolOptions = z.infer<typeof PoolOptionsSchema>;
/** The options as a request may send them: what is left out takes its default. */
export type PoolOptionsInput = z.input<typeof PoolOptionsSchema>;

/** The specification's game. */
export const DEFAULT_POOL_OPTIONS: PoolOptions = PoolOptionsSchema.parse({});

/**
 * `PUT /api/pools/{id}/rules`: the options as a whole (what is left out goes back to its default), the game as a
 * whole (contract/game-rules.ts), or both.
 */
export const PoolRulesBodySchema = z
  .object({ options: PoolOptionsSchema.optional(), game: GameRulesInputSchema.optional() })
  .refine((body) => body.options !== undefined || body.game !== undefined, {
    error: 'Indica las opciones (options), el juego (game) o ambos.',
  });
export type PoolRulesBody = z.infer<typeof PoolRulesBodySchema>;

/**
 * When picks of a match kicking off at `kickoff` close in a pool with these options, in epoch milliseconds: the
 * one rule, shown on every card; its server twin is `pickDeadlineSql` (server/modules/pools/pool-rules.ts), which
 * the insert of a pick applies on the server's clock, and tests/api/pool-options.test.ts holds the two equal.
 */
export function pickDeadline(kickoff: string | number, options: Pick<PoolOptions, 'closeMinutesBefore'>): number {
  const at = typeof kickoff === 'number' ? kickoff : Date.parse(kickoff);
  return at - options.closeMinutesBefore * 60_000;
}

/** "Cierra en 45 min", "Cierra en 3 h 5 min", "Cierra en 2 d": what is left before a card's picks close. */
export function closesInText(deadline: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((deadline - now) / 60_000));
  if (minutes < 60) return `Cierra en ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `Cierra en ${hours} h` : `Cierra en ${hours} h ${minutes % 60} min`;
  return `Cierra en ${Math.floor(hours / 24)} d`;
}

/** The "Reglas" lines of the organiser's options, as every member reads them. */
export function poolOptionLines(options: Omit<PoolOptions, 'tieBreak'>): string[] {
  const close = options.closeMinutesBefore;
  return [
    options.editUntilKickoff
      ? 'Los pronósticos se pueden cambiar hasta que cierran.'
      : 'Un pronóstico enviado no se puede cambiar.',
    close === 0 ? 'Los pronósticos cierran al inicio del partido.' : `Los pronósticos cierran ${minutesText(close)} antes del partido.`,
    options.creatorPlays ? 'El creador también juega.' : 'El creador no pronostica.',
    options.lateJoiners === 'lowest'
      ? 'Quien se une empezada la quiniela empieza con la puntuación más baja.'
      : 'Quien se une empezada la quiniela empieza con 0 puntos.',
  ];
}

function minutesText(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} min`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/** What `GET /api/pools/notices` answers: why the caller is no longer in a pool. */
export const PoolNoticeSchema = z.object({ id: z.number().int(), message: z.string(), createdAt: z.string() });
export type PoolNotice = z.infer<typeof PoolNoticeSchema>;
export const PoolNoticesResponseSchema = dataEnvelope(z.object({ notices: z.array(PoolNoticeSchema) }));
