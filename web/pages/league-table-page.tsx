import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { leagueTableMessages } from '#contract/league-table';
import { matchMessages } from '#contract/matches';
import { BackButton } from '../components/back-button.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { TabPage } from '../components/tab-page.tsx';
import { AccountButtons } from './account-buttons.tsx';
import { LeagueTable } from '../features/matches/league-table/league-table.tsx';
import { leagueTableQueries } from '../features/matches/league-table/api.ts';
import { teamQueries } from '../features/teams/api.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { competitionLabel } from '../lib/match-text.ts';
import { paths } from '../lib/paths.ts';

/**
 * /tabs/home/clasificacion/{competition}: a league's table ("Clasificación de LaLiga 2026/27"), opened from Inicio's
 * competition filter (docs/decisions/076-the-league-table-from-the-stored-results.md).
 */
export function LeagueTablePage() {
  const { competition = '' } = useParams();
  const table = useQuery(leagueTableQueries.table(competition));
  const teams = useQuery(teamQueries.list());
  // A competition the server has no table of (unknown, or not one league): asking again cannot help.
  const final = table.error instanceof ApiRequestError && table.error.status === 404;

  return (
    <TabPage
      title={matchMessages.leagueTable(competitionLabel(competition))}
      start={<BackButton to={paths.home} label="Inicio" />}
      end={<AccountButtons />}
    >
      {table.isError ? (
        <ErrorState
          text={leagueTableMessages.loadFailed}
          error={table.error}
          onRetry={final ? undefined : table.refetch}
        />
      ) : table.isPending || teams.isPending ? (
        <LoadingState text={leagueTableMessages.loading} />
      ) : (
        <LeagueTable table={table.data} teams={teams.data ?? []} />
      )}
    </TabPage>
  );
}
