import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { euros, potLimits, potMessages as texts, type Pot, type PotSettings } from '#contract/pot';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { TextField } from '../../components/text-field.tsx';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { potQuery, useClearPot, useMarkPaid, useSavePot } from './api.ts';
import '../../components/outline-button.css';
import '../../components/plain-screen.css';
import '../../components/visually-hidden.css';
import './pool-pot.css';

/**
 * "Bote" in the pool's folded row (docs/decisions/079-a-prize-pot-that-moves-no-money.md): the entry, what was
 * collected, each share and who would take it today, and who has paid; the creator sets it up and ticks who paid.
 * Nothing for a member of a pool without one.
 */
export function PoolPot({ poolId, isCreator }: { poolId: number; isCreator: boolean }) {
  const pot = useQuery(potQuery(poolId));
  const [editing, setEditing] = useState(false);
  if (pot.isPending) return <LoadingState text="Cargando el bote..." />;
  if (pot.isError) return <ErrorState text={texts.loadFailed} error={pot.error} onRetry={pot.refetch} />;
  if (!pot.data && !isCreator) return null;
  return (
    <section className="pool-pot" aria-labelledby="pool-pot-title" data-testid="pool-pot">
      <h3 id="pool-pot-title" className="pool-pot__title">
        {texts.title}
      </h3>
      <p className="pool-pot__note">{texts.noMoney}</p>
      {editing ? (
        <PotForm poolId={poolId} pot={pot.data} onDone={() => setEditing(false)} />
      ) : pot.data ? (
        <PotSummary poolId={poolId} pot={pot.data} isCreator={isCreator} onEdit={() => setEditing(true)} />
      ) : (
        <button type="button" className="outline-button" onClick={() => setEditing(true)} data-testid="pool-pot-setup">
          Poner un bote
        </button>
      )}
    </section>
  );
}

const ordinal = (position: number) => `${position}.º`;

