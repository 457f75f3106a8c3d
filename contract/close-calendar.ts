import { z } from 'zod';
import { dataEnvelope } from './common.ts';

/**
 * The calendar of a pool's closes ("Calendario de cierres"): one event per jornada at the first close of its picks,
 * fetched by calendar apps from an address that carries a signed token, as they cannot send a session
 * (docs/decisions/077-a-calendar-of-the-closes.md).
 */
export const closeCalendarMessages = {
  title: 'Calendario de cierres',
  /** What the pool screen says of it. */
  explanation: 'El primer cierre de cada jornada en tu calendario. Se actualiza solo si cambian los horarios.',
  add: 'Añadir al calendario',
  copy: 'Copiar enlace',
  copied: 'Enlace del calendario copiado al portapapeles.',
  copyFailed: 'No se pudo copiar el enlace.',
  loading: 'Preparando el enlace...',
  /** The calendar's name in the calendar app. */
  calendarName: (poolName: string) => `Cierres · ${poolName}`,
  /** An event's title: "Cierre: Jornada 14 · Los del barrio". */
  eventTitle: (roundLabel: string, poolName: string, confirmed: boolean) =>
    `Cierre: ${roundLabel} · ${poolName}${confirmed ? '' : ' (hora por confirmar)'}`,
  firstMatch: (home: string, away: string, confirmed: boolean) =>
    `Primer partido: ${home} – ${away}${confirmed ? '' : ' (hora por confirmar: el cierre puede cambiar)'}.`,
  closes: (minutesBefore: number) =>
    minutesBefore === 0
      ? 'Los pronósticos de cada partido cierran a su inicio.'
      : `Los pronósticos de cada partido cierran ${minutesBefore} min antes de su inicio.`,
  predictAt: (url: string) => `Pronostica en ${url}`,
  /** A token this server did not sign, or no token at all. */
  invalid: 'Este enlace de calendario no es válido.',
  /** A signed token whose pool is gone, or whose user no longer takes part in it. */
  gone: 'Este calendario ya no está disponible: la quiniela no existe o ya no participas en ella.',
} as const;

/** `GET /api/pools/{id}/calendar`: the signed-in member's own address of the pool's calendar, over https and webcal. */
export const CloseCalendarLinkSchema = z.object({
  url: z.string(),
  /** The same address with the `webcal:` scheme, which hands it to the device's calendar app. */
  webcalUrl: z.string(),
});
export type CloseCalendarLink = z.infer<typeof CloseCalendarLinkSchema>;
export const CloseCalendarLinkResponseSchema = dataEnvelope(CloseCalendarLinkSchema);

/** `GET /api/calendar/{token}.ics`: up to 100 characters (a longer one is a 400); only a token this server signed opens a calendar, anything else is a 404. */
export const CloseCalendarParamsSchema = z.object({ token: z.string().max(100) });
