import '../../ionic/setup.ts';
import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { chatbubblesOutline, trashOutline } from 'ionicons/icons';
import { useEffect, useState, type FormEvent } from 'react';
import { WALL_MESSAGE_MAX, wallMessages, type WallMessage } from '#contract/wall';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { spanishDateFormat } from '../../lib/format-date.ts';
import { useToast } from '../../lib/toast.ts';
import { useDeleteWallMessage, useSendWallMessage, wallQueries } from './api.ts';
import './pool-wall.css';

const sentAt = spanishDateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * The "Muro" segment: the pool's messages, the newest at the bottom, and a field to write one (up to 500); with
 * `matchId`, that match's comments, under its card in "Resultados".
 */
export function PoolWall({ poolId, matchId = null }: { poolId: number; matchId?: number | null }) {
  const wall = useQuery(wallQueries.pool(poolId, matchId));
  const send = useSendWallMessage(poolId, matchId);
  const remove = useDeleteWallMessage(poolId);
  const showToast = useToast();
  const [text, setText] = useState('');

  useEffect(() => {
    if (wall.isError) showToast({ message: wallMessages.loadFailed, color: 'danger' });
  }, [wall.isError, wall.errorUpdatedAt, showToast]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return showToast({ message: wallMessages.textRequired, color: 'danger' });
    send.mutate(text, {
      onSuccess: () => setText(''),
      onError: (error) => showToast({ message: errorMessage(error, wallMessages.sendFailed), color: 'danger' }),
    });
  };
  const deleteMessage = (message: WallMessage) =>
    remove.mutate(message.id, {
      onSuccess: () => showToast({ message: wallMessages.deleted, color: 'success' }),
      onError: (error) => showToast({ message: errorMessage(error, wallMessages.deleteFailed), color: 'danger' }),
    });

  return (
    <section className="pool-wall" aria-label={matchId === null ? 'Muro' : 'Comentarios'}>
      {wall.isError ? (
        <ErrorState text={wallMessages.loadFailed} error={wall.error} onRetry={wall.refetch} />
      ) : wall.isPending ? (
        <LoadingState text="Cargando mensajes..." />
      ) : wall.data.messages.length === 0 ? (
        <EmptyState icon={chatbubblesOutline} text={matchId === null ? wallMessages.empty : wallMessages.noComments} />
      ) : (
        <IonList className="pool-wall__list" data-testid="wall-messages">
          {wall.data.messages.map((message) => (
            <IonItem key={message.id} data-testid="wall-message">
              <IonLabel className="ion-text-wrap">
                <p className="pool-wall__meta">
                  <strong>{message.username}</strong> · {sentAt().format(new Date(message.createdAt))}
                </p>
                <p className="pool-wall__text">{message.text}</p>
              </IonLabel>
              {message.canDelete && (
                <IonButton
                  slot="end"
                  fill="clear"
                  color="danger"
                  aria-label={`Borrar el mensaje de ${message.username}`}
                  disabled={remove.isPending}
                  onClick={() => deleteMessage(message)}
                >
                  <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                </IonButton>
              )}
            </IonItem>
          ))}
        </IonList>
      )}
      <form className="pool-wall__form" onSubmit={submit}>
        <label className="pool-wall__field">
          <span>Mensaje</span>
          <textarea
            value={text}
            maxLength={WALL_MESSAGE_MAX}
            rows={2}
            placeholder={matchId === null ? 'Escribe en el muro…' : 'Comenta el partido…'}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <div className="pool-wall__send">
          <span className="pool-wall__counter" aria-live="polite">
            {text.length}/{WALL_MESSAGE_MAX}
          </span>
          <IonButton type="submit" disabled={send.isPending}>
            Enviar
          </IonButton>
        </div>
      </form>
    </section>
  );
}
