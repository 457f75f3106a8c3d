import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';
import type { GameRules } from './game-rules.ts';
import type { Pool } from './pools.ts';

/**
 * "Mi jugada" (docs/decisions/081-one-set-of-picks-for-several-pools.md): a player in several pools of the same
 * competition that play the same game marks one pool's picks as their jugada, and the server copies them into the
 * other pools they choose, each copy admitted by the target pool's own rules. Off by default: no jugada, nothing
 * copied.
 */

/** Two pools can share a jugada: they play the same competition (or both every match) and the same game mode, whose picks have one shape. */
export function jugadaCompatible(
  a: Pick<Pool, 'competition'> & { game: Pick<GameRules, 'mode'> },
  b: Pick<Pool, 'competition'> & { game: Pick<GameRules, 'mode'> },
): boolean {
  return a.competition === b.competition && a.game.mode === b.game.mode;
}

/** Targets of one jugada at most: a player's pools of one competition. */
export const JUGADA_TARGETS_MAX = 20;

/** Why a copy into a target was not made (`CopyReport.reason`), besides the rules of a pick a player saves. */
export const jugadaMessages = {
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
  /** On a copied pick in Predecir. */
  copiedFrom: (pool: string) => `Copiado de «${pool}»`,
  reportLine: (pool: string, match: string, what: string) => `«${pool}», ${match}: ${what}`,
} as const;

/** `PUT /api/pools/{id}/jugada`: this pool's picks are the jugada, copied to `targets`. */
export const JugadaBodySchema = z.object({
  targets: z
    .array(positiveId('La quiniela no es válida.'), { error: jugadaMessages.targetsInvalid })
    .min(1, { error: jugadaMessages.noTargets })
    .max(JUGADA_TARGETS_MAX, { error: jugadaMessages.targetsInvalid }),
  sameEverywhere: z.boolean({ error: jugadaMessages.sameEverywhereInvalid }).default(false),
});
export type JugadaBody = z.infer<typeof JugadaBodySchema>;

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
  /** The caller's other pools that play the same competition and game (`jugadaCompatible`), where they play. */
  compatible: z.array(NamedPoolSchema),
});
export type JugadaState = z.infer<typeof JugadaStateSchema>;

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

export const JugadaResponseSchema = dataEnvelope(JugadaStateSchema).extend({ copies: z.array(CopyReportSchema) });
export type JugadaResponse = z.infer<typeof JugadaResponseSchema>;
