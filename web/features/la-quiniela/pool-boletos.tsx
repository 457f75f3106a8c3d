import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  BOLETO_SIZE,
  PLENO_BUCKETS,
  PLENO_POSITION,
  boletoCategory,
  categoryLabel,
  laQuinielaMessages as texts,
  plenoBucketLabel,
  type Boleto,
} from '#contract/la-quiniela';
import type { Match } from '#contract/matches';
import { pickDeadline } from '#contract/pool-options';
import type { PoolDetail } from '#contract/pools';
import { picksClosed, predictionLabels, type PredictionChoice } from '#contract/predictions';
import { outcomeCodes } from '#contract/jornada-table';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { useNow } from '../../lib/use-now.ts';
import { matchQueries } from '../matches/api.ts';
import { useCreatePrediction } from '../predictions/api.ts';
import { describeTeam, teamQueries } from '../teams/api.ts';
import { boletoKeys, boletosQuery, useComposeBoleto } from './api.ts';
import '../../components/outline-button.css';
import './boletos.css';

type TeamsOf = (match: Match) => { home: string; away: string };

/**
 * A La Quiniela pool's "Boletos" (docs/decisions/082-modo-la-quiniela.md), in place of Predecir: each boleto in order,
 * 1X2 on lines 1–14 and the Pleno al 15's two goal buckets, and from its first kick-off everyone's aciertos with the
 * real game's categories; its organiser composes the next boleto from the open matches. A lazy module of the pool.
 */
export function PoolBoletos({ pool, userId }: { pool: PoolDetail; userId: number }) {
  const organiser = pool.creatorId === userId;
  // Everyone but a creator who does not play predicts (the pool page's rule).
  const predicts = !organiser || pool.options.creatorPlays;
  const boletos = useQuery(boletosQuery(pool.id, userId));
  const teams = useQuery(teamQueries.list());
  // The boleto its organiser is recomposing (until its first kick-off), in the compose form in its place.
  const [editing, setEditing] = useState<number | null>(null);
  const teamsOf = useMemo<TeamsOf>(() => {
    const byId = new Map((teams.data ?? []).map((team) => [team.id, team]));
    return (match) => ({
      home: describeTeam(byId, match.homeTeamId).name,
      away: describeTeam(byId, match.awayTeamId).name,
    });
  }, [teams.data]);
  if (boletos.isPending || teams.isPending) return <LoadingState text={texts.loading} />;
  if (boletos.isError) return <ErrorState text={texts.loadFailed} error={boletos.error} onRetry={boletos.refetch} />;
  return (
    <section className="boletos" aria-label={texts.title} data-testid="pool-boletos">
      {organiser && <ComposeBoleto poolId={pool.id} boletos={boletos.data} teamsOf={teamsOf} />}
      {boletos.data.length === 0 && <p>{texts.noBoletos}</p>}
      {boletos.data.map((boleto) =>
        editing === boleto.number && !boleto.started ? (
          <ComposeBoleto
            key={boleto.number}
            poolId={pool.id}
            boletos={boletos.data}
            teamsOf={teamsOf}
            editing={boleto}
            onDone={() => setEditing(null)}
          />
        ) : (
          <BoletoCard
            key={boleto.number}
            pool={pool}
            userId={userId}
            boleto={boleto}
            teamsOf={teamsOf}
            predicts={predicts}
            onRecompose={organiser && !boleto.started ? () => setEditing(boleto.number) : undefined}
          />
        ),
      )}
    </section>
  );
}

