import { useSyncExternalStore } from 'react';
import type { Session, SignInResponse, UserProfile } from '#contract/index';
import { loadContract, loadedContract } from '../../lib/contract.ts';
import { hasStoredKeys, SESSION_KEY, USER_PROFILE_KEY } from './stored-keys.ts';

export type StoredAuth =
  | { status: 'signed-out' }
  /** Something is stored but cannot be read back: the user must sign in again. */
  | { status: 'invalid' }
  | { status: 'signed-in'; session: Session; userProfile: UserProfile };

const SIGNED_OUT: StoredAuth = { status: 'signed-out' };
const INVALID: StoredAuth = { status: 'invalid' };

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
export function parseStoredAuth(rawSession: string | null, rawUserProfile: string | null): StoredAuth {
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
export async function prepareStoredAuth(): Promise<void> {
  if (hasStoredKeys()) await loadContract();
}

// useSyncExternalStore needs the same object back while nothing changed.
let cached: { rawSession: string | null; rawUserProfile: string | null; auth: StoredAuth } | null = null;
const listeners = new Set<() => void>();

export function readStoredAuth(): StoredAuth {
  const rawSession = localStorage.getItem(SESSION_KEY);
  const rawUserProfile = localStorage.getItem(USER_PROFILE_KEY);
  if (cached?.rawSession !== rawSession || cached.rawUserProfile !== rawUserProfile) {
    cached = { rawSession, rawUserProfile, auth: parseStoredAuth(rawSession, rawUserProfile) };
  }
  return cached.auth;
}

export function readAccessToken(): string | null {
  const auth = readStoredAuth();
  return auth.status === 'signed-in' ? auth.session.accessToken : null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeSignIn({ session, userProfile }: SignInResponse): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  localStorage.setItem(USER_PROFILE_KEY, JSON.stringify(userProfile));
  notify();
}

export function clearStoredAuth(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(USER_PROFILE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another browser tab changes this one too (read once the schemas are here).
  const onStorage = () => void prepareStoredAuth().then(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredAuth(): StoredAuth {
  return useSyncExternalStore(subscribe, readStoredAuth);
}
