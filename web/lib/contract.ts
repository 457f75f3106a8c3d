import type * as Contract from '#contract/index';

let loaded: typeof Contract | null = null;

/**
 * The shared contract's runtime part (zod and the schemas), loaded on first
 * need: the sign-in screens import only its types and `#contract/messages`,
 * so a signed-out first load never downloads zod. Lazy screens import the
 * contract directly; they share this chunk.
 */
export async function loadContract(): Promise<typeof Contract> {
  loaded ??= await import('#contract/index');
  return loaded;
}

/** The contract once `loadContract()` has resolved (start-up waits for it when a session is stored). */
export function loadedContract(): typeof Contract {
  if (!loaded) throw new Error('The contract is not loaded yet: await loadContract() first');
  return loaded;
}
