import '../../ionic/setup.ts';
import { useQuery } from '@tanstack/react-query';
import { footballOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useMemo, useState, type ReactNode } from 'react';
import { jornadaTableMessages } from '#contract/jornada-table';
import { laQuinielaMessages, PLENO_POSITION, plenoBucketLabel } from '#contract/la-quiniela';
import { pointsBadge, poolResultsMessages, type PoolResultMatch, type ResultPick } from '#contract/pool-results';
import { pickText, predictionLabels, predictionMessages, type PredictionChoice } from '#contract/predictions';
import type { Team } from '#contract/teams';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState, QueriesErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { KickoffTime } from '../../components/kickoff-time.tsx';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { TeamColumn } from '../../components/team-logo.tsx';
import { IonSelect, IonSelectOption } from '../../ionic/select.ts';
import { FeedStatusLines } from '../../lib/feed-status.tsx';
import { useToast } from '../../lib/toast.ts';
import { describeTeam, type TeamDisplay } from '../teams/api.ts';
import { resultQueries } from '../results/api.ts';
import { teamQueries } from '../teams/api.ts';
import { predictionQueries } from './api.ts';
import { poolResultsQuery } from './results-api.ts';
import { commentsOpen, resultStatus } from './result-status.ts';
import '../../components/badge.css';
import '../../components/card-list.css';
import '../../components/text-button.css';
import '../../components/visually-hidden.css';
import './match-row.css';
import './pool-card.css';
import './pool-results.css';

/** Up to this many picks are listed on the card; more fold behind a button. */
const PICKS_UNFOLDED = 4;

// "La jornada en una tabla" loads when first chosen: most visits read the cards.
const JornadaTable = lazy(() =>
  import('./jornada-table/jornada-table.tsx').then((module) => ({ default: module.JornadaTable })),
);

type View = 'matches' | 'table';

interface PoolResultsProps {
  poolId: number;
  userId: number;
  /** What a started match's card shows under its picks (the page puts the match's comments there). */
  comments?: (matchId: number) => ReactNode;
}

