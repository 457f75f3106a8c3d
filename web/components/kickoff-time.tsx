import { formatKickoff } from '../lib/format-date.ts';

interface KickoffTimeProps {
  match: { matchDate: string; kickoffConfirmed: boolean };
  /** The card's class: the time is its `__kickoff` (match-card.css, …). */
  block: string;
}

/** A match's kick-off at the top of its card, as web/lib/format-date.ts words it. */
export function KickoffTime({ match, block }: KickoffTimeProps) {
  return (
    <time className={`${block}__kickoff`} dateTime={match.matchDate}>
      {formatKickoff(match.matchDate, match.kickoffConfirmed)}
    </time>
  );
}
