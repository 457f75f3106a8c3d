import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';

export const reminderMessages = {
  // The spec's notification errors: the favourite is saved either way, the toast says what happened to its reminders.
  permissionDenied: 'Partido guardado, pero no se pueden enviar notificaciones: permiso denegado.',
  setupFailed: 'Partido guardado, pero no se pudieron programar los recordatorios.',
  savedWithReminders: 'Partido guardado. Te avisaremos antes de que empiece.',
  saved: 'Partido guardado.',
  /** Its kick-off time is not confirmed: nothing is timed until it is. */
  savedKickoffUnconfirmed: 'Partido guardado. Te avisaremos cuando se confirme la hora del partido.',
  // Notifications allowed, but no push reaches this browser with the app closed (it has none, refused the
  // subscription, or it could not be saved): the reminders still come while the app is open. Said calmly, with
  // the way to get them with the app closed (never a word of failure: nothing the user asked for failed).
  savedInPage: 'Partido guardado. Te lo recordaremos mientras tengas la app abierta.',
  savedInPageKickoffUnconfirmed:
    'Partido guardado. Cuando se confirme la hora, te lo recordaremos mientras tengas la app abierta.',
  inPageOnlyUnsupported: 'Para recibir los recordatorios con la app cerrada, usa un navegador con notificaciones push.',
  inPageOnlyRefused: 'Para recibirlos también con la app cerrada, ábrela en una ventana normal (no privada).',
  inPageOnlyRetry: 'Para recibirlos también con la app cerrada, actívalos en «Avisos» (la campana).',
  notificationsUnsupported:
    'Partido guardado, pero este navegador no admite notificaciones: no podrás recibir recordatorios en este dispositivo.',
  removed: 'Partido quitado de tus favoritos.',
  // The push sent when a favourite's kick-off time gets confirmed (server/modules/reminders/kickoff-notice.ts).
  kickoffConfirmedTitle: 'Hora confirmada',
  kickoffConfirmedBothReminders: 'Te avisaremos una hora antes y al empezar.',
  kickoffConfirmedHourBefore: 'Te avisaremos una hora antes.',
  kickoffConfirmedAtKickoff: 'Te avisaremos al empezar.',
  kickoffConfirmedWithinHour: 'Empieza en menos de una hora.',
  // Server
  endpointInvalid: 'La suscripción necesita una dirección https válida.',
  /** The endpoint is https but not one the server may push to (a private or local address, or a host not listed). */
  endpointNotPublic: 'La suscripción necesita la dirección https de un servicio de notificaciones público.',
  keysInvalid: 'Las claves de la suscripción no son válidas.',
  subscriptionSaved: 'Suscripción guardada.',
  subscriptionRemoved: 'Suscripción eliminada.',
  subscriptionTaken:
    'Este navegador recibe los avisos de otra cuenta: esa cuenta debe cerrar sesión en él antes de activarlos para la tuya.',
  remindersCancelled: 'Recordatorios cancelados.',
} as const;

/**
 * The spec's reminder constants: one reminder an hour before kick-off and one at kick-off, with the
 * notification ids `matchId*1000+1` and `+2` (the slot is the last digit).
 */
export const REMINDER_SLOTS = [
  { slot: 1, minutesBefore: 60 },
  { slot: 2, minutesBefore: 0 },
] as const;
export type ReminderSlot = (typeof REMINDER_SLOTS)[number]['slot'];

export const reminderId = (matchId: number, slot: ReminderSlot): number => matchId * 1000 + slot;

/** A notification's tag: the push and the in-page fallback of one reminder replace each other, never show twice. */
export const reminderTag = (id: number): string => `reminder-${id}`;

export interface PlannedReminder {
  id: number;
  matchId: number;
  slot: ReminderSlot;
  minutesBefore: number;
  dueAt: Date;
}

/** The reminders a favourite gets: only the ones still in the future (the spec's reminder rule). */
export function planReminders(matchId: number, kickoff: Date, now: Date): PlannedReminder[] {
  return REMINDER_SLOTS.map(({ slot, minutesBefore }) => ({
    id: reminderId(matchId, slot),
    matchId,
    slot,
    minutesBefore,
    dueAt: new Date(kickoff.getTime() - minutesBefore * 60_000),
  })).filter((reminder) => reminder.dueAt.getTime() > now.getTime());
}

export interface ReminderText {
  title: string;
  body: string;
}

/**
 * What a reminder says, the same from the server's push and the in-page
 * fallback. Relative wording, so it reads right in every time zone.
 */
export function reminderText(slot: ReminderSlot, homeTeam: string, awayTeam: string): ReminderText {
  return {
    title: `${homeTeam} vs ${awayTeam}`,
    body: slot === 1 ? 'El partido empieza en una hora.' : '¡El partido empieza ahora!',
  };
}

/** What the service worker receives in a push message. */
export interface PushPayload extends ReminderText {
  /** A later notification with the same tag replaces it. */
  tag: string;
  /** The screen a tap on the notification opens. */
  url: string;
}

/** A favourite's reminder or "Hora confirmada" notice, as pushed. */
export interface ReminderPushPayload extends PushPayload {
  id: number;
  matchId: number;
}

/** Base64url without padding (what `PushSubscription.toJSON()` gives), padding tolerated. */
const base64url = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`);

export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: reminderMessages.endpointInvalid })
    .max(2048, { error: reminderMessages.endpointInvalid }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, first byte 0x04, hence the leading "B").
      p256dh: z
        .string({ error: reminderMessages.keysInvalid })
        .regex(/^B/, { error: reminderMessages.keysInvalid })
        .regex(base64url(65), { error: reminderMessages.keysInvalid }),
      auth: z
        .string({ error: reminderMessages.keysInvalid })
        .regex(base64url(16), { error: reminderMessages.keysInvalid }),
    },
    { error: reminderMessages.keysInvalid },
  ),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushEndpointBodySchema = z.object({ endpoint: PushSubscriptionBodySchema.shape.endpoint });
export type PushEndpointBody = z.infer<typeof PushEndpointBodySchema>;

export const VapidPublicKeyResponseSchema = dataEnvelope(z.object({ publicKey: z.string() }));

export const ReminderBodySchema = z.object({ matchId: positiveId('El partido no es válido.') });
export type ReminderBody = z.infer<typeof ReminderBodySchema>;

export const MatchIdParamsSchema = z.object({ matchId: positiveId('El partido no es válido.', { coerce: true }) });

export const ReminderSchema = z.object({
  /** The notification id: `matchId*1000+slot`. */
  id: z.number().int(),
  matchId: z.number().int(),
  slot: z.union([z.literal(1), z.literal(2)]),
  /** Follows the match: a moved kick-off moves its reminders. */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

export const ReminderListResponseSchema = dataEnvelope(z.array(ReminderSchema));

/** The signed-in user's favourite match ids (they come back on any device the user signs in on). */
export const FavoriteListResponseSchema = dataEnvelope(z.array(z.number().int()));
export type FavoriteListResponse = z.infer<typeof FavoriteListResponseSchema>;
