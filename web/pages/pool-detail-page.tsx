import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { messages } from '#contract/messages';
import { gameTitle } from '#contract/game-rules';
import { POOL_SECTIONS } from '#contract/notifications';
import { poolMessages, type Pool, type PoolDetail as PoolDetailData } from '#contract/pools';
import { BackButton } from '../components/back-button.tsx';
import { Disclosure } from '../components/disclosure.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { SegmentedControl } from '../components/segmented-control.tsx';
import { TabPage } from '../components/tab-page.tsx';
import { AccountButtons } from './account-buttons.tsx';
import { useStoredAccount } from '../lib/session.ts';
import { matchQueries } from '../features/matches/api.ts';
import { describeTeam } from '../features/teams/api.ts';
import { poolQueries } from '../features/pools/api.ts';
import { PoolInfoCard } from '../features/pools/pool-info-card.tsx';
import { fixturesOfPool, type Fixture } from '../features/predictions/fixtures.ts';
import { predictionQueries } from '../features/predictions/api.ts';
import { PredictionList } from '../features/predictions/prediction-list.tsx';
import { usePoolLive } from '../features/live/use-pool-live.ts';
import { teamQueries } from '../features/teams/api.ts';
import { ApiRequestError, errorMessage } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import './pool-detail-page.css';

// What a member sees first (the card, Predecir) comes with the page; each other section and the organiser's tools
// load when first opened, with the Ionic they use: the page itself loads no Ionic (issue 38).
const PoolCreatorActions = lazy(() =>
  import('./pool-creator-actions.tsx').then((module) => ({ default: module.PoolCreatorActions })),
);
const poolMore = () => import('./pool-more.tsx');
const PoolMore = lazy(() => poolMore().then((module) => ({ default: module.PoolMore })));
// La Quiniela's boletos (decision 082) through the same module, which loads them lazily in turn.
const PoolBoletos = lazy(() => poolMore().then((module) => ({ default: module.PoolBoletos })));
const ParticipantList = lazy(() =>
  import('../features/pools/participant-list.tsx').then((module) => ({ default: module.ParticipantList })),
);
const PoolRanking = lazy(() =>
  import('../features/leaderboard/pool-ranking.tsx').then((module) => ({ default: module.PoolRanking })),
);
const PoolPicks = lazy(() =>
  import('../features/predictions/pool-picks.tsx').then((module) => ({ default: module.PoolPicks })),
);
const PoolResults = lazy(() =>
  import('../features/predictions/pool-results.tsx').then((module) => ({ default: module.PoolResults })),
);
const PoolWall = lazy(() => import('../features/wall/pool-wall.tsx').then((module) => ({ default: module.PoolWall })));
const MatchComments = lazy(() =>
  import('../features/wall/match-comments.tsx').then((module) => ({ default: module.MatchComments })),
);

/**
 * /tabs/pool/{id} (the spec's Pool detail): the creator manages, the others predict; everyone sees the ranking and,
 * beyond the spec, the pool's results ("Resultados", a third segment after the spec's two).
 */
export function PoolDetailPage() {
  const { id = '' } = useParams();
  const poolId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const account = useStoredAccount();
  const pool = useQuery({ ...poolQueries.detail(poolId ?? 0), enabled: poolId !== null });
  const userId = account.status === 'signed-in' ? account.userProfile.id : null;
  // What the first screen needs besides the pool is asked for at the same time, not once the pool has arrived: the
  // teams and matches (Predecir, Ranking) and one's own picks (Predecir). One round trip, not three in a row.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (poolId === null || userId === null) return;
    void queryClient.prefetchQuery(matchQueries.list());
    void queryClient.prefetchQuery(teamQueries.list());
    void queryClient.prefetchQuery(predictionQueries.mine(userId));
  }, [queryClient, poolId, userId]);

  return (
    <TabPage
      title={pool.data?.name ?? 'Quiniela'}
      start={<BackButton to={paths.pools} label="Quinelas" />}
      end={<AccountButtons />}
    >
      {poolId === null || (pool.isError && pool.error instanceof ApiRequestError && pool.error.status === 404) ? (
        <ErrorState text={poolMessages.notFoundPanel} />
      ) : pool.isError && pool.error instanceof ApiRequestError && pool.error.status === 403 ? (
        // Not (or no longer) a member, say a removed player: asking again cannot help, so no "Reintentar".
        <ErrorState
          text={poolMessages.loadFailedPanel(errorMessage(pool.error, messages.unknownError))}
          error={pool.error}
        />
      ) : pool.isError ? (
        <ErrorState
          text={poolMessages.loadFailedPanel(errorMessage(pool.error, messages.unknownError))}
          error={pool.error}
          onRetry={pool.refetch}
        />
      ) : pool.isPending || userId === null ? (
        <LoadingState text="Cargando quiniela..." />
      ) : (
        <PoolDetail key={pool.data.id} pool={pool.data} userId={userId} />
      )}
    </TabPage>
  );
}

type Segment = 'participants' | 'predict' | 'ranking' | 'results' | 'wall';

