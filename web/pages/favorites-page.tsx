import { heartOutline } from 'ionicons/icons';
import { messages } from '#contract/messages';
import { MatchListTab } from './match-list-tab.tsx';

const EMPTY = { icon: heartOutline, text: messages.noFavoriteMatches };

/**
 * 'Partidos Guardados': the saved matches not finished yet, by day, each with its heart to un-save it. No
 * competition filter: the list is the user's own short pick, all of which the spec lists, and a filter (or Inicio's
 * remembered one) would hide a saved match from the one place that lists them.
 */
export function FavoritesPage() {
  return (
    <MatchListTab title="Partidos Guardados" savedOnly empty={EMPTY} pullToRefresh={false} competitionFilter={false} />
  );
}
