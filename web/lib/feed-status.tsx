import type { FeedStatus } from '#contract/results-feeds';
import { useNow } from './use-now.ts';
import { feedStatusText } from './feed-status-text.ts';
import './feed-status.css';

/** One line per feed in use: where results come from and when they last came, or why not. None without a feed. */
export function FeedStatusLines({ feeds }: { feeds: readonly FeedStatus[] }) {
  const now = useNow();
  if (feeds.length === 0) return null;
  return (
    <ul className="feed-status" aria-label="De dónde llegan los resultados" data-testid="feed-status">
      {feeds.map((feed) => (
        <li
          key={feed.source}
          className={feed.failure === null ? undefined : 'feed-status__failed'}
          data-testid="feed-status-line"
        >
          {feedStatusText(feed, now)}
        </li>
      ))}
    </ul>
  );
}
