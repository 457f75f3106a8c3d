import '../../ionic/setup.ts';
import { useState } from 'react';
import { poolOptionsMessages } from '#contract/pool-options';
import type { PoolDetail } from '#contract/pools';
import { presentAlert } from '../../lib/alert.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { useUpdatePool, useUpdatePoolRules } from './writes.ts';
import { ChatInvitationLinks, ShareInvitationButton } from './invitation-buttons.tsx';
import { InviteByEmail } from './invite-by-email.tsx';
import { useMailAvailable } from '../accounts/api.ts';
import { PoolOptionsFields, draftOf, optionsOf } from './pool-options-fields.tsx';
import '../../components/outline-button.css';
import './pool-form.css';
import './pool-organiser.css';

/**
 * The creator's tools on their pool, folded under "Reglas y opciones" on the pool screen: close or reopen it to new
 * members, mark it active or inactive (the spec's "Estado"; making it inactive asks first), change its options until
 * it starts, and pass the invitation on while anybody new can join, by mail too where the server sends it (copying
 * the code stays in view: the spec's 'Copiar Código').
 */
export function PoolOrganiser({ pool }: { pool: PoolDetail }) {
  const updatePool = useUpdatePool(pool.id);
  const [editing, setEditing] = useState(false);
  const change = (changes: { isClose?: boolean; isActive?: boolean }, done: string) =>
    updatePool.mutate(changes, outcomeToasts(() => done, 'No se pudo cambiar la quiniela.'));
  const confirmDeactivation = () =>
    void presentAlert({
      header: 'Desactivar la quiniela',
      message: `Nadie podrá pronosticar en «${pool.name}» ni unirse a ella hasta que la actives de nuevo.`,
      buttons: [
        { text: 'Cancelar', role: 'cancel' },
        { text: 'Desactivar', role: 'confirm', handler: () => change({ isActive: false }, 'Quiniela desactivada.') },
      ],
    });
  const invites = pool.isActive && !pool.isClose;
  const mailAvailable = useMailAvailable();

  return (
    <section className="pool-organiser" aria-label="Organizar la quiniela">
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
          onClick={() => (pool.isActive ? confirmDeactivation() : change({ isActive: true }, 'Quiniela activada.'))}
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
      {invites && (
        <div className="pool-organiser__invite" data-testid="invitation-buttons">
          <ShareInvitationButton pool={pool} />
          <ChatInvitationLinks pool={pool} />
          {mailAvailable && <InviteByEmail pool={pool} />}
        </div>
      )}
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
      <PoolOptionsFields value={draft} onChange={setDraft} gameMode={pool.game.mode} />
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
