import { useState } from 'react';
import { poolOptionsMessages } from '#contract/pool-options';
import type { PoolDetail } from '#contract/pools';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { useUpdatePool, useUpdatePoolRules } from './api.ts';
import { poolStatusText } from './pool-card.tsx';
import { PoolOptionsFields, draftOf, optionsOf } from './pool-options-fields.tsx';
import '../../components/outline-button.css';
import './pool-form.css';
import './pool-organiser.css';

/**
 * The creator's controls on their pool: close or reopen it to new members, mark it active or inactive (the spec's
 * "Estado"), and change its options until it starts.
 */
export function PoolOrganiser({ pool }: { pool: PoolDetail }) {
  const updatePool = useUpdatePool(pool.id);
  const [editing, setEditing] = useState(false);
  const change = (changes: { isClose?: boolean; isActive?: boolean }, done: string) =>
    updatePool.mutate(changes, outcomeToasts(() => done, 'No se pudo cambiar la quiniela.'));

  return (
    <section className="pool-organiser" aria-label="Organizar la quiniela">
      <p className="pool-organiser__status" data-testid="pool-status">
        {poolStatusText(pool)}
      </p>
      <div className="pool-organiser__buttons">
        <button
          type="button"
          className="outline-button"
          disabled={updatePool.isPending}
          onClick={() =>
            change({ isClose: !pool.isClose }, pool.isClose ? 'Quiniela abierta a nuevos miembros.' : 'Quiniela cerrada a nuevos miembros.')
          }
        >
          {pool.isClose ? 'Abrir a nuevos miembros' : 'Cerrar a nuevos miembros'}
        </button>
        <button
          type="button"
          className="outline-button"
          disabled={updatePool.isPending}
          onClick={() => change({ isActive: !pool.isActive }, pool.isActive ? 'Quiniela desactivada.' : 'Quiniela activada.')}
        >
          {pool.isActive ? 'Desactivar' : 'Activar'}
        </button>
        {!pool.started && !editing && (
          <button type="button" className="outline-button" onClick={() => setEditing(true)}>
            Cambiar reglas
          </button>
        )}
      </div>
      {!pool.started && editing && <RulesEditor pool={pool} onDone={() => setEditing(false)} />}
    </section>
  );
}

/** The options, changeable until the first kick-off (the server refuses afterwards with its reason). */
function RulesEditor({ pool, onDone }: { pool: PoolDetail; onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(pool.options));
  const updateRules = useUpdatePoolRules(pool.id);
  return (
    <form
      className="pool-form pool-organiser__rules"
      onSubmit={(event) => {
        event.preventDefault();
        updateRules.mutate(optionsOf(draft), outcomeToasts(() => poolOptionsMessages.rulesSaved, 'No se pudieron guardar las reglas.', onDone));
      }}
    >
      <PoolOptionsFields value={draft} onChange={setDraft} />
      <div className="pool-organiser__buttons">
        <button type="button" className="outline-button" onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className="outline-button" disabled={updateRules.isPending}>
          Guardar reglas
        </button>
      </div>
    </form>
  );
}
