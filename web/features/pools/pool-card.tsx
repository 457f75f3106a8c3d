import { IonCard, IonCardContent, IonCardHeader, IonCardTitle, IonIcon } from '@ionic/react';
import { keyOutline, peopleOutline } from 'ionicons/icons';
import type { Pool } from '#contract/index';
import './pool-card.css';

/** "Estado: Activa • Abierta" (spec §2, owned pools). */
export function poolStatusText(pool: Pick<Pool, 'isActive' | 'isClose'>): string {
  return `Estado: ${pool.isActive ? 'Activa' : 'Inactiva'} • ${pool.isClose ? 'Cerrada' : 'Abierta'}`;
}

export function PoolCard({ pool, owned }: { pool: Pool; owned: boolean }) {
  return (
    <IonCard className="pool-card" button routerLink={`/tabs/pool/${pool.id}`} data-testid="pool-card">
      <IonCardHeader>
        <IonCardTitle className="pool-card__name">{pool.name}</IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        {pool.description !== '' && <p className="pool-card__description">{pool.description}</p>}
        <div className="pool-card__facts">
          <span>
            <IonIcon icon={peopleOutline} aria-hidden="true" />
            Participantes: {pool.currentParticipants}/{pool.maxParticipants}
          </span>
          <span>
            <IonIcon icon={keyOutline} aria-hidden="true" />
            Código: {pool.invitationCode}
          </span>
        </div>
        {owned && <p className="pool-card__status">{poolStatusText(pool)}</p>}
      </IonCardContent>
    </IonCard>
  );
}
