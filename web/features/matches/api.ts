import type { QueryClient } from '@tanstack/react-query';
import { CompetitionListResponseSchema, MatchListResponseSchema } from '#contract/matches';
import { apiQuery } from '../../lib/api-query.ts';
import { MATCHES_PATH } from '../../lib/start-up-paths.ts';
import { topics } from '../../lib/topics.ts';
import { teamQueries } from '../teams/api.ts';

// Loaded at start on Inicio and Favoritos (web/main.tsx, the build's `tabs` chunk): what it imports loads with it.

export type MatchHistory = 'result-changes' | 'kickoff-changes';

/** The matches' query keys; other features go through the functions below, never the keys. */
export const matchKeys = {
  all: ['matches'] as const,
  list: () => [...matchKeys.all, 'list'] as const,
  competitions: () => [...matchKeys.all, 'competitions'] as const,
  /** A league's table (league-table/api.ts). */
  table: (competition: string) => [...matchKeys.all, 'table', competition] as const,
  /** A match's history of its result or of its kick-off, named as its path (admin/api.ts). */
  history: (history: MatchHistory, matchId: number) => [...matchKeys.all, history, matchId] as const,
};

export const matchQueries = {
  /** Every match: Inicio, Favoritos, a pool's screens and the admin list share it. */
  list: () => apiQuery(matchKeys.list(), MATCHES_PATH, MatchListResponseSchema, [topics.matches]),
  /** Every competition with its rounds and the next one: what a new pool can count (the create dialog). */
  competitions: () =>
    apiQuery(matchKeys.competitions(), '/api/competitions', CompetitionListResponseSchema, [topics.matches]),
};

/** What the match list shows: start-up asks for it before the first screen renders (same keys as the screens'). */
export const prefetchMatchList = (queryClient: QueryClient) =>
  Promise.all([queryClient.prefetchQuery(matchQueries.list()), queryClient.prefetchQuery(teamQueries.list())]);
