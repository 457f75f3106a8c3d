import { IonNote } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { podiumOutline } from 'ionicons/icons';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { leaderboardMessages } from '#contract/index';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { useToast } from '../../lib/toast.ts';
import { useNow } from '../../lib/use-now.ts';
import { currentRound, playedRounds, roundLabel } from '../predictions/fixtures.ts';
import type { Fixture } from '../predictions/fixtures.ts';
import { leaderboardQueries } from './api.ts';
import { RankingTable } from './ranking-table.tsx';
import { IonSelect, IonSelectOption } from '../../ionic/select.ts';
import './pool-ranking.css';
import { spanishDateFormat } from '../../lib/format-date.ts';

const updatedAt = spanishDateFormat({ dateStyle: 'long', timeStyle: 'short' });

interface PoolRankingProps {
  poolId: number;
  userId: number;
  fixtures: readonly Fixture[];
  /** What the page shows under the round's table (how the pool picked that round), for the round shown. */
  belowRoundTable: (round: { weekNumber: number; now: number }) => ReactNode;
}

/** The Ranking segment: the overall table (the spec's ranking), then one round's table and what the page adds to it. */
export function PoolRanking({ poolId, userId, fixtures, belowRoundTable }: PoolRankingProps) {
  const ranking = useQuery(leaderboardQueries.overall(poolId));
  const showToast = useToast();

  useEffect(() => {
    if (ranking.isError) showToast({ message: leaderboardMessages.rankingFailed, color: 'danger' });
  }, [ranking.isError, ranking.errorUpdatedAt, showToast]);

  if (ranking.isPending) return <LoadingState text="Cargando ranking..." />;
  if (ranking.isError)
    return <ErrorState text={leaderboardMessages.rankingFailed} error={ranking.error} onRetry={ranking.refetch} />;
  if (ranking.data.positions.length === 0)
    return <EmptyState icon={podiumOutline} text={leaderboardMessages.rankingEmpty} />;
  return (
    <div className="pool-ranking">
      <RankingTable
        caption="Clasificación general"
        positions={ranking.data.positions}
        currentUserId={userId}
        testId="ranking"
      />
      {ranking.data.lastUpdated !== null && (
        <IonNote className="pool-ranking__updated">
          Actualizado el {updatedAt().format(new Date(ranking.data.lastUpdated))}
        </IonNote>
      )}
      <RoundRanking poolId={poolId} userId={userId} fixtures={fixtures} belowRoundTable={belowRoundTable} />
    </div>
  );
}

function RoundRanking({ poolId, userId, fixtures, belowRoundTable }: PoolRankingProps) {
  const now = useNow();
  const rounds = useMemo(() => playedRounds(fixtures, now), [fixtures, now]);
  const [chosen, setChosen] = useState<number | null>(null);
  const weekNumber = chosen ?? currentRound(fixtures, now);

  // Nothing has kicked off yet: there is no round to show.
  if (weekNumber === null) return null;
  return (
    <section className="pool-ranking__round" aria-label="Por jornada">
      <IonSelect
        className="pool-ranking__select"
        label="Jornada"
        interface="popover"
        fill="outline"
        value={weekNumber}
        onIonChange={(event) => setChosen(Number(event.detail.value))}
        data-testid="round-select"
      >
        {rounds.map((round) => (
          <IonSelectOption key={round} value={round}>
            {roundLabel(round)}
          </IonSelectOption>
        ))}
      </IonSelect>
      <RoundTable poolId={poolId} userId={userId} weekNumber={weekNumber} />
      {belowRoundTable({ weekNumber, now })}
    </section>
  );
}

function RoundTable({ poolId, userId, weekNumber }: { poolId: number; userId: number; weekNumber: number }) {
  const positions = useQuery(leaderboardQueries.round(poolId, weekNumber));
  if (positions.isPending) return <LoadingState text="Cargando jornada..." />;
  if (positions.isError)
    return <p className="pool-ranking__message">No se pudo cargar la clasificación de la jornada.</p>;
  if (positions.data.length === 0) return <p className="pool-ranking__message">{leaderboardMessages.rankingEmpty}</p>;
  return (
    <RankingTable
      caption={`Puntos de la ${roundLabel(weekNumber).toLowerCase()}`}
      positions={positions.data}
      currentUserId={userId}
      testId="round-ranking"
    />
  );
}
