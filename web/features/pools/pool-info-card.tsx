import { IonCard, IonCardContent, IonIcon } from '@ionic/react';
import { keyOutline, peopleOutline, trophyOutline } from 'ionicons/icons';
import { poolScopeText, type Pool } from '#contract/pools';
import { poolStatusText } from './pool-card.tsx';
import './pool-info-card.css';

/**
 * The spec's Pool detail card: description and code for everyone; participants count/max for the creator. Beyond
 * the spec, which matches the pool counts ("LaLiga 2026/27 · desde la Jornada 14").
 */
export function PoolInfoCard({ pool, isCreator }: { pool: Pool; isCreator: boolean }) {
  return (
    <IonCard className="pool-info-card" data-testid="pool-info">
      <IonCardContent>
        <p className="pool-info-card__description">{pool.description === '' ? 'Sin descripción.' : pool.description}</p>
        <p className="pool-info-card__scope" data-testid="pool-scope">
          <IonIcon icon={trophyOutline} aria-hidden="true" />
          {poolScopeText(pool)}
        </p>
        <dl className="pool-info-card__facts">
          <div>
            <dt>
              <IonIcon icon={keyOutline} aria-hidden="true" />
              Código
            </dt>
            <dd data-testid="pool-code">{pool.invitationCode}</dd>
          </div>
          {isCreator && (
            <div>
              <dt>
                <IonIcon icon={peopleOutline} aria-hidden="true" />
                Participantes
              </dt>
              <dd>
                {pool.currentParticipants}/{pool.maxParticipants}
              </dd>
            </div>
          )}
        </dl>
        {isCreator && <p className="pool-info-card__status">{poolStatusText(pool)}</p>}
      </IonCardContent>
    </IonCard>
  );
}
