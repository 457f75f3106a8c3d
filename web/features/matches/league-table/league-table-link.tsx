import { podiumOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { matchMessages } from '#contract/matches';
import { Icon } from '../../../components/icon.tsx';
import { competitionLabel } from '../../../lib/match-text.ts';
import { paths } from '../../../lib/paths.ts';

/** Inicio's way to a chosen league's table; its back button leads to Inicio, kept as it was left. */
export function LeagueTableLink({ competition }: { competition: string }) {
  return (
    <Link className="competition-filter__table" to={paths.leagueTable(competition)}>
      <Icon src={podiumOutline} />
      {matchMessages.leagueTable(competitionLabel(competition))}
    </Link>
  );
}
