import { useQuery } from '@tanstack/react-query';
import { footballOutline } from 'ionicons/icons';
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

export function HomePage() {
  const teams = useQuery(teamQueries.list());
  const matches = useQuery(matchQueries.list());
  // "Now" is when the matches were fetched: a pull-to-refresh moves it on.
  const upcomingMatches = useMemo(
    () => selectUpcomingMatches(matches.data ?? [], matches.dataUpdatedAt),
    [matches.data, matches.dataUpdatedAt],
  );
  const { savedIds, toggleSaved } = useFavorites(matches.data, teams.data);
  useLoadErrorToast(teams, messages.loadTeamsFailed);
  useLoadErrorToast(matches, messages.loadMatchesFailed);

  const refresh = () => Promise.all([teams.refetch(), matches.refetch()]);

  return (
    <TabPage title="Partidos" end={<AccountButtons />} onRefresh={refresh}>
      {/* Teams are waited for too, so cards never flash "Unknown Team" while they load. */}
      {matches.isPending || teams.isPending ? (
        <LoadingState text={messages.loadingMatches} />
      ) : matches.isError ? (
        <ErrorState text={messages.loadMatchesFailed} error={matches.error} onRetry={refresh} />
      ) : upcomingMatches.length === 0 ? (
        <EmptyState icon={footballOutline} text={messages.noMatches} />
      ) : (
        <MatchList matches={upcomingMatches} teams={teams.data ?? []} savedIds={savedIds} onToggleSaved={toggleSaved} />
      )}
    </TabPage>
  );
}