function PotSummary({
  poolId,
  pot,
  isCreator,
  onEdit,
}: {
  poolId: number;
  pot: Pot;
  isCreator: boolean;
  onEdit: () => void;
}) {
  const markPaid = useMarkPaid(poolId);
  const clear = useClearPot(poolId);
  return (
    <>
      <dl className="pool-pot__facts">
        <div>
          <dt>Cuota</dt>
          <dd data-testid="pool-pot-entry">{euros(pot.entryCents)}</dd>
        </div>
        <div>
          <dt>Recaudado</dt>
          <dd data-testid="pool-pot-collected">
            {euros(pot.collectedCents)} ({pot.paidCount} {pot.paidCount === 1 ? 'ha pagado' : 'han pagado'})
          </dd>
        </div>
      </dl>
      <table className="pool-pot__table">
        <caption>Reparto si la quiniela acabara hoy</caption>
        <thead>
          <tr>
            <th scope="col">Puesto</th>
            <th scope="col">Parte</th>
            <th scope="col">Se lo lleva hoy</th>
          </tr>
        </thead>
        <tbody>
          {pot.positions.map((row) => (
            <tr key={row.position}>
              <th scope="row">{ordinal(row.position)}</th>
              <td>
                {row.percent} % · {euros(row.cents)}
              </td>
              <td>
                {row.takers.length === 0
                  ? 'Empate en un puesto anterior o nadie aún'
                  : row.takers.map((taker) => `${taker.username}: ${euros(taker.cents)}`).join(', ')}
              </td>
            </tr>
          ))}
          {pot.jornadaShare > 0 && (
            <tr>
              <th scope="row">Jornadas</th>
              <td>
                {pot.jornadaShare} % · {euros(pot.jornadaCents)} cada una
              </td>
              <td>
                {pot.jornadas.length === 0
                  ? 'Ninguna jornada terminada aún'
                  : pot.jornadas
                      .map(
                        (j) =>
                          `${j.label}: ${j.winners.length === 0 ? 'sin ganador' : j.winners.map((w) => `${w.username} ${euros(w.cents)}`).join(', ')}`,
                      )
                      .join('; ')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="pool-pot__note">
        Los empates se reparten a partes iguales los puestos que ocupan.
        {pot.jornadaShare > 0 &&
          ' La parte de cada jornada se la reparten sus ganadores (los de más puntos en ella, si sumaron alguno) cuando termina.'}
        {pot.pendingCents > 0 && ` Quedan ${euros(pot.pendingCents)} para las jornadas por terminar.`}
        {pot.unassignedCents > 0 &&
          ` Sin repartir hoy: ${euros(pot.unassignedCents)} (céntimos que no se dividen a partes iguales, puestos o jornadas sin nadie).`}
      </p>
      <h4 className="pool-pot__subtitle">Quién ha pagado</h4>
      <ul className="pool-pot__payers">
        {pot.participants.map((p) => (
          <li key={p.userId}>
            {isCreator ? (
              <label className="pool-pot__payer">
                <input
                  type="checkbox"
                  checked={p.paid}
                  disabled={markPaid.isPending}
                  onChange={(event) => {
                    const paid = event.target.checked;
                    const done = `${p.username} ${paid ? 'ha pagado' : 'no ha pagado'}.`;
                    markPaid.mutate(
                      { userId: p.userId, paid },
                      outcomeToasts(() => done, 'No se pudo marcar el pago.'),
                    );
                  }}
                />
                {p.username}
              </label>
            ) : (
              <span className="pool-pot__payer">
                <span aria-hidden="true" className="pool-pot__tick">
                  {p.paid ? '✓' : ''}
                </span>
                {p.username}
                <span className="visually-hidden">{p.paid ? ': ha pagado' : ': no ha pagado'}</span>
              </span>
            )}
          </li>
        ))}
        {pot.participants.length === 0 && <li>Aún no hay participantes.</li>}
      </ul>
      {isCreator && (
        <div className="pool-pot__buttons">
          <button type="button" className="outline-button" onClick={onEdit}>
            Cambiar el bote
          </button>
          <button
            type="button"
            className="outline-button"
            disabled={clear.isPending}
            onClick={() =>
              clear.mutate(
                undefined,
                outcomeToasts(() => texts.removed, 'No se pudo quitar el bote.'),
              )
            }
          >
            Quitar el bote
          </button>
        </div>
      )}
    </>
  );
}

/** Euros as typed ("25", "25,50") to whole cents; NaN when it is not an amount. */
const centsOf = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

function PotForm({ poolId, pot, onDone }: { poolId: number; pot: Pot | null; onDone: () => void }) {
  const save = useSavePot(poolId);
  const [entry, setEntry] = useState(pot ? (pot.entryCents / 100).toFixed(2).replace('.', ',') : '10');
  const [shares, setShares] = useState((pot?.positionShares ?? [60, 30, 10]).join('/'));
  const [jornada, setJornada] = useState(String(pot?.jornadaShare ?? 0));
  const settings: PotSettings = {
    entryCents: centsOf(entry),
    positionShares: shares.split('/').map((share) => Number(share.trim())),
    jornadaShare: Number(jornada),
  };
  return (
    <form
      className="pool-pot__form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          settings,
          outcomeToasts(() => texts.saved, 'No se pudo guardar el bote.', onDone),
        );
      }}
    >
      <TextField label="Cuota por persona (€)" inputMode="decimal" value={entry} onValueChange={setEntry} />
      <TextField
        label={`Reparto por puesto final (%, separado por /, hasta ${potLimits.positions} puestos)`}
        value={shares}
        onValueChange={setShares}
      />
      <TextField
        label="Parte para los ganadores de cada jornada (%)"
        inputMode="numeric"
        value={jornada}
        onValueChange={setJornada}
      />
      <div className="pool-pot__buttons">
        <button type="button" className="outline-button" onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className="outline-button" disabled={save.isPending}>
          Guardar el bote
        </button>
      </div>
    </form>
  );
}
