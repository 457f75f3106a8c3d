import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminPasswordResetResponseSchema,
  ProfileResponseSchema,
  UserListResponseSchema,
  UserResponseSchema,
} from '#contract/accounts';
import type { RoleName } from '#contract/roles';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiQuery } from '../../../lib/api-query.ts';
import { invalidateTopics, reads, topics } from '../../../lib/topics.ts';
import { accountKeys } from '../api.ts';

/** The admin area's reads are never kept in the offline cache: accounts are nobody else's business on this device. */
const notCached = { offlineCache: false } as const;

export const accountAdminQueries = {
  /** The signed-in account as the server sees it now (the stored profile may predate a role change). */
  profile: () => ({
    ...apiQuery(accountKeys.profile(), '/auth/profile', ProfileResponseSchema, [topics.accounts], notCached),
    staleTime: 0,
  }),
  users: (search: string) =>
    queryOptions({
      queryKey: accountKeys.userSearch(search),
      queryFn: async () => {
        const query = new URLSearchParams({ limit: '200' });
        if (search) query.set('q', search);
        return (await apiRequest(`/api/users?${query.toString()}`, { schema: UserListResponseSchema, ...notCached }))
          .data;
      },
      meta: reads(topics.accounts),
    }),
};

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: RoleName }) =>
      apiRequest(`/api/users/${id}/role`, {
        method: 'PUT',
        body: { role },
        schema: UserResponseSchema.extend({ message: z.string() }),
      }),
    onSuccess: () => invalidateTopics(queryClient, [topics.accounts]),
  });
}

/** A reset link for an account: mailed by a server that sends mail, else handed to the admin (`data.link`), once. */
export function useAdminResetLink() {
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/users/${id}/password-reset`, { method: 'POST', schema: AdminPasswordResetResponseSchema }),
  });
}
