import { PoolBonus } from '../features/bonus/pool-bonus.tsx';
import { PoolPot } from '../features/pot/pool-pot.tsx';

/**
 * The pool's options with sections of their own under "Reglas": the bote (decision 079) and the bonus questions
 * (decision 080). One lazily loaded module, so that the modules they share stay in it rather than in a chunk of
 * their own that the pool's first load would have to name.
 */
export function PoolExtras({ poolId, isCreator }: { poolId: number; isCreator: boolean }) {
  return (
    <>
      <PoolPot poolId={poolId} isCreator={isCreator} />
      <PoolBonus poolId={poolId} />
    </>
  );
}
