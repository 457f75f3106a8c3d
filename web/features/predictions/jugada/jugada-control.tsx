import { useMutationState } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  jugadaMessages as texts,
  JugadaStateSchema,
  PredictionSavedResponseSchema,
  type CopyReport,
  type JugadaState,
} from '#contract/jugada-settings';
import { outcomeToasts } from '../../../lib/outcome-toasts.ts';
import { showToast } from '../../../lib/toast.ts';
import { predictionKeys } from '../api.ts';
import type { Fixture } from '../fixtures.ts';
import { useRemoveJugada, useSaveJugada } from './api.ts';
import '../../../components/outline-button.css';
import '../../../components/text-button.css';

interface JugadaControlProps {
  poolId: number;
  userId: number;
  /** `GET /api/pools/{id}/jugada`'s data, as Predecir's first load read it (`JugadaOfferSchema`). */
  answer: unknown;
  fixtures: readonly Fixture[];
}

/**
 * "Mi jugada" on Predecir (docs/decisions/081-one-set-of-picks-for-several-pools.md), loaded only for a player in
 * another pool of the same competition and game, or with a jugada: make this pool's picks the jugada and choose where
 * they go, see what was copied where and why not, and, for each pick saved here, a toast saying the same.
 */
export function JugadaControl({ poolId, userId, answer, fixtures }: JugadaControlProps) {
  const parsed = JugadaStateSchema.safeParse(answer);
  return parsed.success ? <Jugada poolId={poolId} userId={userId} state={parsed.data} fixtures={fixtures} /> : null;
}

