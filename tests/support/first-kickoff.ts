/**
 * The first kick-off the reminder tests build their jornada (or boleto) around: 2 Dec 2026 at 20:00 UTC, 21:00 in
 * Madrid. Their clocks are set in hours from it.
 */
const FIRST_KICKOFF = new Date('2026-12-02T20:00:00Z');
export const HOUR = 3_600_000;

/** `offsetHours` hours after the first kick-off (before it when negative). */
export const at = (offsetHours: number) => new Date(FIRST_KICKOFF.getTime() + offsetHours * HOUR);
