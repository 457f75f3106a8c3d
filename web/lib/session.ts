import { useSyncExternalStore } from 'react';
import type { Session, SignInResponse, UserProfile } from '#contract/accounts';
import { loadContract, loadedContract } from './contract.ts';
import { createLocalStore } from './local-store.ts';
import { hasStoredKeys, SAVED_MATCHES_KEY, SESSION_KEY, USER_PROFILE_KEY } from './stored-keys.ts';

/** The account signed in on this device, as its stored keys (the spec's `session` and `userProfile`) say. */
export type StoredAccount =
  | { status: 'signed-out' }
  /** Something is stored but cannot be read back: the user must sign in again. */
  | { status: 'invalid' }
  | { status: 'signed-in'; session: Session; userProfile: UserProfile };

const SIGNED_OUT: StoredAccount = { status: 'signed-out' };
const INVALID: StoredAccount = { status: 'invalid' };

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * Reads the two stored keys into one state. A profile that cannot be read back
 * is reported as such (the spec's invalid stored profile error); the session's expiry is left to the server,
 * whose 401 ends it.
 */
export function parseStoredAccount(rawSession: string | null, rawUserProfile: string | null): StoredAccount {
  if (rawSession === null && rawUserProfile === null) return SIGNED_OUT;
  const { SessionSchema, UserProfileSchema } = loadedContract();
  const userProfile = rawUserProfile === null ? null : UserProfileSchema.safeParse(parseJson(rawUserProfile));
  if (userProfile && !userProfile.success) return INVALID;
  if (rawSession === null) return SIGNED_OUT;
  const session = SessionSchema.safeParse(parseJson(rawSession));
  if (!userProfile || !session.success) return INVALID;
  return { status: 'signed-in', session: session.data, userProfile: userProfile.data };
}

/**
 * Reading a stored session needs the contract's schemas: start-up awaits this
 * before the first render. With nothing stored (a signed-out start) there is
 * nothing to load.
 */
export async function prepareStoredAccount(): Promise<void> {
  if (hasStoredKeys()) await loadContract();
}

const store = createLocalStore(
  () => [localStorage.getItem(SESSION_KEY), localStorage.getItem(USER_PROFILE_KEY)],
  parseStoredAccount,
  // Signing in or out in another browser tab changes this one too (read once the schemas are here).
  (listener) => void prepareStoredAccount().then(listener),
);

export const readStoredAccount = (): StoredAccount => store.read();

export function readAccessToken(): string | null {
  const account = readStoredAccount();
  return account.status === 'signed-in' ? account.session.accessToken : null;
}

/**
 * A new sign-in: its session and profile. The saved matches' list (the spec's `savedMatches`) starts empty until the
 * server's favourites of this account arrive: nothing another account saved here may show as this one's.
 */
export function storeSignIn({ session, userProfile }: SignInResponse): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  localStorage.setItem(USER_PROFILE_KEY, JSON.stringify(userProfile));
  localStorage.removeItem(SAVED_MATCHES_KEY);
  store.changed();
}

/** Signed out (or the session ended): the account's keys go, and its saved matches' list with them. */
export function clearStoredAccount(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(USER_PROFILE_KEY);
  localStorage.removeItem(SAVED_MATCHES_KEY);
  store.changed();
}

/** The saved matches' key, which sign-in and sign-out empty, for the reminders feature that keeps it. */
export { SAVED_MATCHES_KEY };

/** Hears sign-ins and sign-outs, in this tab and in others. */
export const subscribeToStoredAccount = store.subscribe;

export function useStoredAccount(): StoredAccount {
  return useSyncExternalStore(store.subscribe, store.read);
}