function Jugada({ poolId, userId, state, fixtures }: Omit<JugadaControlProps, 'answer'> & { state: JugadaState }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [report, setReport] = useState<CopyReport[] | null>(null);
  const remove = useRemoveJugada(poolId, userId);
  const { jugada } = state;
  const isSource = jugada?.sourcePoolId === poolId;
  const isTarget = jugada !== null && !isSource && jugada.targets.some((target) => target.poolId === poolId);
  useCopyToasts();
  const matchName = (matchId: number) => {
    const fixture = fixtures.find(({ match }) => match.id === matchId);
    return fixture ? `${fixture.home.name} – ${fixture.away.name}` : `#${matchId}`;
  };

  return (
    <section className="jugada" aria-labelledby={titleId} data-testid="jugada">
      <h2 id={titleId} className="jugada__title">
        {texts.title}
      </h2>
      <p className="jugada__note">
        {isSource
          ? `${texts.isSource} ${texts.copiedTo(jugada.targets.map((target) => target.poolName))}${
              jugada.sameEverywhere ? ` ${texts.sameEverywhere}.` : ''
            }`
          : isTarget
            ? `${texts.sourceElsewhere(jugada.sourcePoolName)}`
            : texts.intro}
      </p>
      {editing ? (
        <JugadaForm
          poolId={poolId}
          userId={userId}
          state={state}
          onDone={(copies) => {
            setEditing(false);
            setReport(copies);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        state.compatible.length > 0 && (
          <div className="jugada__buttons">
            <button type="button" className="outline-button" onClick={() => setEditing(true)} data-testid="jugada-open">
              {isSource ? 'Cambiar mi jugada' : texts.offer}
            </button>
            {isSource && (
              <button
                type="button"
                className="text-button"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    ...outcomeToasts(() => texts.removed, texts.failed),
                    onSettled: () => setReport(null),
                  })
                }
              >
                {texts.remove}
              </button>
            )}
          </div>
        )
      )}
      {report !== null && (
        <div role="status" className="jugada__report" data-testid="jugada-report">
          <h3 className="jugada__subtitle">{texts.reportTitle}</h3>
          {report.length === 0 ? (
            <p className="jugada__note">{texts.nothingToCopy}</p>
          ) : (
            <ul>
              {report.map((copy) => (
                <li
                  key={`${copy.poolId}-${copy.matchId}-${copy.what}`}
                  className={copy.copied ? '' : 'jugada__refused'}
                >
                  {texts.reportLine(copy.poolName, matchName(copy.matchId), copy.message)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function JugadaForm({
  poolId,
  userId,
  state,
  onDone,
  onCancel,
}: {
  poolId: number;
  userId: number;
  state: JugadaState;
  onDone: (copies: CopyReport[]) => void;
  onCancel: () => void;
}) {
  const save = useSaveJugada(poolId, userId);
  const ownJugada = state.jugada?.sourcePoolId === poolId ? state.jugada : null;
  const [targets, setTargets] = useState<ReadonlySet<number>>(
    () =>
      new Set(
        ownJugada ? ownJugada.targets.map((target) => target.poolId) : state.compatible.map((pool) => pool.poolId),
      ),
  );
  const [sameEverywhere, setSameEverywhere] = useState(ownJugada?.sameEverywhere ?? false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (targets.size === 0) {
      setError(texts.noTargets);
      return;
    }
    setError(null);
    save.mutate(
      { targets: [...targets], sameEverywhere },
      outcomeToasts(
        () => texts.saved,
        texts.failed,
        (answer) => onDone(answer.copies),
      ),
    );
  };
  const toggle = (poolIdToToggle: number, on: boolean) =>
    setTargets((chosen) => {
      const next = new Set(chosen);
      if (on) next.add(poolIdToToggle);
      else next.delete(poolIdToToggle);
      return next;
    });

  return (
    <form className="jugada__form" onSubmit={submit} noValidate>
      <fieldset className="jugada__fieldset" aria-describedby={error ? errorId : undefined}>
        <legend className="jugada__subtitle">{texts.targetsLegend}</legend>
        {state.compatible.map((pool) => (
          <label key={pool.poolId} className="jugada__choice">
            <input
              type="checkbox"
              checked={targets.has(pool.poolId)}
              onChange={(event) => toggle(pool.poolId, event.target.checked)}
            />
            {pool.poolName}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} className="jugada__error" role="alert">
          {error}
        </p>
      )}
      <label className="jugada__choice">
        <input
          type="checkbox"
          checked={sameEverywhere}
          aria-describedby={hintId}
          onChange={(event) => setSameEverywhere(event.target.checked)}
        />
        {texts.sameEverywhere}
      </label>
      <p id={hintId} className="jugada__note">
        {texts.sameEverywhereHint}
      </p>
      <div className="jugada__buttons">
        <button type="submit" className="outline-button" disabled={save.isPending} data-testid="jugada-save">
          {texts.save}
        </button>
        <button type="button" className="text-button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** A toast for each pick or comodín saved from now on whose answer says what the jugada copied. */
function useCopyToasts() {
  const answers = useMutationState({
    // A pick saved or a comodín put on (predictions/api.ts): their answers carry the copies.
    filters: { status: 'success', mutationKey: predictionKeys.all },
    select: (mutation) => ({
      id: mutation.mutationId,
      // The pick's answer came loose (predictions/api.ts): its copies are read by their schema here.
      copies: PredictionSavedResponseSchema.safeParse(mutation.state.data).data?.copies,
    }),
  });
  const newest = answers.at(-1);
  // What was saved before this control was on screen was told then.
  const seen = useRef(newest?.id ?? -1);
  useEffect(() => {
    if (!newest || newest.id <= seen.current) return;
    seen.current = newest.id;
    const copies = newest.copies ?? [];
    if (copies.length === 0) return;
    const copied = copies.filter((copy) => copy.copied).map((copy) => copy.poolName);
    const refused = copies.filter((copy) => !copy.copied).map((copy) => texts.notCopiedTo(copy.poolName, copy.message));
    showToast({
      message: [...(copied.length > 0 ? [texts.copiedTo([...new Set(copied)])] : []), ...refused].join(' '),
      color: refused.length > 0 ? 'warning' : 'success',
    });
  }, [newest]);
}
