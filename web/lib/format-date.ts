const kickoffWithTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short' });
const kickoffDayOnly = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full' });

/**
 * Long-form Spanish kick-off in the device's time zone:
 * "domingo, 22 de noviembre de 2026, 21:00". When only the day is known the
 * time is replaced by "hora por confirmar" rather than showing a made-up hour.
 */
export function formatKickoff(matchDate: string, kickoffConfirmed: boolean): string {
  const kickoff = new Date(matchDate);
  return kickoffConfirmed
    ? kickoffWithTime.format(kickoff)
    : `${kickoffDayOnly.format(kickoff)} · hora por confirmar`;
}
