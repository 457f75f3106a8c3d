import { closeCalendarMessages, pickDeadline, poolSectionUrl, roundDisplayLabel, type Pool, type PoolOptions } from '#contract/index';
import { serializeCalendar, type CalendarEvent } from '../../lib/icalendar.ts';

/**
 * The calendar of a pool's closes (docs/decisions/077-a-calendar-of-the-closes.md): one event per jornada of the
 * pool's scope, the whole season, at the first close of its picks under the pool's deadline (`pickDeadline`).
 */

/** A match of the pool's scope as the calendar reads it. */
export interface CalendarMatch {
  id: number;
  weekNumber: number;
  round: string;
  matchDate: Date;
  kickoffConfirmed: boolean;
  home: string;
  away: string;
  /** How many kick-off changes `match_kickoff_changes` holds for it, and when the last was (null: none). */
  kickoffChanges: number;
  lastKickoffChange: Date | null;
}

/** A jornada's first close: its first match's deadline, the deadlines being kick-offs less the same minutes. */
export interface JornadaClose {
  weekNumber: number;
  /** "Jornada 14", "Octavos de final" (`roundDisplayLabel`). */
  label: string;
  closesAt: Date;
  /** The match that closes first: the first to kick off (the lower id on a tie). */
  first: CalendarMatch;
  /** Its matches' kick-off changes: how many, and the last one's time (null: none). */
  kickoffChanges: number;
  lastKickoffChange: Date | null;
}

/** Each jornada of `matches` with its first close under `options`, in jornada order. */
export function jornadaCloses(matches: readonly CalendarMatch[], options: Pick<PoolOptions, 'closeMinutesBefore'>): JornadaClose[] {
  const jornadas = new Map<number, CalendarMatch[]>();
  for (const match of matches) jornadas.set(match.weekNumber, [...(jornadas.get(match.weekNumber) ?? []), match]);
  return [...jornadas]
    .toSorted(([a], [b]) => a - b)
    .map(([weekNumber, list]) => {
      const inOrder = list.toSorted((a, b) => a.matchDate.getTime() - b.matchDate.getTime() || a.id - b.id);
      const first = inOrder[0]!;
      const changes = inOrder.flatMap((match) => (match.lastKickoffChange ? [match.lastKickoffChange.getTime()] : []));
      return {
        weekNumber,
        label: roundDisplayLabel(inOrder.map((match) => match.round)),
        closesAt: new Date(pickDeadline(first.matchDate.getTime(), options)),
        first,
        kickoffChanges: inOrder.reduce((sum, match) => sum + match.kickoffChanges, 0),
        lastKickoffChange: changes.length > 0 ? new Date(Math.max(...changes)) : null,
      };
    });
}

/** What the calendar says of its pool. */
export type CalendarPool = Pick<Pool, 'id' | 'name' | 'createdAt'> & { options: Pick<PoolOptions, 'closeMinutesBefore'> };

/**
 * The `.ics` text of a pool's calendar. Each event's UID is the pool and the jornada, so an app updates it; it
 * changes as its matches' kick-offs do: SEQUENCE counts their changes and LAST-MODIFIED (and DTSTAMP) is the last
 * one's time, or the pool's creation before any. The same data always makes the same text (its ETag).
 */
export function closeCalendarText(pool: CalendarPool, matches: readonly CalendarMatch[], origin: string): string {
  const host = new URL(origin).host;
  const link = `${origin}${poolSectionUrl(pool.id, 'predict')}`;
  const events = jornadaCloses(matches, pool.options).map(
    (close): CalendarEvent => ({
      uid: `cierre-${pool.id}-${close.weekNumber}@${host}`,
      start: close.closesAt,
      summary: closeCalendarMessages.eventTitle(close.label, pool.name, close.first.kickoffConfirmed),
      description: [
        closeCalendarMessages.firstMatch(close.first.home, close.first.away, close.first.kickoffConfirmed),
        closeCalendarMessages.closes(pool.options.closeMinutesBefore),
        closeCalendarMessages.predictAt(link),
      ].join('\n'),
      url: link,
      lastModified: new Date(Math.max(Date.parse(pool.createdAt), close.lastKickoffChange?.getTime() ?? 0)),
      sequence: close.kickoffChanges,
    }),
  );
  return serializeCalendar({
    product: '-//Quiniela//Calendario de cierres//ES',
    name: closeCalendarMessages.calendarName(pool.name),
    refreshMinutes: 60,
    events,
  });
}
