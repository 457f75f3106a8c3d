import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { messages } from '#contract/index';
import { TabPage } from '../components/tab-page.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { AccountButtons } from '../features/accounts/account-buttons.tsx';
import { useFavorites } from '../features/reminders/use-favorites.ts';
import { matchQueries } from '../features/matches/api.ts';
import { MatchList } from '../features/matches/match-list.tsx';
import { selectUpcomingMatches } from '../features/matches/upcoming-matches.ts';
import { useLoadErrorToast } from '../features/matches/use-load-error-toast.ts';
import { teamQueries } from '../features/teams/api.ts';

interface MatchListTabProps {
  title: string;
  /** Only the matches saved (Favoritos), or all of them (Inicio). */
  savedOnly: boolean;
  /** What an empty list says. */
  empty: { icon: string; text: string };
  /** A pull down the list loads the matches and teams again. */
  pullToRefresh: boolean;
}

/** Inicio and Favoritos: the matches not finished yet, each card with its heart. */
export function MatchListTab({ title, savedOnly, empty, pullToRefresh }: MatchListTabProps) {
  const teams = useQuery(teamQueries.list());
  const matches = useQuery(matchQueries.list());
  const { savedIds, toggleSaved } = useFavorites(matches.data, teams.data);
  const savedFilter = savedOnly ? savedIds : null;
  // "Now" is when the matches were fetched: a pull-to-refresh moves it on.
  const shownMatches = useMemo(
    () =>
      selectUpcomingMatches(
        savedFilter ? (matches.data ?? []).filter((match) => savedFilter.has(match.id)) : (matches.data ?? []),
        matches.dataUpdatedAt,
      ),
    [matches.data, matches.dataUpdatedAt, savedFilter],
  );
  useLoadErrorToast(teams, messages.loadTeamsFailed);
  useLoadErrorToast(matches, messages.loadMatchesFailed);
  const refresh = () => Promise.all([teams.refetch(), matches.refetch()]);

  return (
    <TabPage title={title} end={<AccountButtons />} onRefresh={pullToRefresh ? refresh : undefined}>
      {/* Teams are waited for too, so cards never flash "Unknown Team" while they load. */}
      {matches.isPending || teams.isPending ? (
        <LoadingState text={messages.loadingMatches} />
      ) : matches.isError ? (
        <ErrorState text={messages.loadMatchesFailed} error={matches.error} onRetry={refresh} />
      ) : shownMatches.length === 0 ? (
        <EmptyState icon={empty.icon} text={empty.text} />
      ) : (
        <MatchList matches={shownMatches} teams={teams.data ?? []} savedIds={savedIds} onToggleSaved={toggleSaved} />
      )}
    </TabPage>
  );
}
