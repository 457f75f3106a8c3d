import '../../ionic/setup.ts';
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { peopleOutline } from 'ionicons/icons';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { poolOptionsMessages } from '#contract/pool-options';
import type { Pool, PoolParticipant } from '#contract/pools';
import { presentAlert } from '../../lib/alert.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { poolQueries } from './api.ts';
import { useRemoveParticipant } from './writes.ts';
import '../../components/outline-button.css';
import './pool-organiser.css';
import { spanishDateFormat } from '../../lib/format-date.ts';

const joinedOn = spanishDateFormat({ dateStyle: 'long' });

/**
 * The creator's view of who is in (the spec's Pool detail screen): name and the day each one joined, and a button
 * to remove each one but the creator (who plays when "El creador también juega"), after a confirmation.
 */
export function ParticipantList({ pool, userId }: { pool: Pick<Pool, 'id' | 'name' | 'creatorId'>; userId: number }) {
  const participants = useQuery(poolQueries.participants(pool.id, userId));
  const removeParticipant = useRemoveParticipant(pool.id);
  const confirmRemoval = (participant: PoolParticipant) =>
    void presentAlert({
      header: 'Quitar participante',
      message: `${participant.name} saldrá de «${pool.name}» y sus pronósticos, de la clasificación. Se le avisará.`,
      buttons: [
        { text: 'Cancelar', role: 'cancel' },
        {
          text: 'Quitar',
          role: 'confirm',
          handler: () =>
            removeParticipant.mutate(
              participant.id,
              outcomeToasts(() => poolOptionsMessages.participantRemoved, 'No se pudo quitar al participante.'),
            ),
        },
      ],
    });

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
          {participant.id !== pool.creatorId && (
            <button
              slot="end"
              type="button"
              className="outline-button participant-list__remove"
              disabled={removeParticipant.isPending}
              onClick={() => confirmRemoval(participant)}
              aria-label={`Quitar a ${participant.name}`}
            >
              Quitar
            </button>
          )}
        </IonItem>
      ))}
    </IonList>
  );
}
