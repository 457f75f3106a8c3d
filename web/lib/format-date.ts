/**
 * A Spanish date format, built the first time it is used: a browser's first
 * Intl date format loads the locale's data, 25–40 ms on a fast machine and
 * four times that on a phone, which no module may spend at start-up.
 */
export function spanishDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('es-ES', options));
}

const weekdays = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const months = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Long-form Spanish kick-off in the device's time zone:
 * "domingo, 22 de noviembre de 2026, 21:00". When only the day is known the
 * time is replaced by "hora por confirmar" rather than showing a made-up hour.
 * Written out by hand, as Intl's es-ES `dateStyle: 'full'` (with `timeStyle:
 * 'short'`) writes it: the match list is the first screen, and an Intl format
 * there would be the costliest step of its first render (spanishDateFormat).
 */
export function formatKickoff(matchDate: string, kickoffConfirmed: boolean): string {
  const kickoff = new Date(matchDate);
  const day = `${weekdays[kickoff.getDay()]}, ${kickoff.getDate()} de ${months[kickoff.getMonth()]} de ${kickoff.getFullYear()}`;
  return kickoffConfirmed
    ? `${day}, ${kickoff.getHours()}:${twoDigits(kickoff.getMinutes())}`
    : `${day} · hora por confirmar`;
}

/** "nov.", "sept.": a month as the short dates write it. */
function shortMonth(date: Date): string {
  const month = months[date.getMonth()] ?? '';
  return month === 'septiembre' ? 'sept.' : `${month.slice(0, 3)}.`;
}

/** "domingo 29 nov., 12:00": a short local day and time (a deadline on a card). */
export function formatShortDateTime(isoDate: string): string {
  const date = new Date(isoDate);
  return `${weekdays[date.getDay()]} ${date.getDate()} ${shortMonth(date)}, ${date.getHours()}:${twoDigits(date.getMinutes())}`;
}

/**
 * The local days from `firstIso` to `lastIso` in the short dates' style: "28 nov." for one day, "28–30 nov."
 * within a month, "30 nov.–2 dic." across months (a jornada's dates on Predecir). The year is left out, as the
 * short dates leave it out.
 */
export function formatDayRange(firstIso: string, lastIso: string): string {
  const first = new Date(firstIso);
  const last = new Date(lastIso);
  const sameMonth = first.getFullYear() === last.getFullYear() && first.getMonth() === last.getMonth();
  if (sameMonth && first.getDate() === last.getDate()) return `${first.getDate()} ${shortMonth(first)}`;
  if (sameMonth) return `${first.getDate()}–${last.getDate()} ${shortMonth(last)}`;
  return `${first.getDate()} ${shortMonth(first)}–${last.getDate()} ${shortMonth(last)}`;
}

/**
 * A day's heading in a list grouped by day, in the same words as formatKickoff's day, capitalised as a heading
 * starts: "Sábado, 28 de noviembre". The year is added only when it is not the current one ("Viernes, 2 de abril
 * de 2027"), as a season runs across New Year.
 */
export function formatDayHeading(isoDate: string, now: number): string {
  const date = new Date(isoDate);
  const weekday = weekdays[date.getDay()] ?? '';
  const year = date.getFullYear() === new Date(now).getFullYear() ? '' : ` de ${date.getFullYear()}`;
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${date.getDate()} de ${months[date.getMonth()]}${year}`;
}

/** The local calendar day of an instant, "2026-11-28": two instants of one day on this device share it. */
export function localDayKey(isoDate: string): string {
  const date = new Date(isoDate);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/**
 * When something happened, after what it is: "a las 23:10" on the device's today, "el 28 nov. a las 23:10" on another
 * day (a status line's "actualizados a las 23:10").
 */
export function formatWhen(isoDate: string, now: number): string {
  const date = new Date(isoDate);
  const time = `a las ${date.getHours()}:${twoDigits(date.getMinutes())}`;
  return localDayKey(isoDate) === localDayKey(new Date(now).toISOString())
    ? time
    : `el ${date.getDate()} ${shortMonth(date)} ${time}`;
}
