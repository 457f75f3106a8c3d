import type { FeedStatus } from '#contract/results-feeds';
import { formatWhen } from './format-date.ts';

/**
 * Where results come from and when they last came, in a line: "Resultados de openfootball · actualizados a las
 * 23:10", or why the last try brought nothing, "Resultados de openfootball · sin conexión a las 23:10". Only what the
 * server recorded: a feed never read yet says so.
 */
export function feedStatusText(feed: FeedStatus, now: number): string {
  const head = `Resultados de ${feed.label}`;
  if (feed.lastAttemptAt === null) return `${head} · todavía sin leer`;
  if (feed.failure !== null) return `${head} · ${feed.failure} ${formatWhen(feed.lastAttemptAt, now)}`;
  return `${head} · actualizados ${formatWhen(feed.lastAttemptAt, now)}`;
}
