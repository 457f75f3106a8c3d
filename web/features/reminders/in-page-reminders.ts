import type { Match } from '#contract/matches';
import {
  REMINDER_SLOTS,
  planReminders,
  reminderId,
  reminderTag,
  reminderText,
  type ReminderText,
} from '#contract/reminders';

export interface InPageReminder extends ReminderText {
  id: number;
  tag: string;
  dueAt: Date;
}

/**
 * The reminders a saved match gets while the app is open (the spec's reminder rule). A kick-off
 * time that is not fixed yet gets none here: the server sends them once it is.
 */
export function planInPageReminders(match: Match, homeTeam: string, awayTeam: string, now: Date): InPageReminder[] {
  if (!match.kickoffConfirmed || match.status === 'finished') return [];
  return planReminders(match.id, new Date(match.matchDate), now).map(({ id, slot, dueAt }) => ({
    id,
    tag: reminderTag(id),
    dueAt,
    ...reminderText(slot, homeTeam, awayTeam),
  }));
}

/** setTimeout waits at most 2^31-1 ms (about 24.8 days): a longer wait is taken in steps. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

const timers = new Map<number, ReturnType<typeof setTimeout>>();

function arm(reminder: InPageReminder, show: (reminder: InPageReminder) => void): void {
  const delay = reminder.dueAt.getTime() - Date.now();
  timers.set(
    reminder.id,
    delay > MAX_TIMER_DELAY_MS
      ? setTimeout(() => arm(reminder, show), MAX_TIMER_DELAY_MS)
      : setTimeout(
          () => {
            timers.delete(reminder.id);
            show(reminder);
          },
          Math.max(0, delay),
        ),
  );
}

/** One timer per reminder id: arming a reminder again replaces its timer, so this can run on every render's data. */
export function armReminders(reminders: readonly InPageReminder[], show: (reminder: InPageReminder) => void): void {
  for (const reminder of reminders) {
    clearTimeout(timers.get(reminder.id));
    arm(reminder, show);
  }
}

export function cancelMatchReminders(matchId: number): void {
  for (const { slot } of REMINDER_SLOTS) {
    const id = reminderId(matchId, slot);
    clearTimeout(timers.get(id));
    timers.delete(id);
  }
}
