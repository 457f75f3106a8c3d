import { useState } from 'react';
import { PoolWall } from './pool-wall.tsx';
import '../../components/text-button.css';

/** A started match's comments on the pool's wall, under its card in "Resultados", opened on demand (one request each). */
export function MatchComments({ poolId, matchId }: { poolId: number; matchId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="match-comments">
      <button
        type="button"
        className="text-button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="match-comments-toggle"
      >
        {open ? 'Ocultar comentarios' : 'Comentarios'}
      </button>
      {open && <PoolWall poolId={poolId} matchId={matchId} />}
    </div>
  );
}
