import { useQuery } from '@tanstack/react-query';
import { heartOutline } from 'ionicons/icons';
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

/** 'Partidos Guardados': the saved matches not finished yet, each with its heart to un-save it. */
export function FavoritesPage() {
  const teams = useQuery(teamQueries.list());
  const matches = useQuery(matchQueries.list());
  const { savedIds, toggleSaved } = useFavorites(matches.data, teams.data);
  const savedMatches = useMemo(
    () =>
      selectUpcomingMatches(
        (matches.data ?? []).filter((match) => savedIds.has(match.id)),
        matches.dataUpdatedAt,
      ),
    [matches.data, matches.dataUpdatedAt, savedIds],
  );
  useLoadErrorToast(teams, messages.loadTeamsFailed);
  useLoadErrorToast(matches, messages.loadMatchesFailed);
  const refresh = () => Promise.all([teams.refetch(), matches.refetch()]);

  return (
    <TabPage title="Partidos Guardados" end={<AccountButtons />}>
      {matches.isPending || teams.isPending ? (
        <LoadingState text={messages.loadingMatches} />
      ) : matches.isError ? (
        <ErrorState text={messages.loadMatchesFailed} error={matches.error} onRetry={refresh} />
      ) : savedMatches.length === 0 ? (
        <EmptyState icon={heartOutline} text={messages.noFavoriteMatches} />
      ) : (
        <MatchList matches={savedMatches} teams={teams.data ?? []} savedIds={savedIds} onToggleSaved={toggleSaved} />
      )}
    </TabPage>
  );
}
