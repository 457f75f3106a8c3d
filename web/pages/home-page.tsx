import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { footballOutline } from 'ionicons/icons';
import { useEffect, useMemo } from 'react';
import { messages } from '#contract/index';
import { EmptyState } from '../components/empty-state.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { SignOutButton } from '../features/auth/sign-out-button.tsx';
import { matchQueries } from '../features/matches/api.ts';
import { MatchList } from '../features/matches/match-list.tsx';
import { selectUpcomingMatches } from '../features/matches/upcoming-matches.ts';
import { useToast } from '../lib/toast.ts';

export function HomePage() {
  const teams = useQuery(matchQueries.teams());
  const matches = useQuery(matchQueries.all());
  const upcomingMatches = useMemo(() => selectUpcomingMatches(matches.data ?? []), [matches.data]);
  const showToast = useToast();

  useEffect(() => {
    if (teams.isError) showToast({ message: messages.loadTeamsFailed, color: 'danger' });
  }, [teams.isError, teams.errorUpdatedAt, showToast]);
  useEffect(() => {
    if (matches.isError) showToast({ message: messages.loadMatchesFailed, color: 'danger' });
  }, [matches.isError, matches.errorUpdatedAt, showToast]);

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Partidos</IonTitle>
          <IonButtons slot="end">
            <SignOutButton />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {/* Teams are waited for too, so cards never flash "Unknown Team" while they load. */}
        {matches.isPending || teams.isPending ? (
          <LoadingState text="Cargando partidos..." />
        ) : matches.isError ? (
          <ErrorState text={messages.loadMatchesFailed} />
        ) : upcomingMatches.length === 0 ? (
          <EmptyState icon={footballOutline} text="No hay partidos disponibles" />
        ) : (
          <MatchList matches={upcomingMatches} teams={teams.data ?? []} />
        )}
      </IonContent>
    </IonPage>
  );
}
