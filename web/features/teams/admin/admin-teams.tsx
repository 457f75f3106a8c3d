import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { add, createOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { messages } from '#contract/messages';
import { DEFAULT_TEAM_LOGO, type Confederation, type Team } from '#contract/teams';
import { AdminSection } from '../../../components/admin-section.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { TeamLogo } from '../../../components/team-logo.tsx';
import { InputField, SearchField } from '../../../ionic/input-field.tsx';
import { SelectField } from '../../../ionic/select-field.tsx';
import { DialogForm } from '../../../ionic/dialog-form.tsx';
import { ModalScreen } from '../../../ionic/modal-screen.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import type { SegmentChoice } from '../../../components/segmented-control.tsx';
import { IonToggle } from '../../../ionic/toggle.ts';
import { outcomeToasts } from '../../../lib/outcome-toasts.ts';
import { showToast } from '../../../lib/toast.ts';
import { fold } from '../../../lib/text.ts';
import { teamQueries } from '../api.ts';
import { teamAdminQueries, useSaveConfederation, useSaveTeam } from './api.ts';

type Part = 'teams' | 'confederations';
const PARTS: SegmentChoice<Part>[] = [
  { value: 'teams', label: 'Equipos' },
  { value: 'confederations', label: 'Confederaciones' },
];

const TEAM_SAVE_FAILED = 'No se pudo guardar el equipo.';

/** "Equipos y confederaciones": list, create, edit, and switch teams on and off. */
export function AdminTeams() {
  const [part, setPart] = useState<Part>('teams');
  return (
    <AdminSection label="Equipos y confederaciones">
      <SegmentedControl
        className="admin__subsegment"
        value={part}
        choices={PARTS}
        onValueChange={setPart}
        aria-label="Equipos o confederaciones"
      />
      {part === 'teams' ? <TeamsPart /> : <ConfederationsPart />}
    </AdminSection>
  );
}

function TeamsPart() {
  const teams = useQuery(teamQueries.list());
  const confederations = useQuery(teamAdminQueries.confederations());
  const [search, setSearch] = useState('');
  const saveTeam = useSaveTeam();
  const codes = useMemo(() => new Map((confederations.data ?? []).map((c) => [c.id, c.code])), [confederations.data]);
  const shown = useMemo(
    () => (teams.data ?? []).filter((team) => fold(team.name).includes(fold(search.trim()))),
    [teams.data, search],
  );

  const toggleActive = (team: Team, isActive: boolean) =>
    saveTeam.mutate(
      { id: team.id, body: { isActive } },
      outcomeToasts((saved) => `${saved.name}: ${saved.isActive ? 'activo' : 'inactivo'}.`, TEAM_SAVE_FAILED),
    );

  if (teams.isPending) return <LoadingState text="Cargando equipos..." />;
  if (teams.isError) return <ErrorState text={messages.loadTeamsFailed} error={teams.error} onRetry={teams.refetch} />;
  return (
    <EditableList
      rows={shown}
      search={<SearchField label="Buscar equipo" value={search} onValueChange={setSearch} />}
      titles={{ new: 'Nuevo equipo', edit: 'Editar equipo' }}
      testIds={{ new: 'team-new', row: 'admin-team' }}
      rowName={(team) => team.name}
      row={(team) => (
        <>
          <span slot="start" className="admin__logo">
            <TeamLogo name="" logoUrl={team.logoUrl ?? DEFAULT_TEAM_LOGO} size={28} />
          </span>
          <IonLabel>
            <h3>{team.name}</h3>
            <p>{team.confederationId === null ? 'Sin confederación' : (codes.get(team.confederationId) ?? '')}</p>
          </IonLabel>
          <IonToggle
            slot="end"
            checked={team.isActive}
            disabled={saveTeam.isPending}
            onIonChange={(event) => toggleActive(team, event.detail.checked)}
            aria-label={`Activo: ${team.name}`}
          />
        </>
      )}
      form={(team, onSaved) => <TeamForm team={team} confederations={confederations.data ?? []} onSaved={onSaved} />}
    />
  );
}

function TeamForm({
  team,
  confederations,
  onSaved,
}: {
  team: Team | null;
  confederations: readonly Confederation[];
  onSaved: () => void;
}) {
  const [name, setName] = useState(team?.name ?? '');
  const [logoUrl, setLogoUrl] = useState(team?.logoUrl ?? '');
  const [confederationId, setConfederationId] = useState<number | null>(team?.confederationId ?? null);
  const [isActive, setIsActive] = useState(team?.isActive ?? true);
  const saveTeam = useSaveTeam();

  const submit = () => {
    if (name.trim() === '') {
      showToast({ message: 'El nombre del equipo es obligatorio.', color: 'warning' });
      return;
    }
    saveTeam.mutate(
      {
        id: team?.id ?? null,
        body: { name: name.trim(), logoUrl: logoUrl.trim() === '' ? null : logoUrl.trim(), confederationId, isActive },
      },
      outcomeToasts((saved) => `Equipo «${saved.name}» guardado.`, TEAM_SAVE_FAILED, onSaved),
    );
  };

  return (
    <DialogForm className="admin-form" onSubmit={submit} submitText="Guardar equipo" busy={saveTeam.isPending}>
      <InputField label="Nombre" maxlength={80} value={name} onValueChange={setName} />
      <InputField
        label="Logo (ruta local, opcional)"
        placeholder="/logos/clubs/betis.svg"
        value={logoUrl}
        onValueChange={setLogoUrl}
      />
      <SelectField<number | 'none'>
        label="Confederación"
        value={confederationId ?? 'none'}
        options={[{ value: 'none', label: 'Ninguna' }, ...confederations.map((c) => ({ value: c.id, label: c.name }))]}
        onValueChange={(value) => setConfederationId(value === 'none' ? null : Number(value))}
      />
      <IonToggle checked={isActive} onIonChange={(event) => setIsActive(event.detail.checked)}>
        Activo
      </IonToggle>
    </DialogForm>
  );
}

function ConfederationsPart() {
  const confederations = useQuery(teamAdminQueries.confederations());
  if (confederations.isPending) return <LoadingState text="Cargando confederaciones..." />;
  if (confederations.isError) {
    return (
      <ErrorState
        text="No se pudieron cargar las confederaciones."
        error={confederations.error}
        onRetry={confederations.refetch}
      />
    );
  }
  return (
    <EditableList
      rows={confederations.data}
      titles={{ new: 'Nueva confederación', edit: 'Editar confederación' }}
      testIds={{ new: 'confederation-new', row: 'admin-confederation' }}
      rowName={(confederation) => confederation.code}
      row={(confederation) => (
        <IonLabel>
          <h3>{confederation.code}</h3>
          <p>{confederation.name}</p>
        </IonLabel>
      )}
      form={(confederation, onSaved) => <ConfederationForm confederation={confederation} onSaved={onSaved} />}
    />
  );
}

function ConfederationForm({ confederation, onSaved }: { confederation: Confederation | null; onSaved: () => void }) {
  const [code, setCode] = useState(confederation?.code ?? '');
  const [name, setName] = useState(confederation?.name ?? '');
  const save = useSaveConfederation();

  const submit = () => {
    if (code.trim() === '' || name.trim() === '') {
      showToast({ message: messages.fillAllFields, color: 'warning' });
      return;
    }
    save.mutate(
      { id: confederation?.id ?? null, body: { code: code.trim().toUpperCase(), name: name.trim() } },
      outcomeToasts(
        (saved) => `Confederación ${saved.code} guardada.`,
        'No se pudo guardar la confederación.',
        onSaved,
      ),
    );
  };

  return (
    <DialogForm className="admin-form" onSubmit={submit} submitText="Guardar confederación" busy={save.isPending}>
      <InputField
        label="Código (2 a 10 letras)"
        maxlength={10}
        autocapitalize="characters"
        value={code}
        onValueChange={setCode}
      />
      <InputField label="Nombre" maxlength={80} value={name} onValueChange={setName} />
    </DialogForm>
  );
}

interface EditableListProps<Row extends { id: number }> {
  rows: readonly Row[];
  /** A search field before the "new" button. */
  search?: ReactNode;
  /** The dialog's titles; the "new" one is also the text of the button that opens it. */
  titles: { new: string; edit: string };
  testIds: { new: string; row: string };
  /** How the row's edit button names it. */
  rowName: (row: Row) => string;
  /** The row's content before its edit button. */
  row: (row: Row) => ReactNode;
  /** The dialog's form for a row, or a new one (null); `onSaved` closes the dialog. */
  form: (row: Row | null, onSaved: () => void) => ReactNode;
}

/** The teams' and the confederations' list: each row with its edit button, a "new" button, and the dialog both open. */
function EditableList<Row extends { id: number }>({
  rows,
  search,
  titles,
  testIds,
  rowName,
  row,
  form,
}: EditableListProps<Row>) {
  /** What the dialog edits: a row, or a new one; null while it is closed. */
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const close = () => setEditing(null);
  return (
    <>
      <div className="admin__filters">
        {search}
        <IonButton onClick={() => setEditing({ row: null })} data-testid={testIds.new}>
          <IonIcon slot="start" icon={add} aria-hidden="true" />
          {titles.new}
        </IonButton>
      </div>
      <IonList inset className="admin__list">
        {rows.map((shown) => (
          <IonItem key={shown.id} data-testid={testIds.row}>
            {row(shown)}
            <IonButton
              slot="end"
              fill="clear"
              onClick={() => setEditing({ row: shown })}
              aria-label={`Editar ${rowName(shown)}`}
            >
              <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
            </IonButton>
          </IonItem>
        ))}
      </IonList>
      <ModalScreen
        title={editing?.row ? titles.edit : titles.new}
        isOpen={editing !== null}
        onClose={close}
        closeText="Cancelar"
      >
        {editing && form(editing.row, close)}
      </ModalScreen>
    </>
  );
}