function PoolDetail({ pool, userId }: { pool: PoolDetailData; userId: number }) {
  const isCreator = pool.creatorId === userId;
  // Everyone but a creator who does not play ("El creador también juega" off: the spec's creator view) predicts.
  const predicts = !isCreator || pool.options.creatorPlays;
  // The spec's states and transitions: the creator starts on Participantes, everyone else on Predecir.
  const [segment, setSegment] = useState<Segment>(isCreator ? 'participants' : 'predict');
  // A notification opens the pool on its Predecir or Ranking (`?seccion=`, contract's `poolSectionUrl`).
  // Derived during render when the address changes (React's "adjusting state when a prop changes").
  const section = useSearchParams()[0].get('seccion');
  const [shownSection, setShownSection] = useState<string | null>(null);
  if (section !== shownSection) {
    setShownSection(section);
    if (section === POOL_SECTIONS.ranking) setSegment('ranking');
    else if (section === POOL_SECTIONS.predict && predicts) setSegment('predict');
  }
  const fixtures = useFixtures(pool);
  // La Quiniela (decision 082): Predecir is its boletos, where its creator also composes them.
  const boletos = pool.game.mode === 'laQuiniela';
  usePoolLive(pool.id);

  return (
    <>
      {/* What every visit needs first comes first: the compact card, the creator's two spec buttons, then the
          sections; the rules and the organiser's tools are folded under the card (issue 41). */}
      <PoolInfoCard pool={pool} isCreator={isCreator}>
        {isCreator && (
          // Its row's room is kept while the buttons arrive, so the sections below do not jump.
          <Suspense fallback={<div className="pool-detail__actions" />}>
            <PoolCreatorActions invitationCode={pool.invitationCode} />
          </Suspense>
        )}
        <Disclosure
          className="pool-detail__more"
          title={isCreator ? 'Reglas y opciones' : 'Reglas'}
          hint={gameTitle(pool.game)}
          testId="pool-more"
        >
          <Suspense fallback={<LoadingState text="Cargando..." />}>
            <PoolMore pool={pool} isCreator={isCreator} />
          </Suspense>
        </Disclosure>
      </PoolInfoCard>
      <SegmentedControl<Segment>
        className="pool-detail__segment"
        value={segment}
        choices={[
          ...(isCreator ? [{ value: 'participants' as const, label: 'Participantes' }] : []),
          ...(predicts || boletos ? [{ value: 'predict' as const, label: 'Predecir' }] : []),
          { value: 'ranking', label: 'Ranking' },
          { value: 'results', label: 'Resultados' },
          { value: 'wall', label: 'Muro' },
        ]}
        onValueChange={setSegment}
        aria-label="Secciones de la quiniela"
      />
      <Suspense fallback={<LoadingState text="Cargando..." />}>
        {segment === 'participants' ? (
          <ParticipantList pool={pool} userId={userId} />
        ) : segment === 'results' ? (
          <PoolResults
            poolId={pool.id}
            userId={userId}
            comments={(matchId) => (
              <Suspense fallback={null}>
                <MatchComments poolId={pool.id} matchId={matchId} />
              </Suspense>
            )}
          />
        ) : segment === 'wall' ? (
          <PoolWall poolId={pool.id} />
        ) : boletos && segment === 'predict' ? (
          <PoolBoletos pool={pool} userId={userId} />
        ) : fixtures.status !== 'ready' ? (
          fixtures.status === 'loading' ? (
            <LoadingState text="Cargando partidos..." />
          ) : (
            <ErrorState text={messages.loadMatchesFailed} error={fixtures.error} onRetry={fixtures.retry} />
          )
        ) : segment === 'predict' ? (
          <PredictionList
            poolId={pool.id}
            options={pool.options}
            userId={userId}
            game={pool.game}
            fixtures={fixtures.list}
            active={pool.isActive}
          />
        ) : (
          <PoolRanking
            poolId={pool.id}
            poolName={pool.name}
            userId={userId}
            fixtures={fixtures.list}
            belowRoundTable={({ weekNumber, now }) => (
              <Suspense fallback={null}>
                <PoolPicks poolId={pool.id} weekNumber={weekNumber} fixtures={fixtures.list} now={now} />
              </Suspense>
            )}
          />
        )}
      </Suspense>
    </>
  );
}

/** The matches the pool counts with their teams, for Predecir and the per-round views (teams from the matches feature). */
function useFixtures(
  pool: Pool,
):
  | { status: 'loading' }
  | { status: 'failed'; error: unknown; retry: () => Promise<unknown> }
  | { status: 'ready'; list: Fixture[] } {
  const teams = useQuery(teamQueries.list());
  const matches = useQuery(matchQueries.list());
  const list = useMemo(() => {
    const teamsById = new Map((teams.data ?? []).map((team) => [team.id, team]));
    const all = (matches.data ?? []).map((match) => ({
      match,
      home: describeTeam(teamsById, match.homeTeamId),
      away: describeTeam(teamsById, match.awayTeamId),
    }));
    return fixturesOfPool(all, pool);
  }, [teams.data, matches.data, pool]);
  if (matches.isError || teams.isError) {
    return {
      status: 'failed',
      error: matches.error ?? teams.error,
      retry: () => Promise.all([matches.refetch(), teams.refetch()]),
    };
  }
  if (matches.isPending || teams.isPending) return { status: 'loading' };
  return { status: 'ready', list };
}
