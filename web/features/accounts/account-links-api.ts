import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetBody, UpdateUserBody } from '#contract/accounts';
import { apiRequest } from '../../lib/api-client.ts';
import { loadContract } from '../../lib/contract.ts';
import { reads, topics } from '../../lib/topics.ts';
import { accountKeys, useSigningInCall } from './api.ts';

/*
 * The calls of the links the server mails to an account (a new password, an address confirmed) and of "Mi cuenta".
 * Apart from api.ts, which the sign-in screen loads: only the lazily loaded screens that use these bring them.
 */

/** "¿Olvidaste tu contraseña?": the server's answer, the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { MessageResponseSchema } = await loadContract();
  return (await apiRequest('/auth/password-reset', { method: 'POST', body: { email }, schema: MessageResponseSchema, authenticated: false }))
    .message;
}

/** A reset link's new password: the server ends every session and signs this device in. */
export const useResetPassword = () => useSigningInCall<PasswordResetBody>('/auth/password-reset/confirm');

/** A confirmation link opened (signed in or not): what the server says. */
export async function confirmEmail(token: string): Promise<string> {
  const { MessageResponseSchema } = await loadContract();
  return (await apiRequest('/auth/email-confirmation', { method: 'POST', body: { token }, schema: MessageResponseSchema, authenticated: false }))
    .message;
}

/** The signed-in account as the users API shows it (whether its e-mail is confirmed); never kept offline. */
export const accountQuery = (id: number) => ({
  queryKey: accountKeys.user(id),
  queryFn: async () => {
    const { UserResponseSchema } = await loadContract();
    return (await apiRequest(`/api/users/${id}`, { schema: UserResponseSchema, offlineCache: false })).data;
  },
  meta: reads(topics.accounts),
});

/** "Reenviar": the confirmation link again. */
export async function resendConfirmation(id: number): Promise<string> {
  const { MessageResponseSchema } = await loadContract();
  return (await apiRequest(`/api/users/${id}/email-confirmation`, { method: 'POST', schema: MessageResponseSchema })).message;
}

/** A change of one's own e-mail: it takes effect once the link mailed to the new address is opened. */
export function useUpdateAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateUserBody) => {
      const { UpdateUserResponseSchema } = await loadContract();
      return apiRequest(`/api/users/${id}`, { method: 'PATCH', body, schema: UpdateUserResponseSchema });
    },
    onSuccess: (response) => queryClient.setQueryData(accountKeys.user(id), response.data),
  });
}
