import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Match, MatchResultChange, MatchStatus, Team } from '#contract/index';
import { IonInput } from '../../../ionic/input.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { matchAdminQueries, useUpdateMatch } from './api.ts';
import { STATUS_LABELS, changesOf, formOf, scoreText } from './match-admin.ts';
import type { MatchForm } from './match-admin.ts';
import { IonSelect, IonSelectOption } from '../../../ionic/select.ts';
import { IonToggle } from '../../../ionic/toggle.ts';
import { spanishDateFormat } from '../../../lib/format-date.ts';

interface MatchEditModalProps {
  /** The match being edited (kept fresh by the list's query); null: closed. */
  match: Match | null;
  teams: readonly Team[];
  onClose: () => void;
}

export function MatchEditModal({ match, teams, onClose }: MatchEditModalProps) {
  return (
    <IonModal isOpen={match !== null} onDidDismiss={onClose} aria-label="Editar partido">
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonButton onClick={onClose}>Cerrar</IonButton>
          </IonButtons>
          <IonTitle>Editar partido</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {match && (
          <>
            {/* Keyed, so another match starts from its own values. */}
            <MatchEditForm key={match.id} match={match} teams={teams} />
            <ResultHistory matchId={match.id} />
          </>
        )}
      </IonContent>
    </IonModal>
  );
}

function MatchEditForm({ match, teams }: { match: Match; teams: readonly Team[] }) {
  const [form, setForm] = useState<MatchForm>(() => formOf(match));
  const update = useUpdateMatch();
  const showToast = useToast();
  const sortedTeams = useMemo(() => teams.toSorted((a, b) => a.name.localeCompare(b.name, 'es')), [teams]);
  const set = <K extends keyof MatchForm>(key: K, value: MatchForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = changesOf(match, form);
    if ('error' in outcome) {
      showToast({ message: outcome.error, color: 'warning' });
      return;
    }
    if (Object.keys(outcome.changes).length === 0) {
      showToast({ message: 'No hay cambios que guardar.', color: 'medium' });
      return;
    }
    update.mutate(
      { id: match.id, changes: outcome.changes },
      {
        onSuccess: () =>
          showToast({ message: 'Partido guardado. Las clasificaciones ya están al día.', color: 'success' }),
        onError: (error) =>
          showToast({ message: errorMessage(error, 'No se pudo guardar el partido.'), color: 'danger' }),
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate data-testid="match-edit-form">
      <IonInput
        label="Fecha y hora"
        labelPlacement="stacked"
        fill="outline"
        type="datetime-local"
        value={form.matchDate}
        onIonInput={(event) => set('matchDate', event.detail.value ?? '')}
        data-testid="match-date"
      />
      <IonToggle checked={form.kickoffConfirmed} onIonChange={(event) => set('kickoffConfirmed', event.detail.checked)}>
        Hora confirmada
      </IonToggle>
      <IonSelect
        label="Local"
        labelPlacement="stacked"
        interface="popover"
        fill="outline"
        value={form.homeTeamId}
        onIonChange={(event) => set('homeTeamId', Number(event.detail.value))}
      >
        {sortedTeams.map((team) => (
          <IonSelectOption key={team.id} value={team.id}>
            {team.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonSelect
        label="Visitante"
        labelPlacement="stacked"
        interface="popover"
        fill="outline"
        value={form.awayTeamId}
        onIonChange={(event) => set('awayTeamId', Number(event.detail.value))}
      >
        {sortedTeams.map((team) => (
          <IonSelectOption key={team.id} value={team.id}>
            {team.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonSelect
        label="Estado"
        labelPlacement="stacked"
        interface="popover"
        fill="outline"
        value={form.status}
        onIonChange={(event) => set('status', event.detail.value as MatchStatus)}
        data-testid="match-status"
      >
        {(Object.keys(STATUS_LABELS) as MatchStatus[]).map((status) => (
          <IonSelectOption key={status} value={status}>
            {STATUS_LABELS[status]}
          </IonSelectOption>
        ))}
      </IonSelect>
      <div className="admin-form__row">
        <IonInput
          label="Goles local"
          labelPlacement="stacked"
          fill="outline"
          type="number"
          inputmode="numeric"
          min={0}
          max={99}
          value={form.scoreHome}
          onIonInput={(event) => set('scoreHome', event.detail.value ?? '')}
          data-testid="score-home"
        />
        <IonInput
          label="Goles visitante"
          labelPlacement="stacked"
          fill="outline"
          type="number"
          inputmode="numeric"
          min={0}
          max={99}
          value={form.scoreAway}
          onIonInput={(event) => set('scoreAway', event.detail.value ?? '')}
          data-testid="score-away"
        />
      </div>
      <p className="admin__hint">
        Guardar un resultado actualiza al momento la clasificación de todas las quinielas que pronosticaron este
        partido.
      </p>
      <IonButton type="submit" expand="block" disabled={update.isPending} data-testid="match-save">
        Guardar cambios
      </IonButton>
    </form>
  );
}

const changedAtFormat = spanishDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

export function describeScore(state: MatchResultChange['before']): string {
  return state.status === 'scheduled' ? STATUS_LABELS.scheduled : `${STATUS_LABELS[state.status]} ${scoreText(state)}`;
}

/** Who changed the result, when, from what to what: why a pool's ranking moved. */
function ResultHistory({ matchId }: { matchId: number }) {
  const changes = useQuery(matchAdminQueries.resultChanges(matchId));
  return (
    <section className="admin-history" aria-labelledby="admin-history-title" data-testid="result-history">
      <h2 id="admin-history-title" className="admin__heading">
        Historial del resultado
      </h2>
      {changes.isPending ? (
        <p className="admin__hint">Cargando historial...</p>
      ) : changes.isError ? (
        <p className="admin__hint">No se pudo cargar el historial.</p>
      ) : changes.data.length === 0 ? (
        <p className="admin__hint">El resultado no ha cambiado todavía.</p>
      ) : (
        <ol className="admin-history__list">
          {changes.data.toReversed().map((change) => (
            <li key={change.id} data-testid="result-change">
              <span className="admin-history__what">
                {describeScore(change.before)} → {describeScore(change.after)}
              </span>
              <span className="admin-history__who">
                {change.changedBy} ·{' '}
                <time dateTime={change.changedAt}>{changedAtFormat().format(new Date(change.changedAt))}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
