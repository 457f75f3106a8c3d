import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ComponentProps } from 'react';
import type { Match, MatchKickoffChange, MatchResultChange, MatchStatus } from '#contract/matches';
import type { Team } from '#contract/teams';
import { DialogForm } from '../../../ionic/dialog-form.tsx';
import { InputField } from '../../../ionic/input-field.tsx';
import { SelectField } from '../../../ionic/select-field.tsx';
import { ModalScreen } from '../../../ionic/modal-screen.tsx';
import { outcomeToasts } from '../../../lib/outcome-toasts.ts';
import { formFields } from '../../../lib/form-fields.ts';
import { useToast } from '../../../lib/toast.ts';
import type { matchKeys } from '../api.ts';
import { matchAdminQueries, useUpdateMatch } from './api.ts';
import { STATUS_LABELS, scoreText } from '../../../lib/match-text.ts';
import { changesOf, formOf } from './match-admin.ts';
import type { MatchForm } from './match-admin.ts';
import { IonToggle } from '../../../ionic/toggle.ts';
import { formatKickoff, spanishDateFormat } from '../../../lib/format-date.ts';

interface MatchEditModalProps {
  /** The match being edited (kept fresh by the list's query); null: closed. */
  match: Match | null;
  teams: readonly Team[];
  onClose: () => void;
}

export function MatchEditModal({ match, teams, onClose }: MatchEditModalProps) {
  return (
    <ModalScreen title="Editar partido" isOpen={match !== null} onClose={onClose} closeText="Cerrar">
      {match && (
        <>
          {/* Keyed, so another match starts from its own values. */}
          <MatchEditForm key={match.id} match={match} teams={teams} />
          <ChangeHistory id="result" query={matchAdminQueries.resultChanges(match.id)} describe={describeScore} />
          <ChangeHistory id="kickoff" query={matchAdminQueries.kickoffChanges(match.id)} describe={describeKickoff} />
        </>
      )}
    </ModalScreen>
  );
}

function MatchEditForm({ match, teams }: { match: Match; teams: readonly Team[] }) {
  const [form, setForm] = useState<MatchForm>(() => formOf(match));
  const update = useUpdateMatch();
  const showToast = useToast();
  const teamOptions = useMemo(
    () =>
      teams
        .toSorted((a, b) => a.name.localeCompare(b.name, 'es'))
        .map((team) => ({ value: team.id, label: team.name })),
    [teams],
  );
  const { set, field } = formFields(form, setForm);

  const submit = () => {
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
      outcomeToasts(() => 'Partido guardado. Las clasificaciones ya están al día.', 'No se pudo guardar el partido.'),
    );
  };

  return (
    <DialogForm
      className="admin-form"
      onSubmit={submit}
      submitText="Guardar cambios"
      busy={update.isPending}
      testId="match-edit-form"
      submitTestId="match-save"
    >
      <InputField label="Fecha y hora" type="datetime-local" {...field('matchDate')} data-testid="match-date" />
      <IonToggle checked={form.kickoffConfirmed} onIonChange={(event) => set('kickoffConfirmed', event.detail.checked)}>
        Hora confirmada
      </IonToggle>
      <SelectField
        label="Local"
        value={form.homeTeamId}
        options={teamOptions}
        onValueChange={(id) => set('homeTeamId', Number(id))}
      />
      <SelectField
        label="Visitante"
        value={form.awayTeamId}
        options={teamOptions}
        onValueChange={(id) => set('awayTeamId', Number(id))}
      />
      <SelectField label="Estado" {...field('status')} options={STATUS_OPTIONS} data-testid="match-status" />
      <div className="admin-form__row">
        <GoalsField label="Goles local" {...field('scoreHome')} data-testid="score-home" />
        <GoalsField label="Goles visitante" {...field('scoreAway')} data-testid="score-away" />
      </div>
      <p className="admin__hint">
        Guardar un resultado actualiza al momento la clasificación de todas las quinielas que pronosticaron este
        partido.
      </p>
    </DialogForm>
  );
}

const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as MatchStatus[]).map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

/** A side's goals: a whole number from 0 to 99, typed on a number pad ('' while there is no score). */
function GoalsField(props: Omit<ComponentProps<typeof InputField>, 'type' | 'inputmode' | 'min' | 'max'>) {
  return <InputField {...props} type="number" inputmode="numeric" min={0} max={99} />;
}

const changedAtFormat = spanishDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

export function describeScore(state: MatchResultChange['before']): string {
  return state.status === 'scheduled' ? STATUS_LABELS.scheduled : `${STATUS_LABELS[state.status]} ${scoreText(state)}`;
}

const describeKickoff = (state: MatchKickoffChange['before']) => formatKickoff(state.matchDate, state.kickoffConfirmed);

/**
 * Who changed the result (why a pool's ranking moved), or who confirmed or moved the kick-off (an admin, or the source
 * that brought it): when, from what to what.
 */
const HISTORY_TEXTS = {
  result: { title: 'Historial del resultado', empty: 'El resultado no ha cambiado todavía.' },
  kickoff: { title: 'Historial de la hora de inicio', empty: 'La hora de inicio no ha cambiado todavía.' },
};

function ChangeHistory<Change extends MatchResultChange | MatchKickoffChange>({
  id,
  query,
  describe,
}: {
  id: keyof typeof HISTORY_TEXTS;
  query: UseQueryOptions<Change[], Error, Change[], ReturnType<typeof matchKeys.history>>;
  describe: (state: Change['before']) => string;
}) {
  const { title, empty } = HISTORY_TEXTS[id];
  const changes = useQuery(query);
  const titleId = `admin-${id}-history-title`;
  return (
    <section className="admin-history" aria-labelledby={titleId} data-testid={`${id}-history`}>
      <h2 id={titleId} className="admin__heading">
        {title}
      </h2>
      {changes.isPending ? (
        <p className="admin__hint">Cargando historial...</p>
      ) : changes.isError ? (
        <p className="admin__hint">No se pudo cargar el historial.</p>
      ) : changes.data.length === 0 ? (
        <p className="admin__hint">{empty}</p>
      ) : (
        <ol className="admin-history__list">
          {changes.data.toReversed().map((change) => (
            <li key={change.id} data-testid={`${id}-change`}>
              <span className="admin-history__what">
                {describe(change.before)} → {describe(change.after)}
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
