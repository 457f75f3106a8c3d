import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Match } from '#contract/matches';
import { reminderMessages } from '#contract/reminders';
import type { Team } from '#contract/teams';
import { homeScreenPushNote, needsHomeScreenForPush } from '../../lib/platform.ts';
import { useToast, type ToastContent } from '../../lib/toast.ts';
import { invalidateTopics, reads, topics } from '../../lib/topics.ts';
import { describeTeam, type TeamDisplay } from '../teams/api.ts';
import { useStoredAccount, type StoredAccount } from '../../lib/session.ts';
import {
  cancelServerReminders,
  fetchFavoriteIds,
  reminderKeys,
  saveServerFavorite,
  scheduleServerReminders,
} from './api.ts';
import { armReminders, cancelMatchReminders, planInPageReminders, type InPageReminder } from './in-page-reminders.ts';
import {
  notificationsAllowed,
  notificationsSupported,
  requestNotificationPermission,
  showReminderNotification,
  subscribeToPush,
  type PushSubscribeResult,
} from './notifications.ts';
import {
  readSavedMatchIds,
  removeMatchId,
  replaceSavedMatchIds,
  saveMatchId,
  useSavedMatchIds,
} from './saved-matches.ts';

const showLater = (reminder: InPageReminder) => {
  showReminderNotification(reminder).catch((error: unknown) => console.warn('reminder not shown', error));
};

/** The favourite stays saved on the server (it follows the user to any device) even when no reminder can be set. */
const keepOnServer = (matchId: number) =>
  saveServerFavorite(matchId).catch((error: unknown) => console.warn('favourite not saved on the server', error));

/** Where push cannot reach this browser, how to get the reminders with the app closed. */
const withAppClosed: Record<Exclude<PushSubscribeResult, 'subscribed'>, string> = {
  unsupported: reminderMessages.inPageOnlyUnsupported,
  refused: reminderMessages.inPageOnlyRefused,
  failed: reminderMessages.inPageOnlyRetry,
};

/**
 * What the toast says once the reminders are set up, the permission granted (the favourite is saved either way):
 * the truth about this device's reminders. Without push they come while the app is open (`inPageReminders`), and
 * the toast says so, and how to get them with the app closed.
 */
export function savedToast(
  push: PushSubscribeResult,
  remindersScheduled: number,
  kickoffConfirmed: boolean,
  inPageReminders: number,
): ToastContent {
  if (push !== 'subscribed') {
    // Nothing is timed until the kick-off time is known; the page arms them once it is (useFavorites).
    const inPage = !kickoffConfirmed
      ? reminderMessages.savedInPageKickoffUnconfirmed
      : inPageReminders > 0
        ? reminderMessages.savedInPage
        : null;
    return { message: inPage === null ? reminderMessages.saved : `${inPage} ${withAppClosed[push]}`, color: 'success' };
  }
  // Nothing is timed until the kick-off time is known: the server sends them once it is.
  if (!kickoffConfirmed) return { message: reminderMessages.savedKickoffUnconfirmed, color: 'success' };
  return {
    message: remindersScheduled > 0 ? reminderMessages.savedWithReminders : reminderMessages.saved,
    color: 'success',
  };
}

/**
 * Saves first, whatever follows (the spec's notification errors). Then asks for permission and
 * schedules the reminders: on the server (Web Push, app closed) and in this
 * page (timers, app open; the same tag keeps the two from showing twice).
 */
/** The toast to show now, and the server's copy of the favourite, which the toast does not wait for. */
type SaveOutcome = { toast: ToastContent; stored: Promise<unknown> };

async function saveWithReminders(match: Match, homeTeam: string, awayTeam: string): Promise<SaveOutcome> {
  saveMatchId(match.id);
  const warn = (message: string): SaveOutcome => ({
    toast: { message, color: 'warning' },
    stored: keepOnServer(match.id),
  });
  // iOS offers notifications only to the app opened from the Home Screen: say how, instead of failing.
  if (needsHomeScreenForPush()) return warn(homeScreenPushNote);
  if (!notificationsSupported()) return warn(reminderMessages.notificationsUnsupported);
  try {
    if ((await requestNotificationPermission()) !== 'granted') return warn(reminderMessages.permissionDenied);
    const push = await subscribeToPush();
    // Scheduling the server's reminders keeps the favourite there too.
    const reminders = await scheduleServerReminders(match.id);
    const inPage = planInPageReminders(match, homeTeam, awayTeam, new Date());
    armReminders(inPage, showLater);
    return {
      toast: savedToast(push, reminders.length, match.kickoffConfirmed, inPage.length),
      stored: Promise.resolve(),
    };
  } catch {
    return warn(reminderMessages.setupFailed);
  }
}

function removeWithReminders(matchId: number): Promise<void> {
  removeMatchId(matchId);
  cancelMatchReminders(matchId);
  return cancelServerReminders(matchId).catch((error: unknown) =>
    console.warn('server reminders not cancelled', error),
  );
}

/** Saves and removals still on their way to the server: an older list from it must not undo them meanwhile. */
let writesInFlight = 0;

const signedInUserId = (account: StoredAccount) => (account.status === 'signed-in' ? account.userProfile.id : null);

/**
 * The signed-in user's favourites as the server keeps them: on sign-in (and whenever the app
 * opens) they replace this device's list, so they come back on any device.
 */
function useServerFavorites(userId: number | null) {
  const { data, dataUpdatedAt } = useQuery({
    queryKey: reminderKeys.favoritesOf(userId),
    queryFn: fetchFavoriteIds,
    enabled: userId !== null,
    meta: reads(topics.favorites),
  });
  useEffect(() => {
    if (userId !== null && data && writesInFlight === 0) replaceSavedMatchIds(userId, data);
  }, [userId, data, dataUpdatedAt]);
}

/** The saved matches (local key `savedMatches`), the heart's toggle, and their reminders while the app is open. */
export function useFavorites(matches: readonly Match[] | undefined, teams: readonly Team[] | undefined) {
  const userId = signedInUserId(useStoredAccount());
  useServerFavorites(userId);
  const savedIds = useSavedMatchIds();
  const showToast = useToast();
  const queryClient = useQueryClient();

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
      // Once the server has it, its list is asked again: an answer read before this change must not undo it.
      const refresh = () => {
        writesInFlight -= 1;
        return invalidateTopics(queryClient, [topics.favorites]);
      };
      writesInFlight += 1;
      if (readSavedMatchIds().has(match.id)) {
        showToast({ message: reminderMessages.removed, color: 'medium' });
        void removeWithReminders(match.id).then(refresh);
        return;
      }
      void saveWithReminders(match, home.name, away.name).then(({ toast, stored }) => {
        showToast(toast);
        return stored.then(refresh);
      });
    },
    [showToast, queryClient],
  );

  return { savedIds, toggleSaved };
}
