import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Match } from '#contract/matches';
import { reminderMessages } from '#contract/reminders';
import type { Team } from '#contract/teams';
import { ApiRequestError } from '../../lib/api-client.ts';
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
import { pendingChanges, settleMatchId } from './pending-favorites.ts';
import { readSavedMatchIds, removeMatchId, replaceSavedMatchIds, saveMatchId, useSavedMatchIds } from './saved-matches.ts';

const showLater = (reminder: InPageReminder) => {
  showReminderNotification(reminder).catch((error: unknown) => console.warn('reminder not shown', error));
};

/** A refusal the server would give again (a match gone, a bad id): sending the change again cannot help. */
const refusedForGood = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/** This device's changes on their way to the server, by user, match and state: one request each at a time. */
const sending = new Map<string, Promise<void>>();

/**
 * Sends `userId`'s change of `matchId` (saved or removed) to the server, where the favourite follows them to any
 * device even when no reminder can be set; once the server has it (or refuses it for good) it is no longer pending
 * (saved-matches.ts), and until then it is sent again whenever the server's list is read.
 */
function sendChange(userId: number, matchId: number, saved: boolean): Promise<void> {
  const key = `${userId}:${matchId}:${saved}`;
  const inFlight = sending.get(key);
  if (inFlight) return inFlight;
  const sent = (saved ? saveServerFavorite(matchId) : cancelServerReminders(matchId))
    .then(
      () => settleMatchId(userId, matchId, saved),
      (error: unknown) => {
        if (refusedForGood(error)) settleMatchId(userId, matchId, saved);
        console.warn(saved ? 'favourite not saved on the server' : 'favourite not removed on the server', error);
      },
    )
    .finally(() => sending.delete(key));
  sending.set(key, sent);
  return sent;
}

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

async function saveWithReminders(userId: number, match: Match, homeTeam: string, awayTeam: string): Promise<SaveOutcome> {
  saveMatchId(match.id);
  const warn = (message: string): SaveOutcome => ({
    toast: { message, color: 'warning' },
    stored: sendChange(userId, match.id, true),
  });
  // iOS offers notifications only to the app opened from the Home Screen: say how, instead of failing.
  if (needsHomeScreenForPush()) return warn(homeScreenPushNote);
  if (!notificationsSupported()) return warn(reminderMessages.notificationsUnsupported);
  try {
    if ((await requestNotificationPermission()) !== 'granted') return warn(reminderMessages.permissionDenied);
    const push = await subscribeToPush();
    // Scheduling the server's reminders keeps the favourite there too.
    const reminders = await scheduleServerReminders(match.id);
    settleMatchId(userId, match.id, true);
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

function removeWithReminders(userId: number, matchId: number): Promise<void> {
  removeMatchId(matchId);
  cancelMatchReminders(matchId);
  return sendChange(userId, matchId, false);
}

const signedInUserId = (account: StoredAccount) => (account.status === 'signed-in' ? account.userProfile.id : null);

/**
 * The signed-in user's favourites as the server keeps them: on sign-in (and whenever the app
 * opens) they replace this device's list, so they come back on any device; this device's changes the server has
 * not confirmed yet stay, and are sent again.
 */
function useServerFavorites(userId: number | null) {
  const queryClient = useQueryClient();
  const { data, dataUpdatedAt } = useQuery({
    queryKey: reminderKeys.favoritesOf(userId),
    queryFn: fetchFavoriteIds,
    enabled: userId !== null,
    meta: reads(topics.favorites),
  });
  useEffect(() => {
    if (userId === null || !data) return;
    replaceSavedMatchIds(userId, data);
    const resent = [...pendingChanges(userId)].map(([matchId, saved]) => sendChange(userId, matchId, saved));
    // A change refused for good leaves this device's list: the server's is asked again.
    if (resent.length > 0) void Promise.all(resent).then(() => invalidateTopics(queryClient, [topics.favorites]));
  }, [userId, data, dataUpdatedAt, queryClient]);
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
      if (userId === null) return;
      // Once the server has it, its list is asked again (an answer read before this change does not undo it: the
      // change stays pending until the server confirms it).
      const refresh = () => invalidateTopics(queryClient, [topics.favorites]);
      if (readSavedMatchIds().has(match.id)) {
        showToast({ message: reminderMessages.removed, color: 'medium' });
        void removeWithReminders(userId, match.id).then(refresh);
        return;
      }
      void saveWithReminders(userId, match, home.name, away.name).then(({ toast, stored }) => {
        showToast(toast);
        return stored.then(refresh);
      });
    },
    [userId, showToast, queryClient],
  );

  return { savedIds, toggleSaved };
}
