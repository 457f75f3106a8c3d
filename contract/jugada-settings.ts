import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';
import { PredictionResponseSchema } from './predictions.ts';

/** "Mi jugada"'s control (contract/jugada.ts): its texts, and choosing or ending a jugada. */

/** Targets of one jugada at most: a player's pools of one competition. */
export const JUGADA_TARGETS_MAX = 20;

const NamedPoolSchema = z.object({ poolId: z.number().int(), poolName: z.string() });
export type NamedPool = z.infer<typeof NamedPoolSchema>;

/** The player's jugada of a competition: where the picks come from and where they go. */
export const JugadaSchema = z.object({
  sourcePoolId: z.number().int(),
  sourcePoolName: z.string(),
  sameEverywhere: z.boolean(),
  targets: z.array(NamedPoolSchema),
});
export type Jugada = z.infer<typeof JugadaSchema>;

/** `GET /api/pools/{id}/jugada`: the jugada of the pool's competition (or null), and the other pools it could go to. */
export const JugadaStateSchema = z.object({
  jugada: JugadaSchema.nullable(),
  /** The caller's other pools that play the same competition and game (same competition, same game mode: server/modules/jugada/jugada.repository.ts), where they play. */
  compatible: z.array(NamedPoolSchema),
});
export type JugadaState = z.infer<typeof JugadaStateSchema>;

/** The control's texts, and why a copy was not made (`CopyReport.message`) besides the rules of a pick the player saves. */
export const jugadaMessages = {
  /** A saved pick's copies, in a toast: "Copiado a «Oficina». «Club»: Los pronósticos de este partido ya están cerrados." */
  copiedTo: (pools: string[]) => `Copiado a ${pools.map((pool) => `«${pool}»`).join(', ')}.`,
  // Predecir's control
  title: 'Mi jugada',
  offer: 'Usar estos pronósticos en tus otras quinielas',
  intro: 'Tus pronósticos de esta quiniela se copian a las quinielas que elijas, con las reglas de cada una.',
  isSource: 'Esta quiniela es tu jugada.',
  sourceElsewhere: (pool: string) => `Tu jugada es «${pool}».`,
  targetsLegend: 'Copiar a',
  sameEverywhere: 'Usar la misma jugada en todas',
  sameEverywhereHint: 'Si cambias un pronóstico aquí, cambia también en las demás donde sus reglas lo permitan.',
  save: 'Guardar mi jugada',
  remove: 'Dejar de usar mi jugada',
  saved: 'Jugada guardada.',
  removed: 'Ya no usas una jugada: tus pronósticos copiados se quedan como están.',
  failed: 'No se pudo guardar tu jugada.',
  loadFailed: 'No se pudo cargar tu jugada.',
  noTargets: 'Elige al menos una quiniela.',
  reportTitle: 'Qué se copió',
  nothingToCopy: 'No había pronósticos abiertos que copiar.',
  copied: 'Copiado.',
  changed: 'Cambiado también aquí.',
  jokerCopied: 'Comodín copiado.',
  failedCopy: 'No se pudo copiar.',
  /** The copy was not made because the target already has a pick of that match and the jugada keeps it. */
  kept: 'Ya tenías un pronóstico de este partido aquí: se queda como estaba.',
  /** The target does not let a saved pick change. */
  locked: 'Ya tenías un pronóstico de este partido y esta quiniela no deja cambiarlo.',
  notCompatible: 'Esa quiniela no juega la misma competición y el mismo juego que esta.',
  notSource: 'Esta quiniela no es tu jugada.',
  targetsInvalid: `Elige entre 1 y ${JUGADA_TARGETS_MAX} quinielas.`,
  sameEverywhereInvalid: 'sameEverywhere debe ser verdadero o falso.',
  reportLine: (pool: string, match: string, what: string) => `«${pool}», ${match}: ${what}`,
  notCopiedTo: (pool: string, why: string) => `«${pool}»: ${why}`,
} as const;

/** What happened to one pick (or its comodín) copied into one target. */
export const CopyReportSchema = z.object({
  poolId: z.number().int(),
  poolName: z.string(),
  matchId: z.number().int(),
  /** The pick, or the comodín on it. */
  what: z.enum(['pick', 'joker']),
  copied: z.boolean(),
  /** In Spanish: "Copiado.", or why not. */
  message: z.string(),
});
export type CopyReport = z.infer<typeof CopyReportSchema>;

/** A saved pick (or comodín); `copies` only where its pool is the player's jugada: what went into each other pool, and why not. */
export const PredictionSavedResponseSchema = PredictionResponseSchema.extend({
  copies: z.array(CopyReportSchema).optional(),
});

/** `PUT /api/pools/{id}/jugada`: this pool's picks are the jugada, copied to `targets`. */
export const JugadaBodySchema = z.object({
  targets: z
    .array(positiveId('La quiniela no es válida.'), { error: jugadaMessages.targetsInvalid })
    .min(1, { error: jugadaMessages.noTargets })
    .max(JUGADA_TARGETS_MAX, { error: jugadaMessages.targetsInvalid }),
  sameEverywhere: z.boolean({ error: jugadaMessages.sameEverywhereInvalid }).default(false),
});
export type JugadaBody = z.infer<typeof JugadaBodySchema>;

export const JugadaResponseSchema = dataEnvelope(JugadaStateSchema).extend({ copies: z.array(CopyReportSchema) });
export type JugadaResponse = z.infer<typeof JugadaResponseSchema>;
