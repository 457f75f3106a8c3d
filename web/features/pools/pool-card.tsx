import { keyOutline, peopleOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { poolStatusText, type Pool } from '#contract/pools';
import { comingFrom } from '../../components/back-button.tsx';
import { Icon } from '../../components/icon.tsx';
import { paths } from '../../lib/paths.ts';
import './pool-card.css';

/** A card that opens the pool (the spec's Quinelas screen): a link, styled as Ionic's card. */
export function PoolCard({ pool, owned }: { pool: Pool; owned: boolean }) {
  return (
    <Link className="pool-card" to={paths.pool(pool.id)} state={comingFrom(paths.pools)} data-testid="pool-card">
      <h2 className="pool-card__name">{pool.name}</h2>
      {pool.description !== '' && <p className="pool-card__description">{pool.description}</p>}
      <div className="pool-card__facts">
        <span>
          <Icon src={peopleOutline} />
          Participantes: {pool.currentParticipants}/{pool.maxParticipants}
        </span>
        <span>
          <Icon src={keyOutline} />
          Código: {pool.invitationCode}
        </span>
      </div>
      {owned && <p className="pool-card__status">{poolStatusText(pool)}</p>}
    </Link>
  );
}
