import '../../ionic/setup.ts';
import { IonNote } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { podiumOutline } from 'ionicons/icons';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { laQuinielaMessages } from '#contract/la-quiniela';
import { jornadaPendingText, leaderboardMessages, type Jornada } from '#contract/leaderboard';
import type { Match } from '#contract/matches';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { useToast } from '../../lib/toast.ts';
import { useNow } from '../../lib/use-now.ts';
import { poolQueries } from '../pools/api.ts';
import { leaderboardQueries } from './api.ts';
import { currentRound, roundLabel } from './current-round.ts';
import { EvolutionChart } from './evolution-chart.tsx';
import { RankingTable } from './ranking-table.tsx';
import { ShareSummaryButton } from './share-summary-button.tsx';
import { IonSelect, IonSelectOption } from '../../ionic/select.ts';
import './pool-ranking.css';
import { spanishDateFormat } from '../../lib/format-date.ts';

const updatedAt = spanishDateFormat({ dateStyle: 'long', timeStyle: 'short' });

interface PoolRankingProps {
  poolId: number;
  /** Named in a jornada's shared summary. */
  poolName: string;
  userId: number;
  /** The pool's matches (with their teams, as the page has them): the round under way is the last one kicked off. */
  fixtures: readonly { match: Match }[];
  /** What the page shows under a jornada's table (how the pool picked that round), for the jornada shown. */
  belowRoundTable: (round: { weekNumber: number; now: number }) => ReactNode;
}

const GENERAL = 'general';

/**
 * The Ranking segment: "General" (the spec's ranking, with each player's movement since the previous jornada, the
 * jornadas they won and the reader's evolution) or one jornada's table with its winners, chosen in one select.
 */
export function PoolRanking({ poolId, poolName, userId, fixtures, belowRoundTable }: PoolRankingProps) {
  const ranking = useQuery(leaderboardQueries.overall(poolId));
  // A La Quiniela pool's jornadas are its boletos: no competition's round under way, nor its picks under the table.
  const boleto = useQuery(poolQueries.detail(poolId)).data?.game.mode === 'laQuiniela';
  const showToast = useToast();
  const now = useNow();
  const [chosen, setChosen] = useState<string>(GENERAL);

  useEffect(() => {
    if (ranking.isError) showToast({ message: leaderboardMessages.rankingFailed, color: 'danger' });
  }, [ranking.isError, ranking.errorUpdatedAt, showToast]);

  // The played jornadas, and the round under way when it is not one of them (its picks are shown under its table).
  const live = boleto ? null : currentRound(fixtures, now);
  const jornadas = useMemo<Jornada[]>(() => {
    const played = ranking.data?.jornadas ?? [];
    if (live === null || played.some((jornada) => jornada.weekNumber === live)) return played;
    return [...played, { weekNumber: live, label: roundLabel(live), over: false }].sort(
      (a, b) => a.weekNumber - b.weekNumber,
    );
  }, [ranking.data?.jornadas, live]);

  if (ranking.isPending) return <LoadingState text="Cargando ranking..." />;
  if (ranking.isError)
    return <ErrorState text={leaderboardMessages.rankingFailed} error={ranking.error} onRetry={ranking.refetch} />;
  if (ranking.data.positions.length === 0)
    return <EmptyState icon={podiumOutline} text={leaderboardMessages.rankingEmpty} />;
  const weekNumber = chosen === GENERAL ? null : Number(chosen);
  return (
    <div className="pool-ranking" data-testid="pool-ranking">
      {jornadas.length > 0 && (
        <IonSelect
          className="pool-ranking__select"
          label="Clasificación"
          interface="popover"
          fill="outline"
          value={chosen}
          onIonChange={(event) => setChosen(String(event.detail.value))}
          data-testid="round-select"
        >
          <IonSelectOption value={GENERAL}>{leaderboardMessages.general}</IonSelectOption>
          {jornadas.map((jornada) => (
            <IonSelectOption key={jornada.weekNumber} value={String(jornada.weekNumber)}>
              {jornada.label}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
      {weekNumber === null ? (
        <>
          <RankingTable
            caption="Clasificación general"
            positions={ranking.data.positions}
            currentUserId={userId}
            testId="ranking"
          />
          <p className="pool-ranking__tie-break" data-testid="tie-break">
            {ranking.data.tieBreakText}
          </p>
          {ranking.data.lastUpdated !== null && (
            <IonNote className="pool-ranking__updated">
              Actualizado el {updatedAt().format(new Date(ranking.data.lastUpdated))}
            </IonNote>
          )}
          <EvolutionChart poolId={poolId} />
        </>
      ) : (
        <section className="pool-ranking__round" aria-label={jornadas.find((j) => j.weekNumber === weekNumber)?.label}>
          <JornadaTable
            poolId={poolId}
            poolName={poolName}
            userId={userId}
            weekNumber={weekNumber}
            played={ranking.data.jornadas.some((jornada) => jornada.weekNumber === weekNumber)}
            tieBreak={ranking.data.tieBreakText}
            boleto={boleto}
          />
          {!boleto && belowRoundTable({ weekNumber, now })}
        </section>
      )}
    </div>
  );
}

interface JornadaTableProps {
  poolId: number;
  poolName: string;
  userId: number;
  weekNumber: number;
  /** It has results (the round under way may have none yet): its summary can be shared. */
  played: boolean;
  /** How equal points are ordered, as the general answer says it (the pool's tie-break, decision 083). */
  tieBreak?: string;
  /** A La Quiniela pool's: the boleto's aciertos. */
  boleto?: boolean;
}

/**
 * One jornada's table. Until its last counted match is finished it is provisional: it says so, and names no winner
 * (the server marks none: docs/decisions/061-a-jornada-is-won-when-it-is-over.md).
 */
export function JornadaTable({
  poolId,
  poolName,
  userId,
  weekNumber,
  played,
  tieBreak,
  boleto = false,
}: JornadaTableProps) {
  const table = useQuery(leaderboardQueries.round(poolId, weekNumber));
  if (table.isPending) return <LoadingState text="Cargando jornada..." />;
  if (table.isError) return <p className="pool-ranking__message">{leaderboardMessages.jornadaFailed}</p>;
  if (table.data.positions.length === 0)
    return <p className="pool-ranking__message">{leaderboardMessages.rankingEmpty}</p>;
  return (
    <>
      {!table.data.over && (
        <p className="pool-ranking__provisional" data-testid="jornada-provisional">
          <strong>{leaderboardMessages.jornadaProvisional}</strong> {jornadaPendingText(table.data.pending)}
        </p>
      )}
      <RankingTable
        caption={
          boleto ? laQuinielaMessages.tableCaption(weekNumber) : `Puntos de la ${roundLabel(weekNumber).toLowerCase()}`
        }
        positions={table.data.positions}
        currentUserId={userId}
        testId="round-ranking"
      />
      {tieBreak && <p className="pool-ranking__tie-break">{tieBreak}</p>}
      {played && <ShareSummaryButton poolName={poolName} userId={userId} round={table.data} />}
    </>
  );
}
