import { footballOutline } from 'ionicons/icons';
import { messages } from '#contract/messages';
import { MatchListTab } from './match-list-tab.tsx';

const EMPTY = { icon: footballOutline, text: messages.noMatches };

export function HomePage() {
  return <MatchListTab title="Partidos" savedOnly={false} empty={EMPTY} pullToRefresh competitionFilter />;
}
