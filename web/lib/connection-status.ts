import type { Connectivity } from './connectivity.ts';
import { spanishDateFormat } from './format-date.ts';

const clockTime = spanishDateFormat({ hour: '2-digit', minute: '2-digit' });
const shortDay = spanishDateFormat({ day: 'numeric', month: 'short' });

/** "de las 20:15" today, "del 21 nov, 20:15" on an earlier day (the device's time zone). */
export function describeSavedAt(savedAt: number, now: number): string {
  const saved = new Date(savedAt);
  const time = clockTime().format(saved);
  if (saved.toDateString() === new Date(now).toDateString()) return `de las ${time}`;
  return `del ${shortDay().format(saved).replace('.', '')}, ${time}`;
}

/**
 * The offline banner's text, or null when there is nothing to say: offline, and
 * whether the screens show the spec's cached answers and from when. Online
 * with cached answers means the server could not be reached.
 */
export function connectionNotice({ online, staleSince }: Connectivity, now = Date.now()): string | null {
  if (online)
    return staleSince === null ? null : `Servidor no disponible · datos guardados ${describeSavedAt(staleSince, now)}`;
  if (staleSince === null) return 'Sin conexión';
  return `Sin conexión · mostrando datos guardados ${describeSavedAt(staleSince, now)}`;
}
