import { heartOutline } from 'ionicons/icons';
import { messages } from '#contract/index';
import { MatchListTab } from './match-list-tab.tsx';

const EMPTY = { icon: heartOutline, text: messages.noFavoriteMatches };

/** 'Partidos Guardados': the saved matches not finished yet, each with its heart to un-save it. */
export function FavoritesPage() {
  return <MatchListTab title="Partidos Guardados" savedOnly empty={EMPTY} pullToRefresh={false} />;
}
