import { REMINDER_SLOTS, reminderMessages, type ReminderText } from '#contract/index';

/** The app's football is Spanish: the notice, read on a lock screen, tells the kick-off in Spain's time. */
const TIME_ZONE = 'Europe/Madrid';

const weekdays = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const shortMonths = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'];

let zoneParts: Intl.DateTimeFormat | undefined;

/** The instant's calendar date and time in Europe/Madrid, from numeric parts only (no locale data needed). */
function madridParts(instant: Date) {
  zoneParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts = zoneParts.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** "21:00" in Europe/Madrid: a push read on a lock screen tells Spain's time, as the "Hora confirmada" notice does. */
export function formatMadridTime(instant: Date): string {
  const { hour, minute } = madridParts(instant);
  return `${hour}:${String(minute).padStart(2, '0')}`;
}

/**
 * "sábado 28 nov., 21:00" in Europe/Madrid: the short day and time the app's cards show
 * (web/lib/format-date.ts `formatShortDateTime`), in Spain's time rather than the device's.
 */
export function formatMadridShortDateTime(instant: Date): string {
  // Named by hand as the web app names them.
  const { year, month, day } = madridParts(instant);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${weekdays[weekday]} ${day} ${shortMonths[month - 1]}, ${formatMadridTime(instant)}`;
}

const HOUR_BEFORE = REMINDER_SLOTS[0].minutesBefore * 60_000;

export interface KickoffNoticeFacts {
  homeTeam: string;
  awayTeam: string;
  kickoff: Date;
  /** Whether the user's reminder an hour before kick-off (slot 1) and at kick-off (slot 2) are still unsent. */
  hourBeforePending: boolean;
  atKickoffPending: boolean;
}

/**
 * What the "Hora confirmada" push says, or null when there is nothing true to announce: the match has kicked off
 * already. It names the confirmed kick-off and only the reminders that are still to come.
 */
export function kickoffNoticeText(facts: KickoffNoticeFacts, now: Date): ReminderText | null {
  const left = facts.kickoff.getTime() - now.getTime();
  if (left <= 0) return null;
  const hourBefore = facts.hourBeforePending && left >= HOUR_BEFORE;
  const atKickoff = facts.atKickoffPending;
  const said = [`${facts.homeTeam} - ${facts.awayTeam}: ${formatMadridShortDateTime(facts.kickoff)}.`];
  if (left < HOUR_BEFORE) said.push(reminderMessages.kickoffConfirmedWithinHour);
  if (hourBefore && atKickoff) said.push(reminderMessages.kickoffConfirmedBothReminders);
  else if (hourBefore) said.push(reminderMessages.kickoffConfirmedHourBefore);
  else if (atKickoff) said.push(reminderMessages.kickoffConfirmedAtKickoff);
  return { title: reminderMessages.kickoffConfirmedTitle, body: said.join(' ') };
}

/** The notice's notification id and tag: `matchId*1000`, the slot 0 no reminder uses. */
export const kickoffNoticeId = (matchId: number): number => matchId * 1000;
export const kickoffNoticeTag = (matchId: number): string => `kickoff-${matchId}`;
