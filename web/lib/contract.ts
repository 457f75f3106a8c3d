import type * as Contract from './session-contract.ts';

let loaded: typeof Contract | null = null;

/**
 * The schemas of accounts, passkeys and reminders (session-contract.ts), loaded
 * on first need: the sign-in screens import only their types and
 * `#contract/messages`, so a signed-out first load never downloads zod. The
 * tabs import the contract modules they use directly, and share this chunk.
 */
export async function loadContract(): Promise<typeof Contract> {
  loaded ??= await import('./session-contract.ts');
  return loaded;
}

/** The contract once `loadContract()` has resolved (start-up waits for it when a session is stored). */
export function loadedContract(): typeof Contract {
  if (!loaded) throw new Error('The contract is not loaded yet: await loadContract() first');
  return loaded;
}
