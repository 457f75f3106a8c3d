import { useIonRouter } from '@ionic/react';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema, SignInResponseSchema, SignUpResponseSchema } from '#contract/index';
import type { SignInBody, SignUpBody } from '#contract/index';
import { apiRequest, configureApiClient } from '../../lib/api-client.ts';
import { clearStoredAuth, readAccessToken, storeSignIn } from './session.ts';

/** Authenticated calls carry the stored token; a 401 means the server ended the session. */
export function connectApiClientToSession(queryClient: QueryClient): void {
  configureApiClient({
    getAccessToken: readAccessToken,
    onUnauthorized: () => {
      clearStoredAuth();
      queryClient.clear();
    },
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) =>
      apiRequest('/auth/signin', { method: 'POST', body, schema: SignInResponseSchema, authenticated: false }),
    onSuccess: (response) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      storeSignIn(response);
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) =>
      apiRequest('/auth/signup', { method: 'POST', body, schema: SignUpResponseSchema, authenticated: false }),
  });
}

/**
 * Revokes the token on the server, then forgets it here whatever the server
 * said. Leaving the tabs first means their guard never sees a signed-out user
 * on a protected screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useIonRouter();
  return useMutation({
    mutationFn: () => apiRequest('/auth/signout', { method: 'POST', schema: MessageResponseSchema }),
    onSettled: () => {
      router.push('/login', 'root', 'replace');
      clearStoredAuth();
      queryClient.clear();
    },
  });
}
