import { lazy, type ComponentProps } from 'react';
import type { PoolDetail } from '#contract/pools';
import { PoolRules } from '../features/pools/pool-rules.tsx';
import { CloseCalendar } from '../features/predictions/close-calendar/close-calendar.tsx';

const PoolExtras = lazy(() => import('./pool-extras.tsx').then((module) => ({ default: module.PoolExtras })));
const Boletos = lazy(() =>
  import('../features/la-quiniela/pool-boletos.tsx').then((module) => ({ default: module.PoolBoletos })),
);
const PoolOrganiser = lazy(() =>
  import('../features/pools/pool-organiser.tsx').then((module) => ({ default: module.PoolOrganiser })),
);

/**
 * What the pool's folded "Reglas" row holds: the rules with the calendar of their closes, the bote and the bonus
 * questions (one module of their own, pool-extras.tsx: each shown when the pool has one, or to its organiser to set
 * it up), and for the creator the organiser's tools (loaded for a creator only). One module the page loads when
 * the row is first opened.
 */
export function PoolMore({ pool, isCreator }: { pool: PoolDetail; isCreator: boolean }) {
  return (
    <>
      <PoolRules pool={pool} />
      <CloseCalendar poolId={pool.id} />
      <PoolExtras poolId={pool.id} isCreator={isCreator} />
      {isCreator && <PoolOrganiser pool={pool} />}
    </>
  );
}

/**
 * La Quiniela's boletos, in place of Predecir (decision 082): the pool page reaches them through this module (one
 * import site of the pool's first load), which loads them in turn.
 */
export function PoolBoletos(props: ComponentProps<typeof Boletos>) {
  return <Boletos {...props} />;
}
