import type { NotificationSettingBody, NotificationSettings } from '#contract/notifications';
import type { Reminder } from '#contract/reminders';
import { apiRequest } from '../../lib/api-client.ts';
import { loadContract } from '../../lib/contract.ts';
import { reads, topics } from '../../lib/topics.ts';

// Sign-out (on the first screens' path) calls into here: the schemas are loaded on use, not imported.

/** Signing out forgets this browser's push subscription (accounts' sign-out). */
export { forgetPushSubscription } from './notifications.ts';

/** The reminders' query keys: the signed-in user's favourites as the server keeps them. */
export const reminderKeys = {
  all: ['reminders'] as const,
  favorites: () => [...reminderKeys.all, 'favorites'] as const,
  favoritesOf: (userId: number | null) => [...reminderKeys.favorites(), userId] as const,
  settings: () => [...reminderKeys.all, 'settings'] as const,
};

/** "Avisos": which notifications the user gets (favourites, and per pool they play). */
export const notificationSettingsQuery = () => ({
  queryKey: reminderKeys.settings(),
  queryFn: async (): Promise<NotificationSettings> => {
    const { NotificationSettingsResponseSchema } = await loadContract();
    return (await apiRequest('/api/notification-settings', { schema: NotificationSettingsResponseSchema })).data;
  },
  meta: reads(topics.accounts),
});

/** Turns one kind on or off: the settings as they are now. */
export async function saveNotificationSetting(body: NotificationSettingBody): Promise<NotificationSettings> {
  const { NotificationSettingsResponseSchema } = await loadContract();
  return (
    await apiRequest('/api/notification-settings', { method: 'PUT', body, schema: NotificationSettingsResponseSchema })
  ).data;
}

/** Saves the favourite on the server with its reminders, which it pushes even when the app is closed. */
export async function scheduleServerReminders(matchId: number): Promise<Reminder[]> {
  const { ReminderListResponseSchema } = await loadContract();
  return (await apiRequest('/api/reminders', { method: 'POST', body: { matchId }, schema: ReminderListResponseSchema }))
    .data;
}

/** Un-favourites on the server: the favourite and its reminders. */
export async function cancelServerReminders(matchId: number): Promise<void> {
  const { MessageResponseSchema } = await loadContract();
  await apiRequest(`/api/reminders/${matchId}`, { method: 'DELETE', schema: MessageResponseSchema });
}

/**
 * The signed-in user's favourites as the server keeps them (they follow the user, not the device).
 * Not kept in the offline cache: this device's `savedMatches` is the offline copy, and an older
 * cached answer would undo what was saved since.
 */
export async function fetchFavoriteIds(): Promise<number[]> {
  const { FavoriteListResponseSchema } = await loadContract();
  return (await apiRequest('/api/favorites', { schema: FavoriteListResponseSchema, offlineCache: false })).data;
}

/** A favourite without reminders (notifications refused or unavailable here): still the user's on every device. */
export async function saveServerFavorite(matchId: number): Promise<void> {
  const { FavoriteListResponseSchema } = await loadContract();
  await apiRequest('/api/favorites', { method: 'POST', body: { matchId }, schema: FavoriteListResponseSchema });
}
