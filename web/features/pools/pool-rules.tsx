import { useId } from 'react';
import { poolOptionLines } from '#contract/index';
import type { Pool } from '#contract/index';
import './pool-rules.css';

/** "Reglas": how the pool plays, shown to every member. */
export function PoolRules({ pool }: { pool: Pick<Pool, 'options'> }) {
  const headingId = useId();
  return (
    <section className="pool-rules" aria-labelledby={headingId} data-testid="pool-rules">
      <h2 id={headingId} className="pool-rules__title">
        Reglas
      </h2>
      {/* The organiser's options (contract/pool-options.ts). */}
      <ul className="pool-rules__options">
        {poolOptionLines(pool.options).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
