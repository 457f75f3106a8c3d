import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { peopleOutline } from 'ionicons/icons';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { poolQueries } from './api.ts';
import { spanishDateFormat } from '../../lib/format-date.ts';

const joinedOn = spanishDateFormat({ dateStyle: 'long' });

/** The creator's view of who is in (the spec's Pool detail screen): name and the day each one joined. */
export function ParticipantList({ poolId, userId }: { poolId: number; userId: number }) {
  const participants = useQuery(poolQueries.participants(poolId, userId));

  if (participants.isPending) return <LoadingState text="Cargando participantes..." />;
  if (participants.isError) {
    return (
      <ErrorState
        text={errorMessage(participants.error, 'No se pudieron cargar los participantes.')}
        error={participants.error}
        onRetry={participants.refetch}
      />
    );
  }
  if (participants.data.length === 0) {
    return (
      <EmptyState icon={peopleOutline} text="Aún no se ha unido nadie. Comparte el código para invitar a tus amigos." />
    );
  }
  return (
    <IonList inset aria-label="Participantes" data-testid="participant-list">
      {participants.data.map((participant) => (
        <IonItem key={participant.id}>
          <IonLabel>
            <h3>{participant.name}</h3>
            <p>
              Se unió el{' '}
              <time dateTime={participant.registeredAt}>{joinedOn().format(new Date(participant.registeredAt))}</time>
            </p>
          </IonLabel>
        </IonItem>
      ))}
    </IonList>
  );
}
