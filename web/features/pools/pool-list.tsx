import { useQuery } from '@tanstack/react-query';
import { trophyOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import { poolMessages } from '#contract/pools';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { useToast } from '../../lib/toast.ts';
import { poolQueries } from './api.ts';
import { PoolCard } from './pool-card.tsx';
import './pool-list.css';

export type PoolListKind = 'joined' | 'owned';

const texts: Record<PoolListKind, { loadFailed: string; empty: string; label: string }> = {
  joined: {
    loadFailed: poolMessages.loadJoinedFailed,
    empty: 'Aún no te has unido a ninguna quiniela. Pide el código a un amigo y pulsa «Unirse a una Quiniela».',
    label: 'Quinielas unidas',
  },
  owned: {
    loadFailed: poolMessages.loadOwnedFailed,
    empty: 'Aún no has creado ninguna quiniela. Pulsa + para crear la primera e invitar a tus amigos.',
    label: 'Quinielas creadas',
  },
};

export function PoolList({ kind, userId }: { kind: PoolListKind; userId: number }) {
  const pools = useQuery(kind === 'joined' ? poolQueries.joined(userId) : poolQueries.owned(userId));
  const showToast = useToast();
  const { loadFailed, empty, label } = texts[kind];

  useEffect(() => {
    if (pools.isError) showToast({ message: loadFailed, color: 'danger' });
  }, [pools.isError, pools.errorUpdatedAt, loadFailed, showToast]);

  if (pools.isPending) return <LoadingState text="Cargando quinielas..." />;
  if (pools.isError) return <ErrorState text={loadFailed} error={pools.error} onRetry={pools.refetch} />;
  if (pools.data.length === 0) return <EmptyState icon={trophyOutline} text={empty} />;
  return (
    <ul className="pool-list" aria-label={label}>
      {pools.data.map((pool) => (
        <li key={pool.id}>
          <PoolCard pool={pool} owned={kind === 'owned'} />
        </li>
      ))}
    </ul>
  );
}
