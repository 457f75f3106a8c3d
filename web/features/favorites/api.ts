import {
  MessageResponseSchema,
  ReminderListResponseSchema,
  VapidPublicKeyResponseSchema,
  type PushEndpointBody,
  type Reminder,
} from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

export async function fetchVapidPublicKey(): Promise<string> {
  return (await apiRequest('/api/push/vapid-public-key', { schema: VapidPublicKeyResponseSchema })).data.publicKey;
}

/** Sends what `PushSubscription.toJSON()` gives; the server validates it. */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription, schema: MessageResponseSchema });
}

/** Forgets this browser's subscription for the signed-in user (on sign-out). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint } satisfies PushEndpointBody,
    schema: MessageResponseSchema,
  });
}

/** The server keeps the favourite's reminders and pushes them even when the app is closed. */
export async function scheduleServerReminders(matchId: number): Promise<Reminder[]> {
  return (await apiRequest('/api/reminders', { method: 'POST', body: { matchId }, schema: ReminderListResponseSchema }))
    .data;
}

export async function cancelServerReminders(matchId: number): Promise<void> {
  await apiRequest(`/api/reminders/${matchId}`, { method: 'DELETE', schema: MessageResponseSchema });
}
