import { useQuery } from '@tanstack/react-query';
import { calendarOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import type { GameRules } from '#contract/game-rules';
import { DEFAULT_POOL_OPTIONS, pickDeadline, type PoolOptions } from '#contract/pool-options';
import { poolMessages } from '#contract/pools';
import { predictionMessages, type Prediction } from '#contract/predictions';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import { useBatchedList } from '../../lib/use-batched-list.ts';
import { useNow } from '../../lib/use-now.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { predictionQueries, useCreatePrediction, useSendingPredictions, useSetJoker } from './api.ts';
import {
  groupByJornada,
  jornadaDates,
  jornadaTitle,
  kickoffCountdown,
  picksDoneText,
  selectOpenFixtures,
  spanCompetitions,
} from './fixtures.ts';
import type { Fixture, JornadaGroup, PickShape } from './fixtures.ts';
import { jugadaQuery } from './jugada/query.ts';
import { PredictionCard } from './prediction-card.tsx';
import '../../components/card-list.css';
import '../../components/outline-button.css';
import './prediction-list.css';

const PICKS_LOAD_FAILED = 'No se pudieron cargar tus pronósticos.';

// "Mi jugada": its module loads only for a player it is offered to (another pool of the same game, or a jugada).
const JugadaControl = lazy(() => import('./jugada/jugada-control.tsx').then((module) => ({ default: module.JugadaControl })));

/**
 * A phone screenful and a half: below the pool's card and the segments, a screen shows a jornada's heading and
 * two prediction cards (~220 px each).
 */
export const FIRST_BATCH = 4;
/** Each further batch, rendered as the end of the list comes near: several screens ahead of a scrolling thumb. */
export const NEXT_BATCH = 20;

interface PredictionListProps {
  poolId: number;
  /** The pool's options: when picks close, and whether a saved pick can still be changed. */
  options?: PoolOptions;
  userId: number;
  /** The pool's game: a choice or a score per card, and the comodín. */
  game: GameRules;
  fixtures: readonly Fixture[];
  /** False when the organiser made the pool inactive: the server refuses picks, so the choices are off. */
  active?: boolean;
}

/**
 * Predecir (the spec's Pool detail screen): one card per open match, the choice locked once a pick exists,
 * under a heading per jornada (the next one first) with its dates, the user's picks there and, close to its
 * first kick-off, a countdown. The cards render in batches (web/lib/use-batched-list.ts): a season's ~250 at
 * once block a phone for seconds; the first ones at once, the rest as the page goes idle.
 */
export function PredictionList({
  poolId,
  options = DEFAULT_POOL_OPTIONS,
  userId,
  game,
  fixtures,
  active = true,
}: PredictionListProps) {
  const now = useNow();
  const picks = useQuery({
    ...predictionQueries.mine(userId),
    select: (predictions) =>
      new Map(predictions.filter((p) => p.poolId === poolId).map((p) => [p.matchId, p] as const)),
  });
  const createPrediction = useCreatePrediction();
  const setJoker = useSetJoker(poolId, userId);
  const sending = useSendingPredictions();
  const showToast = useToast();
  const groups = useMemo(() => groupByJornada(selectOpenFixtures(fixtures, now, options)), [fixtures, now, options]);
  const jugada = useQuery(jugadaQuery(poolId, userId)).data;

  useEffect(() => {
    if (picks.isError) showToast({ message: PICKS_LOAD_FAILED, color: 'danger' });
  }, [picks.isError, picks.errorUpdatedAt, showToast]);

  const pick = (matchId: number, shape: PickShape) =>
    createPrediction.mutate(
      { ...shape, userId, matchId, poolId },
      { onError: failureToast(predictionMessages.predictionFailed) },
    );
  const joker: JokerControl | null = game.joker
    ? {
        busy: setJoker.isPending,
        change: (matchId, on) =>
          setJoker.mutate(
            { matchId, joker: on },
            outcomeToasts(
              () => (on ? predictionMessages.jokerSet : predictionMessages.jokerRemoved),
              predictionMessages.jokerFailed,
            ),
          ),
      }
    : null;

  if (picks.isPending) return <LoadingState text="Cargando partidos..." />;
  // Without the picks already sent, a card could offer a choice that is locked.
  if (picks.isError) return <ErrorState text={PICKS_LOAD_FAILED} error={picks.error} onRetry={picks.refetch} />;
  if (groups.length === 0)
    return <EmptyState icon={calendarOutline} text="No hay partidos abiertos para pronosticar." />;

  return (
    <>
      {!active && (
        <p className="prediction-list__inactive" role="status" data-testid="pool-inactive">
          {poolMessages.inactiveNotice}
        </p>
      )}
      {jugada && (jugada.jugada != null || jugada.compatible.length > 0) && (
        <Suspense fallback={null}>
          <JugadaControl poolId={poolId} userId={userId} answer={jugada} fixtures={fixtures} />
        </Suspense>
      )}
      <JornadaList
        groups={groups}
        active={active}
        now={now}
        mode={game.mode}
        joker={joker}
        options={options}
        picks={picks.data}
        sending={sending}
        onPick={pick}
      />
    </>
  );
}

/** The comodín's control, in pools that play it. */
interface JokerControl {
  busy: boolean;
  change: (matchId: number, on: boolean) => void;
}

interface JornadaListProps {
  groups: readonly JornadaGroup[];
  active: boolean;
  now: number;
  mode: GameRules['mode'];
  joker: JokerControl | null;
  options: PoolOptions;
  picks: ReadonlyMap<number, Prediction>;
  sending: ReadonlySet<number>;
  onPick: (matchId: number, pick: PickShape) => void;
}

/** The open matches under their jornadas' headings, in batches (its own component: batching needs the list rendered). */
function JornadaList({ groups, active, now, mode, joker, options, picks, sending, onPick }: JornadaListProps) {
  const total = groups.reduce((count, group) => count + group.fixtures.length, 0);
  const { shown, hasMore, listRef, showMoreFromButton } = useBatchedList<HTMLDivElement>(total, {
    first: FIRST_BATCH,
    next: NEXT_BATCH,
    itemSelector: '.prediction-list__item',
    // Every open pick ends up in the page: find-in-page finds a team, headings reach every jornada.
    fillWhenIdle: true,
  });
  const headingIds = useId();
  const severalCompetitions = spanCompetitions(groups);

  return (
    <>
      <div ref={listRef} className="prediction-list">
        {firstCards(groups, shown).map(({ group, cards }, index) => {
          const headingId = `${headingIds}-${index}`;
          const countdown = kickoffCountdown(group, now, options);
          return (
            <section key={`${group.competition}-${group.weekNumber}`} aria-labelledby={headingId}>
              <h2 id={headingId} className="prediction-list__round">
                {`${jornadaTitle(group, severalCompetitions)} · ${jornadaDates(group)}`}
              </h2>
              <p className="prediction-list__status" data-testid="jornada-status">
                <span>{picksDoneText(group, picks)}</span>
                {countdown !== null && <span className="prediction-list__countdown"> · {countdown}</span>}
              </p>
              <ul className="card-list">
                {cards.map((fixture) => (
                  // Focusable by script only: "Ver más partidos" moves focus to the first card it added.
                  <li key={fixture.match.id} className="prediction-list__item" tabIndex={-1}>
                    <PredictionCard
                      fixture={fixture}
                      mode={mode}
                      joker={joker !== null}
                      pick={picks.get(fixture.match.id) ?? null}
                      editable={options.editUntilKickoff}
                      deadline={pickDeadline(fixture.match.matchDate, options)}
                      now={now}
                      sending={sending.has(fixture.match.id)}
                      disabled={!active}
                      onPick={(shape) => onPick(fixture.match.id, shape)}
                      onJoker={(on) => joker?.change(fixture.match.id, on)}
                      jokerBusy={joker?.busy ?? false}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {hasMore && (
        <button type="button" className="outline-button outline-button--more" onClick={showMoreFromButton}>
          Ver más partidos
        </button>
      )}
    </>
  );
}

/** The groups that have any of the first `count` cards, each with those of its cards. */
function firstCards(groups: readonly JornadaGroup[], count: number) {
  const shown: { group: JornadaGroup; cards: Fixture[] }[] = [];
  let left = count;
  for (const group of groups) {
    if (left <= 0) break;
    shown.push({ group, cards: group.fixtures.slice(0, left) });
    left -= group.fixtures.length;
  }
  return shown;
}
