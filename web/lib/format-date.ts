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

/** "domingo 29 nov., 12:00": a short local day and time (a deadline on a card). */
export function formatShortDateTime(isoDate: string): string {
  const date = new Date(isoDate);
  const month = months[date.getMonth()] ?? '';
  const shortMonth = month === 'septiembre' ? 'sept.' : `${month.slice(0, 3)}.`;
  return `${weekdays[date.getDay()]} ${date.getDate()} ${shortMonth}, ${date.getHours()}:${twoDigits(date.getMinutes())}`;
}
