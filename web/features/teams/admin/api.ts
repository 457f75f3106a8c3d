import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ConfederationSchema, TeamSchema, dataEnvelope } from '#contract/index';
import type { ConfederationBody, CreateTeamBody, UpdateTeamBody } from '#contract/index';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from '../api.ts';

const ConfederationListResponseSchema = dataEnvelope(z.array(ConfederationSchema));

export const teamAdminQueries = {
  confederations: () =>
    queryOptions({
      queryKey: teamKeys.confederations(),
      queryFn: async () => (await apiRequest('/api/confederations', { schema: ConfederationListResponseSchema })).data,
    }),
};

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.list() }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.confederations() }),
  });
}
