import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { footballOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { messages } from '#contract/messages';
import { AdminSection } from '../../../components/admin-section.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueriesErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { SearchField } from '../../../ionic/input-field.tsx';
import { SelectField } from '../../../ionic/select-field.tsx';
import { formatKickoff } from '../../../lib/format-date.ts';
import { matchQueries } from '../api.ts';
import { STATUS_LABELS, competitionLabel, scoreText } from '../../../lib/match-text.ts';
import { describeTeam, teamQueries } from '../../teams/api.ts';
import { competitionsOf, defaultRound, filterMatches, roundsOf } from './match-admin.ts';
import { MatchEditModal } from './match-edit-modal.tsx';

/** Rows drawn at once; filters narrow the rest down. */
const SHOWN_MAX = 60;
const ALL_ROUNDS = 'all';

/** "Partidos": every match, finished ones included, to fix a date, the teams, the status or the score. */
export function AdminMatches() {
  const matches = useQuery(matchQueries.list());
  const teams = useQuery(teamQueries.list());
  const teamsById = useMemo(() => new Map((teams.data ?? []).map((t) => [t.id, t])), [teams.data]);
  const competitions = useMemo(() => competitionsOf(matches.data ?? []), [matches.data]);

  const [chosenCompetition, setCompetition] = useState<string | null>(null);
  const competition =
    chosenCompetition ?? (competitions.includes('laliga-2026-27') ? 'laliga-2026-27' : (competitions[0] ?? ''));
  // undefined: not chosen yet, so the round under way; null: every round.
  const [chosenRound, setRound] = useState<number | null | undefined>(undefined);
  const rounds = useMemo(() => roundsOf(matches.data ?? [], competition), [matches.data, competition]);
  const weekNumber = chosenRound === undefined ? defaultRound(matches.data ?? [], competition) : chosenRound;
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const shown = useMemo(
    () => filterMatches(matches.data ?? [], teamsById, { competition, weekNumber, search }),
    [matches.data, teamsById, competition, weekNumber, search],
  );

  if (matches.isPending || teams.isPending) return <LoadingState text={messages.loadingMatches} />;
  if (matches.isError || teams.isError) {
    return <QueriesErrorState text={messages.loadMatchesFailed} queries={[matches, teams]} />;
  }

  return (
    <AdminSection
      label="Partidos"
      filters={
        <>
          <SelectField
            label="Competición"
            value={competition}
            options={competitions.map((key) => ({ value: key, label: competitionLabel(key) }))}
            onValueChange={(key) => {
              setCompetition(key);
              setRound(undefined);
            }}
            data-testid="admin-competition"
          />
          <SelectField<number | typeof ALL_ROUNDS>
            label="Jornada"
            value={weekNumber ?? ALL_ROUNDS}
            options={[
              { value: ALL_ROUNDS, label: 'Todas' },
              ...rounds.map((round) => ({ value: round, label: `Jornada ${round}` })),
            ]}
            onValueChange={(round) => setRound(round === ALL_ROUNDS ? null : Number(round))}
            data-testid="admin-round"
          />
          <SearchField
            label="Buscar equipo"
            value={search}
            onValueChange={setSearch}
            data-testid="admin-match-search"
          />
        </>
      }
    >
      {shown.length === 0 ? (
        <EmptyState icon={footballOutline} text="Ningún partido coincide con los filtros." />
      ) : (
        <IonList inset className="admin__list">
          {shown.slice(0, SHOWN_MAX).map((match) => (
            <IonItem
              key={match.id}
              button
              detail
              onClick={() => setEditing(match.id)}
              data-testid="admin-match"
              data-match-id={match.id}
            >
              <IonLabel>
                <h3>
                  {describeTeam(teamsById, match.homeTeamId).name} – {describeTeam(teamsById, match.awayTeamId).name}
                </h3>
                <p>{formatKickoff(match.matchDate, match.kickoffConfirmed)}</p>
              </IonLabel>
              <span className={`admin__status admin__status--${match.status}`} slot="end">
                {match.status === 'scheduled' ? STATUS_LABELS.scheduled : `${scoreText(match)}`}
                {match.status === 'live' && ' · en juego'}
              </span>
            </IonItem>
          ))}
        </IonList>
      )}
      {shown.length > SHOWN_MAX && (
        <p className="admin__hint">
          Se muestran {SHOWN_MAX} de {shown.length} partidos: elige una jornada o busca un equipo.
        </p>
      )}
      <MatchEditModal
        match={editing === null ? null : ((matches.data ?? []).find((m) => m.id === editing) ?? null)}
        teams={teams.data ?? []}
        onClose={() => setEditing(null)}
      />
    </AdminSection>
  );
}
