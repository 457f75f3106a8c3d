import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { MatchSchema, TeamSchema, dataEnvelope } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

const TeamListResponseSchema = dataEnvelope(z.array(TeamSchema));
const MatchListResponseSchema = dataEnvelope(z.array(MatchSchema));

export const matchQueries = {
  teams: () =>
    queryOptions({
      queryKey: ['teams'],
      queryFn: async () => (await apiRequest('/api/teams', { schema: TeamListResponseSchema })).data,
    }),
  all: () =>
    queryOptions({
      queryKey: ['matches'],
      queryFn: async () => (await apiRequest('/api/matches', { schema: MatchListResponseSchema })).data,
    }),
};