function BoletoCard({
  pool,
  userId,
  boleto,
  teamsOf,
  predicts,
  onRecompose,
}: {
  pool: PoolDetail;
  userId: number;
  boleto: Boleto;
  teamsOf: TeamsOf;
  predicts: boolean;
  /** For its organiser, before its first kick-off: opens the compose form on it. */
  onRecompose?: () => void;
}) {
  const now = useNow();
  const queryClient = useQueryClient();
  const create = useCreatePrediction();
  const [pleno, setPleno] = useState<{ home?: number; away?: number }>({});
  const closed = (match: Match) => picksClosed(match, now) || pickDeadline(match.matchDate, pool.options) <= now;
  const send = (match: Match, body: { prediction: PredictionChoice } | { scoreHome: number; scoreAway: number }) =>
    create.mutate(
      { userId, poolId: pool.id, matchId: match.id, ...body },
      outcomeToasts(
        () => texts.pickSaved,
        texts.pickFailed,
        () => void queryClient.invalidateQueries({ queryKey: boletoKeys.list(pool.id) }),
      ),
    );
  const title = texts.boleto(boleto.number);
  return (
    <article className="boleto" aria-labelledby={`boleto-${boleto.number}`} data-testid={`boleto-${boleto.number}`}>
      <h3 className="boleto__title" id={`boleto-${boleto.number}`}>
        {title}
        {boleto.ownAciertos !== null && boleto.started && ` · ${texts.aciertos}: ${boleto.ownAciertos}`}
      </h3>
      {onRecompose && (
        <button type="button" className="outline-button" aria-label={`${texts.recompose} ${boleto.number}`} onClick={onRecompose}>
          {texts.recompose}
        </button>
      )}
      <ol className="boleto__lines">
        {boleto.matches.map(({ position, match, ownPick }) => {
          const { home, away } = teamsOf(match);
          const locked = !predicts || closed(match) || (ownPick !== null && !pool.options.editUntilKickoff);
          return (
            <li key={match.id} className="boleto__line">
              <span className="boleto__number">{position}</span>
              <span className="boleto__teams">
                {position === PLENO_POSITION && <strong>{texts.pleno}: </strong>}
                {home} – {away}
                {closed(match) && ` · ${texts.closed}`}
              </span>
              {position !== PLENO_POSITION ? (
                <span className="boleto__choices" role="group" aria-label={`${position}. ${home} – ${away}`}>
                  {(['home', 'draw', 'away'] as const).map((choice) => (
                    <button
                      key={choice}
                      type="button"
                      className="boleto__choice"
                      aria-pressed={ownPick?.prediction === choice}
                      aria-label={`${predictionLabels[choice]} (${outcomeCodes[choice]}) en ${home} – ${away}`}
                      disabled={locked || create.isPending}
                      onClick={() => send(match, { prediction: choice })}
                    >
                      {outcomeCodes[choice]}
                    </button>
                  ))}
                </span>
              ) : (
                (['home', 'away'] as const).map((side) => {
                  const team = side === 'home' ? home : away;
                  const saved = ownPick === null ? undefined : side === 'home' ? ownPick.scoreHome : ownPick.scoreAway;
                  const chosen = pleno[side] ?? saved ?? undefined;
                  return (
                    <span key={side} className="boleto__choices" role="group" aria-label={texts.plenoGoals(team)}>
                      <span className="boleto__pleno-label">{texts.plenoGoals(team)}</span>
                      {PLENO_BUCKETS.map((bucket) => (
                        <button
                          key={bucket}
                          type="button"
                          className="boleto__choice"
                          aria-pressed={chosen === bucket}
                          aria-label={`${plenoBucketLabel(bucket)} goles de ${team}`}
                          disabled={locked || create.isPending}
                          onClick={() => {
                            const next = { ...pleno, [side]: bucket };
                            setPleno(next);
                            if (next.home !== undefined && next.away !== undefined)
                              send(match, { scoreHome: next.home, scoreAway: next.away });
                          }}
                        >
                          {plenoBucketLabel(bucket)}
                        </button>
                      ))}
                    </span>
                  );
                })
              )}
            </li>
          );
        })}
      </ol>
      {boleto.table && (
        <>
          <table className="boleto__table">
            <caption>{texts.tableCaption(boleto.number)}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.player}</th>
                <th scope="col">{texts.aciertos}</th>
                <th scope="col">{texts.category}</th>
              </tr>
            </thead>
            <tbody>
              {boleto.table.map((row) => (
                <tr key={row.userId}>
                  <td>{row.username}</td>
                  <td>{row.aciertos}</td>
                  <td>{boletoCategory(row.aciertos) === null ? '—' : categoryLabel(row.aciertos)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {texts.categoriesTitle}:{' '}
            {(boleto.categories ?? []).map((c) => texts.categoryCount(c.aciertos, c.count)).join(' · ')}
          </p>
        </>
      )}
    </article>
  );
}

/**
 * The organiser's next boleto, or `editing` recomposed before its first kick-off (the server keeps a picked match at
 * its line, and says so): 15 open matches of any competition, in order; the 15th is the Pleno al 15.
 */
function ComposeBoleto({
  poolId,
  boletos,
  teamsOf,
  editing,
  onDone,
}: {
  poolId: number;
  boletos: Boleto[];
  teamsOf: TeamsOf;
  editing?: Boleto;
  onDone?: () => void;
}) {
  const now = useNow();
  const matches = useQuery(matchQueries.list());
  const compose = useComposeBoleto(poolId);
  const [chosen, setChosen] = useState<Match[]>(() => editing?.matches.map((line) => line.match) ?? []);
  const taken = new Set(boletos.filter((b) => b !== editing).flatMap((b) => b.matches.map((m) => m.match.id)));
  // The soonest first: a boleto is usually the coming weekend's.
  const open = (matches.data ?? [])
    .filter((m) => !picksClosed(m, now) && !taken.has(m.id) && !chosen.some((c) => c.id === m.id))
    .sort((a, b) => Date.parse(a.matchDate) - Date.parse(b.matchDate));
  const number = editing?.number ?? Math.max(0, ...boletos.map((b) => b.number)) + 1;
  const label = (m: Match) => `${teamsOf(m).home} – ${teamsOf(m).away}`;
  const id = editing ? `boleto-recompose-${number}` : 'boleto-compose';
  return (
    <section className="boleto" aria-labelledby={id} data-testid={id}>
      <h3 className="boleto__title" id={id}>
        {editing ? texts.recompose : texts.compose}: {texts.boleto(number)}
      </h3>
      <p>{texts.composeHelp}</p>
      <p aria-live="polite">{texts.chosen(chosen.length)}</p>
      <ol className="boleto__compose-list" aria-label={texts.boleto(number)}>
        {chosen.map((m, i) => (
          <li key={m.id} className="boleto__compose-row">
            <span>
              {i + 1}. {i + 1 === PLENO_POSITION && `${texts.pleno}: `}
              {label(m)}
            </span>
            <button
              type="button"
              className="outline-button"
              aria-label={`${texts.remove} ${label(m)}`}
              onClick={() => setChosen(chosen.filter((c) => c.id !== m.id))}
            >
              {texts.remove}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="outline-button"
        disabled={chosen.length !== BOLETO_SIZE || compose.isPending}
        onClick={() =>
          compose.mutate(
            { number, matchIds: chosen.map((m) => m.id) },
            outcomeToasts(
              () => texts.saved(number),
              texts.saveFailed,
              () => (onDone ? onDone() : setChosen([])),
            ),
          )
        }
      >
        {texts.save}
      </button>
      {onDone && (
        <button type="button" className="outline-button" onClick={onDone}>
          {texts.cancel}
        </button>
      )}
      {chosen.length < BOLETO_SIZE && (
        <ul className="boleto__compose-list" aria-label={texts.add}>
          {open.length === 0 && <li>{texts.noOpenMatches}</li>}
          {open.slice(0, 60).map((m) => (
            <li key={m.id} className="boleto__compose-row">
              <span>{label(m)}</span>
              <button
                type="button"
                className="outline-button"
                aria-label={`${texts.add} ${label(m)}`}
                onClick={() => setChosen([...chosen, m])}
              >
                {texts.add}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
