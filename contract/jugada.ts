import { z } from 'zod';

/**
 * "Mi jugada" (docs/decisions/081-one-set-of-picks-for-several-pools.md): a player in several pools of the same
 * competition that play the same game marks one pool's picks as their jugada, and the server copies them into the
 * other pools they choose, each copy admitted by the target pool's own rules. Off by default: no jugada, nothing
 * copied. What Predecir's first load needs; the control's texts and writes are in jugada-settings.ts.
 */

/** On a copied pick in Predecir (Predecir's first load: not the control's texts, in jugada-settings.ts). */
export const copiedFromText = (pool: string): string => `Copiado de «${pool}»`;

/**
 * What Predecir's first load reads of `GET /api/pools/{id}/jugada`: whether the control is offered (a jugada, or
 * another pool of the same game). The control, loaded then, reads the whole answer by `JugadaStateSchema`.
 */
export const JugadaOfferSchema = z.object({
  data: z.object({ jugada: z.unknown(), compatible: z.array(z.unknown()) }),
});
