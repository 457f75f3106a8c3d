import { keyOutline, peopleOutline, trophyOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { Icon } from '../../components/icon.tsx';
import '../../components/card.css';
import { poolMessages, poolScopeText, poolStatusText, type Pool } from '#contract/pools';
import './pool-info-card.css';

/**
 * The spec's Pool detail card, kept compact so the pool's sections come right after it: description and code for
 * everyone; participants count/max and the state ("Estado: Activa • Abierta") for the creator. Beyond the spec,
 * which matches the pool counts ("LaLiga 2026/27 · desde la Jornada 14"), whether anybody new can still join, and
 * what the page puts at its foot (`children`: the creator's buttons, the folded rules).
 */
export function PoolInfoCard({ pool, isCreator, children }: { pool: Pool; isCreator: boolean; children?: ReactNode }) {
  const noNewMembers = !pool.isActive
    ? poolMessages.inactiveToNewMembers
    : pool.isClose
      ? poolMessages.closedToNewMembers
      : null;
  return (
    <div className="card pool-info-card" data-testid="pool-info">
      <div className="card__content">
        <p className="pool-info-card__description">{pool.description === '' ? 'Sin descripción.' : pool.description}</p>
        <p className="pool-info-card__line" data-testid="pool-scope">
          <Icon src={trophyOutline} />
          {poolScopeText(pool)}
        </p>
        <dl className="pool-info-card__facts">
          <div>
            <dt>
              <Icon src={keyOutline} />
              Código
            </dt>
            <dd data-testid="pool-code">{pool.invitationCode}</dd>
          </div>
          {isCreator && (
            <div>
              <dt>
                <Icon src={peopleOutline} />
                Participantes
              </dt>
              <dd>
                {pool.currentParticipants}/{pool.maxParticipants}
              </dd>
            </div>
          )}
        </dl>
        {isCreator && (
          <p className="pool-info-card__status" data-testid="pool-status">
            {poolStatusText(pool)}
          </p>
        )}
        {noNewMembers !== null && (
          <p className="pool-info-card__closed" data-testid="pool-closed-note">
            {noNewMembers}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
