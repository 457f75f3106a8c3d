import { useCallback, useEffect } from 'react';
import { reminderMessages } from '#contract/index';
import type { Match, Team } from '#contract/index';
import { homeScreenPushNote, needsHomeScreenForPush } from '../../lib/platform.ts';
import { useToast, type ToastContent } from '../../lib/toast.ts';
import { describeTeam, type TeamDisplay } from '../matches/upcoming-matches.ts';
import { cancelServerReminders, scheduleServerReminders } from './api.ts';
import { armReminders, cancelMatchReminders, planInPageReminders, type InPageReminder } from './in-page-reminders.ts';
import {
  notificationsAllowed,
  requestNotificationPermission,
  showReminderNotification,
  subscribeToPush,
} from './notifications.ts';
import { readSavedMatchIds, removeMatchId, saveMatchId, useSavedMatchIds } from './saved-matches.ts';

const showLater = (reminder: InPageReminder) => {
  showReminderNotification(reminder).catch((error: unknown) => console.warn('reminder not shown', error));
};

/**
 * Saves first, whatever follows (spec §8). Then asks for permission and
 * schedules the reminders: on the server (Web Push, app closed) and in this
 * page (timers, app open; the same tag keeps the two from showing twice).
 */
async function saveWithReminders(match: Match, homeTeam: string, awayTeam: string): Promise<ToastContent> {
  saveMatchId(match.id);
  // iOS offers notifications only to the app opened from the Home Screen: say how, instead of failing.
  if (needsHomeScreenForPush()) return { message: homeScreenPushNote, color: 'warning' };
  try {
    if ((await requestNotificationPermission()) !== 'granted') {
      return { message: reminderMessages.permissionDenied, color: 'warning' };
    }
    void subscribeToPush();
    const reminders = await scheduleServerReminders(match.id);
    armReminders(planInPageReminders(match, homeTeam, awayTeam, new Date()), showLater);
    return {
      message: reminders.length > 0 ? reminderMessages.savedWithReminders : reminderMessages.saved,
      color: 'success',
    };
  } catch {
    return { message: reminderMessages.setupFailed, color: 'warning' };
  }
}

function removeWithReminders(matchId: number): ToastContent {
  removeMatchId(matchId);
  cancelMatchReminders(matchId);
  cancelServerReminders(matchId).catch((error: unknown) => console.warn('server reminders not cancelled', error));
  return { message: reminderMessages.removed, color: 'medium' };
}

/** The saved matches (local key `savedMatches`), the heart's toggle, and their reminders while the app is open. */
export function useFavorites(matches: readonly Match[] | undefined, teams: readonly Team[] | undefined) {
  const savedIds = useSavedMatchIds();
  const showToast = useToast();

  // Timers end with the page: whenever the app opens, the saved matches' reminders are armed again.
  useEffect(() => {
    if (!matches || !teams || !notificationsAllowed()) return;
    const teamsById = new Map(teams.map((team) => [team.id, team]));
    const now = new Date();
    const plans = matches
      .filter((match) => savedIds.has(match.id))
      .flatMap((match) =>
        planInPageReminders(
          match,
          describeTeam(teamsById, match.homeTeamId).name,
          describeTeam(teamsById, match.awayTeamId).name,
          now,
        ),
      );
    armReminders(plans, showLater);
  }, [matches, teams, savedIds]);

  // Reads the saved ids when tapped rather than closing over them, so it stays the same
  // function and the memoised cards do not all re-render on every toggle.
  const toggleSaved = useCallback(
    (match: Match, home: TeamDisplay, away: TeamDisplay) => {
      if (readSavedMatchIds().has(match.id)) {
        showToast(removeWithReminders(match.id));
        return;
      }
      void saveWithReminders(match, home.name, away.name).then(showToast);
    },
    [showToast],
  );

  return { savedIds, toggleSaved };
}
