/** One server-sent event: its name (`message` when the frame gives none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental reader of `text/event-stream` (the live channel, decision 046): feed it the body's text as it
 * arrives, in chunks cut anywhere; it calls `onEvent` for each complete frame. Comment lines (the heartbeat) and
 * frames without data are skipped.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
    }
  };
}

export const RECONNECT_MS = { first: 1_000, max: 30_000 };

/** After the server's `closing` (it is stopping): a moment at random within the window it gave. */
export const closingDelay = (withinMs: number, random: () => number = Math.random): number =>
  Math.round(random() * withinMs);

/**
 * The wait before reconnection attempt `failures` (1, 2, …): 1 s doubling up to 30 s, each drawn at random between
 * half of it and all of it, so that the phones a restart cut off do not all come back in the same second.
 */
export const reconnectDelay = (failures: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(RECONNECT_MS.first * 2 ** Math.max(0, failures - 1), RECONNECT_MS.max);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

/**
 * A refused stream's wait (429: the server holds as many streams as it may): the answer's Retry-After in seconds,
 * spread over a quarter more so the refused do not return together; null when the answer gives none.
 */
export function retryAfterDelay(header: string | null, random: () => number = Math.random): number | null {
  const seconds = header === null ? NaN : Number(header);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.round(seconds * 1000 * (1 + random() / 4));
}
