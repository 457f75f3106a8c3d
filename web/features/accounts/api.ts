import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { SignInBody, SignUpBody } from '#contract/accounts';
import { messages } from '#contract/messages';
import { apiRequest, configureApiClient } from '../../lib/api-client.ts';
import { loadContract } from '../../lib/contract.ts';
import { clearStaleMark } from '../../lib/connectivity.ts';
import { clearApiCache } from '../../lib/offline-cache.ts';
import { paths } from '../../lib/paths.ts';
import { forgetPushSubscription } from '../reminders/api.ts';
import { clearStoredAccount, readAccessToken, readStoredAccount, storeSignIn } from '../../lib/session.ts';
import { noteSignInNotice } from './sign-in-notice.ts';

/** The accounts' query keys: the signed-in account as the server sees it, and the admin's list of users. */
export const accountKeys = {
  all: ['accounts'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  users: () => [...accountKeys.all, 'users'] as const,
  userSearch: (search: string) => [...accountKeys.users(), search] as const,
  user: (id: number) => [...accountKeys.all, 'user', id] as const,
};

/** Whether this server sends e-mail, for the other features' screens (a pool's "Invitar por correo"). */
export { useMailAvailable } from './mail-availability.ts';

/** Whose answers the spec's offline cache keeps and serves: the signed-in user's, never another's. */
function cacheScope(): string | null {
  const account = readStoredAccount();
  return account.status === 'signed-in' ? String(account.userProfile.id) : null;
}

/** Signing out or losing the session: this user's session, queries and cached answers all go. */
function forgetSignedInUser(queryClient: QueryClient): void {
  clearStoredAccount();
  queryClient.clear();
  clearApiCache();
  clearStaleMark();
}

/**
 * Authenticated calls carry the stored token; a 401 means the server ended the session
 * (expired or revoked): the sign-in screen the guard then opens says so, with the server's message.
 * Only the first 401 of a session does: the calls made with it fail together.
 */
export function connectApiClientToSession(queryClient: QueryClient): void {
  configureApiClient({
    getAccessToken: readAccessToken,
    getCacheScope: cacheScope,
    onUnauthorized: (error) => {
      if (readStoredAccount().status === 'signed-in') noteSignInNotice(error.serverMessage ?? messages.sessionEnded);
      forgetSignedInUser(queryClient);
    },
  });
}

/** A call that signs this device in (signing in, a reset link's new password): its answer is the new session. */
export function useSigningInCall<Body>(path: '/auth/signin' | '/auth/password-reset/confirm') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => {
      const { SignInResponseSchema } = await loadContract();
      return apiRequest(path, { method: 'POST', body, schema: SignInResponseSchema, authenticated: false });
    },
    onSuccess: (response) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      storeSignIn(response);
    },
  });
}

export const useSignIn = () => useSigningInCall<SignInBody>('/auth/signin');

export function useSignUp() {
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      const { SignUpResponseSchema } = await loadContract();
      return apiRequest('/auth/signup', { method: 'POST', body, schema: SignUpResponseSchema, authenticated: false });
    },
  });
}

/**
 * Drops this browser's push subscription (best effort), revokes the token on
 * the server, then forgets the user here whatever the server said, cached
 * answers included. Leaving the tabs first means their guard never sees a
 * signed-out user on a protected screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await forgetPushSubscription();
      const { MessageResponseSchema } = await loadContract();
      return apiRequest('/auth/signout', { method: 'POST', schema: MessageResponseSchema });
    },
    onSettled: () => {
      void navigate(paths.login, { replace: true });
      forgetSignedInUser(queryClient);
    },
  });
}
