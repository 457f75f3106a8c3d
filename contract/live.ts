import { z } from 'zod';
import { positiveId } from './common.ts';

/**
 * The live channel of a pool (`GET /api/live/pool/{poolId}`, server-sent events read with `fetch`): it carries what
 * changed, never the data itself, so a screen asks again for the cached answer it shows
 * (docs/decisions/045-live-updates-carry-versions-not-tables.md). Each event's `data` is one of these, as JSON.
 */
export const LiveEventSchema = z.discriminatedUnion('kind', [
  /** The stream is open (and again after each reconnection): whatever was missed meanwhile is asked for again. */
  z.object({ kind: z.literal('ready'), poolId: z.number().int() }),
  /** The pool's standings moved; `version` is their new time (ms), the ranking's `lastUpdated`. */
  z.object({ kind: z.literal('ranking'), poolId: z.number().int(), version: z.number() }),
  /** A match the pool counts changed its score or status. */
  z.object({ kind: z.literal('match'), matchId: z.number().int(), competition: z.string(), weekNumber: z.number().int() }),
  /** A wall message came (or went, `deleted`). */
  z.object({
    kind: z.literal('wall'),
    poolId: z.number().int(),
    messageId: z.number().int(),
    matchId: z.number().int().nullable(),
    deleted: z.boolean(),
  }),
  /**
   * The server is stopping (a deploy, a restart): the stream ends next, and the app opens another at a random
   * moment within `reconnectWithinMs`, so the phones it held come back spread out, not in the same second.
   */
  z.object({ kind: z.literal('closing'), reconnectWithinMs: z.number().int().nonnegative() }),
  /**
   * A newer stream of the same account replaced this one (the server keeps a few per account): the stream ends next,
   * and the app opens another only when its page is shown or focused again, so that screens beyond the limit do not
   * take turns replacing each other.
   */
  z.object({ kind: z.literal('replaced') }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * An event's `data`, or a notification's payload on the server; undefined when it is not JSON or is a kind this version
 * does not know (a newer instance's), which both ignore.
 */
export function parseLiveEvent(text: string): LiveEvent | undefined {
  try {
    const parsed = LiveEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const LivePoolParamsSchema = z.object({ poolId: positiveId('La quiniela no es válida.', { coerce: true }) });

/** The stream's event name for every event: the `kind` inside says which. */
export const LIVE_EVENT_NAME = 'pool';

export const liveMessages = {
  /** A live stream refused: its network (or the server) holds as many as it may; the app tries again later. */
  tooManyStreams: 'Demasiadas conexiones en directo abiertas. Se volverá a intentar en un momento.',
} as const;