/** The "Resultados" segment: one jornada at a time, newest first; everyone's picks from kick-off (the server's rule). */
export function PoolResults({ poolId, userId, comments }: PoolResultsProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [view, setView] = useState<View>('matches');
  const results = useQuery(poolResultsQuery(poolId, userId, chosen));
  const teams = useQuery(teamQueries.list());
  const feeds = useQuery(resultQueries.status());
  const showToast = useToast();
  const teamsById = useMemo(() => new Map((teams.data ?? []).map((team: Team) => [team.id, team])), [teams.data]);

  useEffect(() => {
    if (results.isError) showToast({ message: poolResultsMessages.loadFailed, color: 'danger' });
  }, [results.isError, results.errorUpdatedAt, showToast]);
  // New results came (the live channel refreshed them): where they came from and when is news too.
  const refreshFeeds = useEffectEvent((resultsAt: number) => {
    if (resultsAt > feeds.dataUpdatedAt && !feeds.isFetching) void feeds.refetch();
  });
  useEffect(() => refreshFeeds(results.dataUpdatedAt), [results.dataUpdatedAt]);

  if (results.isError || teams.isError) {
    return <QueriesErrorState text={poolResultsMessages.loadFailed} queries={[results, teams]} />;
  }
  if (results.isPending || teams.isPending) return <LoadingState text={poolResultsMessages.loading} />;
  const answer = results.data;
  const feedLines = <FeedStatusLines feeds={feeds.data?.feeds ?? []} />;
  if (answer.weekNumber === null) {
    return (
      <>
        {feedLines}
        <EmptyState icon={footballOutline} text={poolResultsMessages.empty} />
      </>
    );
  }
  const loadingOther = results.isPlaceholderData;
  const label = answer.jornadas.find((jornada) => jornada.weekNumber === answer.weekNumber)?.label ?? `Jornada ${answer.weekNumber}`;

  return (
    <section className="pool-results" aria-label={poolResultsMessages.title} aria-busy={loadingOther} data-testid="pool-results">
      {feedLines}
      {answer.jornadas.length > 0 && (
        <IonSelect
          className="pool-results__select"
          label="Jornada"
          interface="popover"
          fill="outline"
          value={chosen ?? answer.weekNumber}
          onIonChange={(event) => setChosen(Number(event.detail.value))}
          data-testid="results-round-select"
        >
          {answer.jornadas.map((jornada) => (
            <IonSelectOption key={jornada.weekNumber} value={jornada.weekNumber}>
              {jornada.label}
              {jornada.live > 0 ? ` · ${poolResultsMessages.live}` : ''}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
      <SegmentedControl<View>
        className="pool-results__views"
        value={view}
        choices={[
          { value: 'matches', label: jornadaTableMessages.byMatch },
          { value: 'table', label: jornadaTableMessages.table },
        ]}
        onValueChange={setView}
        aria-label={jornadaTableMessages.views}
      />
      {loadingOther ? (
        <LoadingState text={poolResultsMessages.loading} />
      ) : answer.matches.length === 0 ? (
        <p className="pool-results__message">{poolResultsMessages.emptyJornada}</p>
      ) : view === 'table' ? (
        <Suspense fallback={<LoadingState text={jornadaTableMessages.loading} />}>
          <JornadaTable poolId={poolId} userId={userId} weekNumber={answer.weekNumber} label={label} teamsById={teamsById} />
        </Suspense>
      ) : (
        <ul className="card-list card-list--column">
          {answer.matches.map((match) => (
            <li key={match.id}>
              <ResultCard
                poolId={poolId}
                userId={userId}
                match={match}
                participant={answer.participant}
                home={describeTeam(teamsById, match.homeTeamId)}
                away={describeTeam(teamsById, match.awayTeamId)}
                comments={comments}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ResultCardProps {
  poolId: number;
  userId: number;
  match: PoolResultMatch;
  participant: boolean;
  home: TeamDisplay;
  away: TeamDisplay;
  comments: PoolResultsProps['comments'];
}

function ResultCard({ poolId, userId, match, participant, home, away, comments }: ResultCardProps) {
  const { stage, score, note } = resultStatus(match);
  const label = `${home.name} contra ${away.name}`;
  return (
    <article className="pool-results__card pool-card" data-testid="result-card" data-match-id={match.id} aria-label={label}>
      {match.line !== undefined && (
        <p className="pool-results__line" data-testid="result-line">
          {laQuinielaMessages.line(match.line)}
        </p>
      )}
      <KickoffTime match={match} block="pool-results" />
      <div className="pool-results__teams match-row">
        <TeamColumn team={home} size={32} block="pool-results" />
        <div className="pool-results__centre">
          {score !== null ? (
            <strong className="pool-results__score" data-testid="result-score">
              {score}
            </strong>
          ) : (
            <span className="pool-results__versus">VS</span>
          )}
          {note !== null && (
            <span className={`pool-results__status badge${stage === 'live' ? ' badge--bad' : ''}`} data-testid="result-status">
              {note}
            </span>
          )}
        </div>
        <TeamColumn team={away} size={32} block="pool-results" />
      </div>
      {participant && (
        <p className="pool-results__own" data-testid="own-pick">
          {match.ownPick === null ? (
            poolResultsMessages.noPick
          ) : (
            <>
              {poolResultsMessages.ownPick}:{' '}
              <strong>
                {pickText({ prediction: match.ownPick, scoreHome: match.ownScoreHome, scoreAway: match.ownScoreAway }, goalsOf(match))}
              </strong>
              {match.ownJoker && <span className="pool-results__joker"> · {predictionMessages.jokerLabel}</span>}
            </>
          )}
          {match.ownPoints !== null && <PointsBadge points={match.ownPoints} boleto={match.line !== undefined} />}
        </p>
      )}
      <Picks poolId={poolId} userId={userId} match={match} />
      {commentsOpen(match) && comments?.(match.id)}
    </article>
  );
}

/** A pick's goals as its card writes them: numbers, or on a La Quiniela Pleno its buckets (0, 1, 2, M). */
const goalsOf = (match: PoolResultMatch) => (match.line === PLENO_POSITION ? plenoBucketLabel : String);

/** What a pick earned: its points, or in a La Quiniela pool (`boleto`) whether it was an acierto. */
function PointsBadge({ points, boleto = false }: { points: number; boleto?: boolean }) {
  return (
    <span className={`pool-results__points badge${points > 0 ? ' badge--good' : ''}`} data-testid="points">
      {boleto ? (
        points > 0 ? laQuinielaMessages.acierto : laQuinielaMessages.fallo
      ) : (
        <>
          {pointsBadge(points)}
          <span className="visually-hidden"> {points === 1 ? 'punto' : 'puntos'}</span>
        </>
      )}
    </span>
  );
}

const choices: readonly PredictionChoice[] = ['home', 'draw', 'away'];

/** Everyone's picks once the match has kicked off; before, the server sends none and the card says why. */
function Picks({ poolId, userId, match }: { poolId: number; userId: number; match: PoolResultMatch }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const picks = match.picks;
  if (picks === null) return <p className="pool-results__note">{poolResultsMessages.picksHidden}</p>;
  if (picks.total === 0) return <p className="pool-results__note">{poolResultsMessages.noPicks}</p>;
  const counts = choices.map((choice) => `${predictionLabels[choice]} ${picks.counts[choice]}`).join(' · ');
  const folded = picks.total > PICKS_UNFOLDED;
  return (
    <div className="pool-results__picks">
      <p className="pool-results__counts">{counts}</p>
      {folded && (
        <button
          type="button"
          className="text-button pool-results__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? poolResultsMessages.hidePicks : poolResultsMessages.showPicks(picks.total)}
        </button>
      )}
      {(!folded || open) && (
        <div id={listId}>
          {picks.shown.length < picks.total ? (
            <AllPicks poolId={poolId} userId={userId} match={match} />
          ) : (
            <PickList picks={picks.shown} userId={userId} match={match} />
          )}
        </div>
      )}
    </div>
  );
}

/** A long list: the answer carries the first picks only; the whole list comes from the match's distribution. */
function AllPicks({ poolId, userId, match }: { poolId: number; userId: number; match: PoolResultMatch }) {
  const all = useQuery(predictionQueries.distribution(poolId, match.id));
  if (all.isPending) return <LoadingState text={poolResultsMessages.loadingPicks} />;
  if (all.isError)
    return <ErrorState text={poolResultsMessages.picksLoadFailed} error={all.error} onRetry={all.refetch} />;
  // What each pick earned: the server's points per choice for this match (null while it is not finished, and in an
  // exact-score pool, where a pick earns by its score: the first picks of the answer carry theirs).
  const picks = all.data.picks.map((pick) => ({
    ...pick,
    points: pick.joker ? null : (match.pointsByPick?.[pick.prediction] ?? null),
  }));
  return <PickList picks={picks} userId={userId} match={match} />;
}

function PickList({ picks, userId, match }: { picks: readonly ResultPick[]; userId: number; match: PoolResultMatch }) {
  return (
    <ul className="pool-results__pick-list" data-testid="result-picks">
      {picks.map((pick) => (
        <li key={pick.userId} className={pick.userId === userId ? 'pool-results__pick--own' : undefined}>
          <span>
            {pick.username}
            {pick.userId === userId ? ` ${poolResultsMessages.you}` : ''}: <strong>{pickText(pick, goalsOf(match))}</strong>
            {pick.joker && <span className="pool-results__joker"> · {predictionMessages.jokerLabel}</span>}
          </span>
          {pick.points !== null && <PointsBadge points={pick.points} boleto={match.line !== undefined} />}
        </li>
      ))}
    </ul>
  );
}
