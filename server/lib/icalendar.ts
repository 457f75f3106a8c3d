/**
 * iCalendar (RFC 5545) as a subscribed calendar reads it: lines ending in CRLF, folded at 75 octets, text escaped,
 * times in UTC. Only what the app publishes: one VCALENDAR of VEVENTs without a METHOD, so each DTSTAMP is the
 * event's LAST-MODIFIED (RFC 5545 §3.8.7.2).
 */

export interface CalendarEvent {
  /** Stable for the same event, so that a calendar app updates it rather than adding another. */
  uid: string;
  start: Date;
  summary: string;
  description: string;
  url: string;
  /** When the event last changed; with `sequence`, how a calendar app tells a newer version. */
  lastModified: Date;
  /** How many times its time has changed (RFC 5545 §3.8.7.4). */
  sequence: number;
}

export interface Calendar {
  /** The product that made it (PRODID). */
  product: string;
  /** The name calendar apps show for the subscription (RFC 7986's NAME, and X-WR-CALNAME for the apps that read only that). */
  name: string;
  /** How often a subscriber should fetch it again, in minutes (RFC 7986's REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshMinutes: number;
  events: readonly CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, a line break as `\n`. */
export const escapeText = (text: string): string =>
  text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** A DATE-TIME in UTC: `20261121T200000Z`. */
export const utcDateTime = (date: Date): string => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * One content line folded so that no line is longer than 75 octets of UTF-8 (RFC 5545 §3.1): each continuation
 * starts with a space, which counts in its 75, and a character is never split across two lines.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

function eventLines(event: CalendarEvent): string[] {
  const modified = utcDateTime(event.lastModified);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${modified}`,
    `LAST-MODIFIED:${modified}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The calendar's text, every line folded and ended with CRLF. */
export function serializeCalendar(calendar: Calendar): string {
  const name = escapeText(calendar.name);
  const refresh = `PT${calendar.refreshMinutes}M`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.product}`,
    'CALSCALE:GREGORIAN',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map((line) => foldLine(line) + CRLF).join('');
}
