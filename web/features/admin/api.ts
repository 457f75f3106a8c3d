import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import {
  ConfederationSchema,
  ImportJobListResponseSchema,
  ImportJobResponseSchema,
  ImportResultsResponseSchema,
  MatchResultChangesResponseSchema,
  MatchSchema,
  ProfileResponseSchema,
  TeamSchema,
  UserListResponseSchema,
  UserResponseSchema,
  dataEnvelope,
} from '#contract/index';
import type { ConfederationBody, CreateTeamBody, RoleName, UpdateMatchBody, UpdateTeamBody } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

/** The admin area's reads are never kept in the offline cache: accounts are nobody else's business on this device. */
const fresh = { offlineCache: false } as const;

/** How often a running import is asked about. */
const IMPORT_POLL_MS = 1000;

const ConfederationListResponseSchema = dataEnvelope(z.array(ConfederationSchema));

export const adminQueries = {
  /** The signed-in account as the server sees it now (the stored profile may predate a role change). */
  profile: () =>
    queryOptions({
      queryKey: ['admin', 'profile'],
      queryFn: async () => (await apiRequest('/auth/profile', { schema: ProfileResponseSchema, ...fresh })).data,
      staleTime: 0,
    }),
  users: (search: string) =>
    queryOptions({
      queryKey: ['admin', 'users', search],
      queryFn: async () => {
        const query = new URLSearchParams({ limit: '200' });
        if (search) query.set('q', search);
        return (await apiRequest(`/api/users?${query.toString()}`, { schema: UserListResponseSchema, ...fresh })).data;
      },
    }),
  resultChanges: (matchId: number) =>
    queryOptions({
      queryKey: ['admin', 'result-changes', matchId],
      queryFn: async () =>
        (
          await apiRequest(`/api/matches/${matchId}/result-changes`, {
            schema: MatchResultChangesResponseSchema,
            ...fresh,
          })
        ).data,
    }),
  /** The latest results imports, newest first: the screen shows the latest when it opens. */
  importJobs: () =>
    queryOptions({
      queryKey: ['admin', 'import-jobs'],
      queryFn: async () => (await apiRequest('/api/admin/import-jobs', { schema: ImportJobListResponseSchema, ...fresh })).data,
      staleTime: 0,
    }),
  /** One import, asked for again every second while it runs. */
  importJob: (id: number) =>
    queryOptions({
      queryKey: ['admin', 'import-jobs', id],
      queryFn: async () =>
        (await apiRequest(`/api/admin/import-jobs/${id}`, { schema: ImportJobResponseSchema, ...fresh })).data.job,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
      refetchIntervalInBackground: true,
    }),
  confederations: () =>
    queryOptions({
      queryKey: ['confederations'],
      queryFn: async () => (await apiRequest('/api/confederations', { schema: ConfederationListResponseSchema })).data,
    }),
};

/** A result or a date changed: every list, ranking and history that shows matches is stale. */
const invalidateAfterMatchChange = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['matches'] }),
    queryClient.invalidateQueries({ queryKey: ['ranking'] }),
    queryClient.invalidateQueries({ queryKey: ['pools'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'result-changes'] }),
  ]);

export function useUpdateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateMatchBody }) =>
      (await apiRequest(`/api/matches/${id}`, { method: 'PATCH', body: changes, schema: dataEnvelope(MatchSchema) }))
        .data,
    onSuccess: () => invalidateAfterMatchChange(queryClient),
  });
}

/** Starts an import: the server answers at once with the job, which `adminQueries.importJob` follows. */
export function useImportResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      apiRequest('/api/admin/import-results', { method: 'POST', body, schema: ImportResultsResponseSchema }),
    onSuccess: ({ data: { job } }) => {
      queryClient.setQueryData(adminQueries.importJob(job.id).queryKey, job);
      return queryClient.invalidateQueries({ queryKey: adminQueries.importJobs().queryKey, exact: true });
    },
  });
}

/** An import ended: what it changed is shown everywhere. */
export function useInvalidateAfterImport() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateAfterMatchChange(queryClient), [queryClient]);
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: RoleName }) =>
      apiRequest(`/api/users/${id}/role`, {
        method: 'PUT',
        body: { role },
        schema: UserResponseSchema.extend({ message: z.string() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

const TeamResponseSchema = dataEnvelope(TeamSchema);

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CreateTeamBody | UpdateTeamBody }) =>
      (
        await apiRequest(id === null ? '/api/teams' : `/api/teams/${id}`, {
          method: id === null ? 'POST' : 'PATCH',
          body,
          schema: TeamResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teams'] }),
  });
}

const ConfederationResponseSchema = dataEnvelope(ConfederationSchema);

export function useSaveConfederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ConfederationBody }) =>
      (
        await apiRequest(id === null ? '/api/confederations' : `/api/confederations/${id}`, {
          method: id === null ? 'POST' : 'PATCH',
          body,
          schema: ConfederationResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['confederations'] }),
  });
}
