import { jugadaMessages, type Pool } from '#contract/index';
import { pickRefusal, refusalError, type PickFacts, type Refusal } from '../predictions/pick-admission.ts';

/**
 * Whether "Mi jugada" copies a pick into a target pool (docs/decisions/081-one-set-of-picks-for-several-pools.md): a
 * copy is a pick saved in the target as if the player had saved it there, so every rule of the target admits it
 * (`pickRefusal`: its mode, its deadline for that match, its scope, membership, whether it is active), and it never
 * changes a pick the player already has there unless the target lets a saved pick change ('already-picked') and the
 * player chose "Usar la misma jugada en todas" (`replaces`; without it the pick there is 'kept'). The insert applies
 * these rules in SQL (predictions.repository.ts); this is what explains a copy it did not store, and what the
 * property tests hold it to.
 */
export type CopyRefusal = Refusal | 'kept';

export interface CopyFacts extends PickFacts {
  /** The player already has a pick of that match in the target. */
  existing: boolean;
  /** "Usar la misma jugada en todas": the copy may replace the pick there. */
  replaces: boolean;
}

export function copyRefusal(facts: CopyFacts): CopyRefusal | null {
  const refusal = pickRefusal(facts);
  if (refusal) return refusal;
  if (!facts.existing) return null;
  if (!facts.pool.options.editUntilKickoff) return 'already-picked';
  return facts.replaces ? null : 'kept';
}

/** A refused copy's reason, in Spanish: a pick's own refusal message, or why the pick there stays. */
export function copyRefusalMessage(refusal: CopyRefusal, pool: Pick<Pool, 'game'>): string {
  if (refusal === 'kept') return jugadaMessages.kept;
  if (refusal === 'already-picked') return jugadaMessages.locked;
  return refusalError(refusal, pool).message;
}
