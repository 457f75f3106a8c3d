import { useSyncExternalStore } from 'react';
import type { Session, SignInResponse, UserProfile } from '#contract/index';
import { loadContract, loadedContract } from '../../lib/contract.ts';
import { hasStoredKeys, SESSION_KEY, USER_PROFILE_KEY } from './stored-keys.ts';

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

// useSyncExternalStore needs the same object back while nothing changed.
let cached: { rawSession: string | null; rawUserProfile: string | null; account: StoredAccount } | null = null;
const listeners = new Set<() => void>();

export function readStoredAccount(): StoredAccount {
  const rawSession = localStorage.getItem(SESSION_KEY);
  const rawUserProfile = localStorage.getItem(USER_PROFILE_KEY);
  if (cached?.rawSession !== rawSession || cached.rawUserProfile !== rawUserProfile) {
    cached = { rawSession, rawUserProfile, account: parseStoredAccount(rawSession, rawUserProfile) };
  }
  return cached.account;
}

export function readAccessToken(): string | null {
  const account = readStoredAccount();
  return account.status === 'signed-in' ? account.session.accessToken : null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeSignIn({ session, userProfile }: SignInResponse): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  localStorage.setItem(USER_PROFILE_KEY, JSON.stringify(userProfile));
  notify();
}

export function clearStoredAccount(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(USER_PROFILE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another browser tab changes this one too (read once the schemas are here).
  const onStorage = () => void prepareStoredAccount().then(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredAccount(): StoredAccount {
  return useSyncExternalStore(subscribe, readStoredAccount);
}
