import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonModal,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { add, createOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { DEFAULT_TEAM_LOGO, messages } from '#contract/index';
import type { Confederation, Team } from '#contract/index';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { TeamLogo } from '../../../components/team-logo.tsx';
import { IonInput } from '../../../ionic/input.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { teamQueries } from '../api.ts';
import { teamAdminQueries, useSaveConfederation, useSaveTeam } from './api.ts';
import { IonSegment, IonSegmentButton } from '../../../ionic/segment.ts';
import { IonSelect, IonSelectOption } from '../../../ionic/select.ts';
import { IonToggle } from '../../../ionic/toggle.ts';

type Part = 'teams' | 'confederations';
/** What a modal edits: a row, or a new one. */
type Editing<T> = { row: T | null } | null;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** "Equipos y confederaciones": list, create, edit, and switch teams on and off. */
export function AdminTeams() {
  const [part, setPart] = useState<Part>('teams');
  return (
    <section className="admin__section" aria-label="Equipos y confederaciones">
      <IonSegment
        className="admin__subsegment"
        value={part}
        onIonChange={(event) => setPart(event.detail.value === 'confederations' ? 'confederations' : 'teams')}
        aria-label="Equipos o confederaciones"
      >
        <IonSegmentButton value="teams">
          <IonLabel>Equipos</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="confederations">
          <IonLabel>Confederaciones</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {part === 'teams' ? <TeamsPart /> : <ConfederationsPart />}
    </section>
  );
}

function TeamsPart() {
  const teams = useQuery(teamQueries.list());
  const confederations = useQuery(teamAdminQueries.confederations());
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing<Team>>(null);
  const saveTeam = useSaveTeam();
  const showToast = useToast();
  const codes = useMemo(() => new Map((confederations.data ?? []).map((c) => [c.id, c.code])), [confederations.data]);
  const shown = useMemo(
    () => (teams.data ?? []).filter((team) => fold(team.name).includes(fold(search.trim()))),
    [teams.data, search],
  );

  const toggleActive = (team: Team, isActive: boolean) =>
    saveTeam.mutate(
      { id: team.id, body: { isActive } },
      {
        onSuccess: (saved) =>
          showToast({ message: `${saved.name}: ${saved.isActive ? 'activo' : 'inactivo'}.`, color: 'success' }),
        onError: (error) =>
          showToast({ message: errorMessage(error, 'No se pudo guardar el equipo.'), color: 'danger' }),
      },
    );

  if (teams.isPending) return <LoadingState text="Cargando equipos..." />;
  if (teams.isError) return <ErrorState text={messages.loadTeamsFailed} error={teams.error} onRetry={teams.refetch} />;
  return (
    <>
      <div className="admin__filters">
        <IonInput
          className="admin__search"
          label="Buscar equipo"
          labelPlacement="stacked"
          fill="outline"
          clearInput
          value={search}
          onIonInput={(event) => setSearch(event.detail.value ?? '')}
        />
        <IonButton onClick={() => setEditing({ row: null })} data-testid="team-new">
          <IonIcon slot="start" icon={add} aria-hidden="true" />
          Nuevo equipo
        </IonButton>
      </div>
      <IonList inset className="admin__list">
        {shown.map((team) => (
          <IonItem key={team.id} data-testid="admin-team">
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
            <IonButton
              slot="end"
              fill="clear"
              onClick={() => setEditing({ row: team })}
              aria-label={`Editar ${team.name}`}
            >
              <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
            </IonButton>
          </IonItem>
        ))}
      </IonList>
      <EditModal
        title={editing?.row ? 'Editar equipo' : 'Nuevo equipo'}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <TeamForm team={editing.row} confederations={confederations.data ?? []} onSaved={() => setEditing(null)} />
        )}
      </EditModal>
    </>
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
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      showToast({ message: 'El nombre del equipo es obligatorio.', color: 'warning' });
      return;
    }
    saveTeam.mutate(
      {
        id: team?.id ?? null,
        body: { name: name.trim(), logoUrl: logoUrl.trim() === '' ? null : logoUrl.trim(), confederationId, isActive },
      },
      {
        onSuccess: (saved) => {
          showToast({ message: `Equipo «${saved.name}» guardado.`, color: 'success' });
          onSaved();
        },
        onError: (error) =>
          showToast({ message: errorMessage(error, 'No se pudo guardar el equipo.'), color: 'danger' }),
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <IonInput
        label="Nombre"
        labelPlacement="stacked"
        fill="outline"
        maxlength={80}
        value={name}
        onIonInput={(event) => setName(event.detail.value ?? '')}
      />
      <IonInput
        label="Logo (ruta local, opcional)"
        labelPlacement="stacked"
        fill="outline"
        placeholder="/logos/clubs/betis.svg"
        value={logoUrl}
        onIonInput={(event) => setLogoUrl(event.detail.value ?? '')}
      />
      <IonSelect
        label="Confederación"
        labelPlacement="stacked"
        interface="popover"
        fill="outline"
        value={confederationId ?? 'none'}
        onIonChange={(event) => setConfederationId(event.detail.value === 'none' ? null : Number(event.detail.value))}
      >
        <IonSelectOption value="none">Ninguna</IonSelectOption>
        {confederations.map((c) => (
          <IonSelectOption key={c.id} value={c.id}>
            {c.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonToggle checked={isActive} onIonChange={(event) => setIsActive(event.detail.checked)}>
        Activo
      </IonToggle>
      <IonButton type="submit" expand="block" disabled={saveTeam.isPending}>
        Guardar equipo
      </IonButton>
    </form>
  );
}

function ConfederationsPart() {
  const confederations = useQuery(teamAdminQueries.confederations());
  const [editing, setEditing] = useState<Editing<Confederation>>(null);
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
    <>
      <div className="admin__filters">
        <IonButton onClick={() => setEditing({ row: null })} data-testid="confederation-new">
          <IonIcon slot="start" icon={add} aria-hidden="true" />
          Nueva confederación
        </IonButton>
      </div>
      <IonList inset className="admin__list">
        {confederations.data.map((confederation) => (
          <IonItem key={confederation.id} data-testid="admin-confederation">
            <IonLabel>
              <h3>{confederation.code}</h3>
              <p>{confederation.name}</p>
            </IonLabel>
            <IonButton
              slot="end"
              fill="clear"
              onClick={() => setEditing({ row: confederation })}
              aria-label={`Editar ${confederation.code}`}
            >
              <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
            </IonButton>
          </IonItem>
        ))}
      </IonList>
      <EditModal
        title={editing?.row ? 'Editar confederación' : 'Nueva confederación'}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing && <ConfederationForm confederation={editing.row} onSaved={() => setEditing(null)} />}
      </EditModal>
    </>
  );
}

function ConfederationForm({ confederation, onSaved }: { confederation: Confederation | null; onSaved: () => void }) {
  const [code, setCode] = useState(confederation?.code ?? '');
  const [name, setName] = useState(confederation?.name ?? '');
  const save = useSaveConfederation();
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '' || name.trim() === '') {
      showToast({ message: messages.fillAllFields, color: 'warning' });
      return;
    }
    save.mutate(
      { id: confederation?.id ?? null, body: { code: code.trim().toUpperCase(), name: name.trim() } },
      {
        onSuccess: (saved) => {
          showToast({ message: `Confederación ${saved.code} guardada.`, color: 'success' });
          onSaved();
        },
        onError: (error) =>
          showToast({ message: errorMessage(error, 'No se pudo guardar la confederación.'), color: 'danger' }),
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <IonInput
        label="Código (2 a 10 letras)"
        labelPlacement="stacked"
        fill="outline"
        maxlength={10}
        autocapitalize="characters"
        value={code}
        onIonInput={(event) => setCode(event.detail.value ?? '')}
      />
      <IonInput
        label="Nombre"
        labelPlacement="stacked"
        fill="outline"
        maxlength={80}
        value={name}
        onIonInput={(event) => setName(event.detail.value ?? '')}
      />
      <IonButton type="submit" expand="block" disabled={save.isPending}>
        Guardar confederación
      </IonButton>
    </form>
  );
}

function EditModal({
  title,
  isOpen,
  onClose,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} aria-label={title}>
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonButton onClick={onClose}>Cancelar</IonButton>
          </IonButtons>
          <IonTitle>{title}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{children}</IonContent>
    </IonModal>
  );
}
