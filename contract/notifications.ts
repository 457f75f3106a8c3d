import { z } from 'zod';
import { dataEnvelope, positiveId } from './common.ts';
import type { ReminderText } from './reminders.ts';

export const notificationMessages = {
  kindInvalid: 'El tipo de aviso no es válido.',
  enabledInvalid: 'Indica si el aviso queda activado (true) o desactivado (false).',
  poolRequired: 'Este aviso es de una quiniela: indica cuál (poolId).',
  poolNotAllowed: 'Los recordatorios de favoritos no son de una quiniela: no indiques poolId.',
  notPlaying: 'Solo quien juega en la quiniela recibe sus avisos.',
  missingPicksTitle: 'Pronósticos pendientes',
  // The settings screen ("Avisos"): whether this device can receive pushes, and why not.
  deviceReady: 'Este dispositivo recibe los avisos aunque la app esté cerrada.',
  deviceInPage: 'Este dispositivo te avisa mientras la app está abierta: actívalos para recibirlos también con ella cerrada.',
  deviceNotAsked: 'Este dispositivo aún no recibe avisos: actívalos para recibirlos con la app cerrada.',
  deviceDenied: 'Este navegador tiene las notificaciones bloqueadas: permítelas en los ajustes del navegador para recibir avisos.',
  deviceIosHomeScreen: 'En iPhone y iPad los avisos solo llegan si añades la app a la pantalla de inicio (Compartir → Añadir a pantalla de inicio) y la abres desde allí.',
  deviceUnsupported: 'Este navegador no admite notificaciones push: no recibirá avisos con la app cerrada.',
  enableDevice: 'Activar en este dispositivo',
  deviceEnabled: 'Avisos activados en este dispositivo.',
  deviceRefused: 'El navegador rechazó la suscripción a los avisos (ventana privada o servicio push no disponible).',
  deviceFailed: 'No se pudo activar los avisos en este dispositivo. Inténtalo de nuevo.',
  saveFailed: 'No se pudo guardar el aviso. Inténtalo de nuevo.',
  noPools: 'Cuando juegues en una quiniela podrás elegir aquí sus avisos.',
  // By e-mail (off until turned on, only for a confirmed address)
  emailUnavailable: 'Este servidor no envía correos: los avisos llegan solo como notificaciones.',
  emailUnconfirmed: 'Para recibir avisos por correo, confirma tu correo en «Mi cuenta».',
  emailOffered: 'También por correo, si quieres: 24 horas antes de cada jornada y al terminar.',
  emailNeedsConfirmation: 'Confirma tu correo para recibir avisos por correo.',
  emailNotForFavorites: 'Los recordatorios de favoritos llegan solo como notificaciones.',
  channelInvalid: 'El canal (channel) debe ser push o email.',
} as const;

/**
 * What a user can turn off: the reminders of their favourite matches (for every match), and per pool they play the
 * missing-picks reminders and the jornada results. All are on until turned off.
 */
export const NOTIFICATION_KINDS = ['favorite-reminders', 'missing-picks', 'jornada-results'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type PoolNotificationKind = Exclude<NotificationKind, 'favorite-reminders'>;

/** How a notification reaches the user: Web Push (on until turned off) or e-mail (off until turned on). */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NotificationSettingsSchema = z.object({
  favoriteReminders: z.boolean(),
  /** Whether this server sends e-mail, and whether the user's address is confirmed (e-mail reminders need both). */
  email: z.object({ available: z.boolean(), confirmed: z.boolean() }),
  /** The pools the user plays in, by name; each kind by push and by e-mail. */
  pools: z.array(
    z.object({
      poolId: z.number().int(),
      poolName: z.string(),
      missingPicks: z.boolean(),
      jornadaResults: z.boolean(),
      missingPicksEmail: z.boolean(),
      jornadaResultsEmail: z.boolean(),
    }),
  ),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationSettingsResponseSchema = dataEnvelope(NotificationSettingsSchema);

export const NotificationSettingBodySchema = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS, { error: notificationMessages.kindInvalid }),
    poolId: positiveId('La quiniela no es válida.').nullable().optional(),
    enabled: z.boolean({ error: notificationMessages.enabledInvalid }),
    /** Push when absent. */
    channel: z.enum(NOTIFICATION_CHANNELS, { error: notificationMessages.channelInvalid }).optional(),
  })
  .superRefine((body, ctx) => {
    const forPool = body.kind !== 'favorite-reminders';
    if (!forPool && body.channel === 'email') ctx.addIssue({ code: 'custom', path: ['channel'], message: notificationMessages.emailNotForFavorites });
    if (forPool && body.poolId == null) ctx.addIssue({ code: 'custom', path: ['poolId'], message: notificationMessages.poolRequired });
    if (!forPool && body.poolId != null) ctx.addIssue({ code: 'custom', path: ['poolId'], message: notificationMessages.poolNotAllowed });
  });
export type NotificationSettingBody = z.infer<typeof NotificationSettingBodySchema>;

/** The pool screen's section a notification opens: `?seccion=` of /tabs/pool/{id} (web/lib/paths.ts `paths.pool`). */
export const POOL_SECTIONS = { predict: 'predecir', ranking: 'ranking' } as const;
export type PoolSection = keyof typeof POOL_SECTIONS;
export const poolSectionUrl = (poolId: number, section: PoolSection) => `/tabs/pool/${poolId}?seccion=${POOL_SECTIONS[section]}`;

/** "Te faltan 3 pronósticos en «Los del barrio» · La jornada 14 empieza a las 21:00" (`time`: "21:00", Spain's time). */
export function missingPicksText(
  missing: number,
  poolName: string,
  weekNumber: number,
  time: string,
  boleto = false,
): ReminderText {
  const picks = missing === 1 ? 'Te falta 1 pronóstico' : `Te faltan ${missing} pronósticos`;
  // A La Quiniela pool's jornada is its boleto (docs/decisions/082-modo-la-quiniela.md).
  const jornada = boleto ? `El boleto ${weekNumber}` : `La jornada ${weekNumber}`;
  return { title: notificationMessages.missingPicksTitle, body: `${picks} en «${poolName}» · ${jornada} empieza a las ${time}` };
}

/** "2.º": Spanish ordinals of a place in a table. */
export const ordinal = (position: number) => `${position}.º`;

/**
 * "Jornada 14: +6 puntos · ahora eres 2.º (▲1)": what a participant scored in a finished jornada and their place in
 * the general table, with the places gained (▲) or lost (▼) since the jornada before; unchanged or new, no arrow.
 */
export function jornadaResultText(
  poolName: string,
  jornada: string,
  points: number,
  position: number,
  movement: number | null,
): ReminderText {
  const scored = points === 1 ? '+1 punto' : points > 0 ? `+${points} puntos` : `${points} puntos`;
  const moved = movement ? ` (${movement > 0 ? '▲' : '▼'}${Math.abs(movement)})` : '';
  return { title: poolName, body: `${jornada}: ${scored} · ahora eres ${ordinal(position)}${moved}` };
}
