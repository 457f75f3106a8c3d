import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '#contract/common';
import {
  ConfederationSchema,
  TeamSchema,
  type ConfederationBody,
  type CreateTeamBody,
  type UpdateTeamBody,
} from '#contract/teams';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiQuery } from '../../../lib/api-query.ts';
import { invalidateTopics, topics } from '../../../lib/topics.ts';
import { teamKeys } from '../api.ts';

const ConfederationListResponseSchema = dataEnvelope(z.array(ConfederationSchema));

export const teamAdminQueries = {
  confederations: () =>
    apiQuery(teamKeys.confederations(), '/api/confederations', ConfederationListResponseSchema, [topics.teams]),
};

/** Creates a row in `collection` (`id` null) or edits the row `id` of it. */
async function saveIn<Schema extends z.ZodType>(collection: string, id: number | null, body: object, schema: Schema) {
  return apiRequest(id === null ? collection : `${collection}/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
    schema,
  });
}

const TeamResponseSchema = dataEnvelope(TeamSchema);

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CreateTeamBody | UpdateTeamBody }) =>
      (await saveIn('/api/teams', id, body, TeamResponseSchema)).data,
    onSuccess: () => invalidateTopics(queryClient, [topics.teams]),
  });
}

const ConfederationResponseSchema = dataEnvelope(ConfederationSchema);

export function useSaveConfederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ConfederationBody }) =>
      (await saveIn('/api/confederations', id, body, ConfederationResponseSchema)).data,
    onSuccess: () => invalidateTopics(queryClient, [topics.teams]),
  });
}
