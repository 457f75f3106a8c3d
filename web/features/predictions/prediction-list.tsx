import { useQuery } from '@tanstack/react-query';
import { calendarOutline } from 'ionicons/icons';
import { useEffect, useMemo } from 'react';
import { predictionMessages } from '#contract/index';
import type { PredictionChoice } from '#contract/index';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import { useNow } from '../../lib/use-now.ts';
import { predictionQueries, useCreatePrediction, useSendingPredictions } from './api.ts';
import { groupByRound, roundLabel, selectOpenFixtures } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';
import { PredictionCard } from './prediction-card.tsx';
import './prediction-list.css';

const PICKS_LOAD_FAILED = 'No se pudieron cargar tus pronósticos.';

interface PredictionListProps {
  poolId: number;
  userId: number;
  fixtures: readonly Fixture[];
}

/** Predecir (the spec's Pool detail screen): one card per open match, the choice locked once a pick exists. */
export function PredictionList({ poolId, userId, fixtures }: PredictionListProps) {
  const now = useNow();
  const picks = useQuery({
    ...predictionQueries.mine(userId),
    select: (predictions) =>
      new Map(predictions.filter((p) => p.poolId === poolId).map((p) => [p.matchId, p.prediction] as const)),
  });
  const createPrediction = useCreatePrediction();
  const sending = useSendingPredictions();
  const showToast = useToast();
  const rounds = useMemo(() => groupByRound(selectOpenFixtures(fixtures, now)), [fixtures, now]);

  useEffect(() => {
    if (picks.isError) showToast({ message: PICKS_LOAD_FAILED, color: 'danger' });
  }, [picks.isError, picks.errorUpdatedAt, showToast]);

  const pick = (matchId: number, prediction: PredictionChoice) =>
    createPrediction.mutate(
      { prediction, userId, matchId, poolId },
      { onError: failureToast(predictionMessages.predictionFailed) },
    );

  if (picks.isPending) return <LoadingState text="Cargando partidos..." />;
  // Without the picks already sent, a card could offer a choice that is locked.
  if (picks.isError) return <ErrorState text={PICKS_LOAD_FAILED} error={picks.error} onRetry={picks.refetch} />;
  if (rounds.length === 0)
    return <EmptyState icon={calendarOutline} text="No hay partidos abiertos para pronosticar." />;
  return (
    <div className="prediction-list">
      {rounds.map(({ weekNumber, fixtures: roundFixtures }) => (
        <section key={`${weekNumber}-${roundFixtures[0]?.match.id}`} aria-label={roundLabel(weekNumber)}>
          <h2 className="prediction-list__round">{roundLabel(weekNumber)}</h2>
          {roundFixtures.map((fixture) => (
            <PredictionCard
              key={fixture.match.id}
              fixture={fixture}
              pick={picks.data.get(fixture.match.id) ?? null}
              sending={sending.has(fixture.match.id)}
              onPick={(choice) => pick(fixture.match.id, choice)}
            />
          ))}
        </section>
      ))}
    </div>
  );
}
