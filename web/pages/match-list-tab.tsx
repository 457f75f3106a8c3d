import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { matchMessages } from '#contract/matches';
import { messages } from '#contract/messages';
import { TabPage } from '../components/tab-page.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { AccountButtons } from './account-buttons.tsx';
import { useFavorites } from '../features/reminders/use-favorites.ts';
import { matchQueries } from '../features/matches/api.ts';
import { chooseHomeCompetition, useHomeCompetition } from '../features/matches/competition-choice.ts';
import { CompetitionFilter } from '../features/matches/competition-filter.tsx';
import { competitionLabel } from '../lib/match-text.ts';
import { competitionsIn, inCompetition } from '../features/matches/match-groups.ts';
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
  /**
   * Chips to show one competition (Inicio): "Todas" by default, the choice remembered per user on this device
   * (competition-choice.ts). Shown when the list mixes competitions, or when one is chosen (to go back).
   */
  competitionFilter: boolean;
}

/** Inicio and Favoritos: the matches not finished yet, by day, each card with its heart. */
export function MatchListTab({ title, savedOnly, empty, pullToRefresh, competitionFilter }: MatchListTabProps) {
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
  const remembered = useHomeCompetition();
  const chosen = competitionFilter ? remembered : null;
  const competitions = useMemo(() => competitionsIn(shownMatches), [shownMatches]);
  const listed = useMemo(() => inCompetition(shownMatches, chosen), [shownMatches, chosen]);
  // The chosen one stays a chip even with no match left, so it reads as chosen and "Todas" undoes it.
  const chips = chosen === null || competitions.includes(chosen) ? competitions : [...competitions, chosen];
  const showChips = competitionFilter && (competitions.length > 1 || chosen !== null);
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
        <>
          {showChips && <CompetitionFilter competitions={chips} chosen={chosen} onChoose={chooseHomeCompetition} />}
          {chosen !== null && listed.length === 0 ? (
            <EmptyState icon={empty.icon} text={matchMessages.noMatchesInCompetition(competitionLabel(chosen))} />
          ) : (
            // A new choice starts again from the first batch.
            <MatchList
              key={chosen ?? ''}
              matches={listed}
              teams={teams.data ?? []}
              savedIds={savedIds}
              now={matches.dataUpdatedAt}
              onToggleSaved={toggleSaved}
            />
          )}
        </>
      )}
    </TabPage>
  );
}
