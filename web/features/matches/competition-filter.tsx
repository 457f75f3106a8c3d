import { checkmark } from 'ionicons/icons';
import { lazy, Suspense } from 'react';
import { hasLeagueTable, matchMessages } from '#contract/matches';
import { Icon } from '../../components/icon.tsx';
import { competitionLabel } from '../../lib/match-text.ts';
import './competition-filter.css';

// Loaded once a league is chosen: the pool's and Mis Quinelas' first screens share this module and never draw it.
const LeagueTableLink = lazy(() =>
  import('./league-table/league-table-link.tsx').then((module) => ({ default: module.LeagueTableLink })),
);

interface CompetitionFilterProps {
  /** The competitions to offer, in the order shown after "Todas". */
  competitions: readonly string[];
  /** The one chosen; `null` is "Todas". */
  chosen: string | null;
  onChoose: (competition: string | null) => void;
}

/**
 * Chips "Todas" and one per competition: native toggle buttons in a labelled group, so a keyboard reaches each
 * with Tab and presses it with Enter or Space, and a screen reader reads each one's name and whether it is pressed
 * (aria-pressed). The chosen one is filled and ticked, not only coloured. Under them, a chosen league's table.
 */
export function CompetitionFilter({ competitions, chosen, onChoose }: CompetitionFilterProps) {
  const options = [
    { value: null, label: matchMessages.allCompetitions },
    ...competitions.map((competition) => ({ value: competition, label: competitionLabel(competition) })),
  ];
  return (
    <>
      <div className="competition-filter" role="group" aria-label={matchMessages.competitionFilterLabel}>
        {options.map(({ value, label }) => {
          const pressed = value === chosen;
          return (
            <button
              key={value === null ? 'all' : `competition:${value}`}
              type="button"
              className="competition-filter__chip"
              aria-pressed={pressed}
              onClick={() => onChoose(value)}
            >
              {pressed && <Icon src={checkmark} />}
              {label}
            </button>
          );
        })}
      </div>
      {/* A league chosen: its table is one tap away. */}
      {chosen !== null && hasLeagueTable(chosen) && (
        <Suspense fallback={null}>
          <LeagueTableLink competition={chosen} />
        </Suspense>
      )}
    </>
  );
}
