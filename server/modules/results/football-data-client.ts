import { feedFailures } from '#contract/index';
import { FeedError } from './feed-error.ts';
import { HttpStatusError } from './public-url-source.ts';

const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const MINUTE_MS = 60_000;

export interface FootballDataOptions {
  token: string;
  /** https://api.football-data.org/v4, or a stand-in (the tests' replay server, the demo's feed). */
  baseUrl: string;
  /** The plan's calls per minute: 10 on the free tier. */
  callsPerMinute: number;
  timeoutMs?: number;
  /** Real time, not the app's clock: the limit is counted by football-data.org's. */
  now?: () => number;
}

/**
 * football-data.org's v4 API, read within its rate limit: at most `callsPerMinute` calls in any minute from this
 * process, and none at all until the time its answer says the count resets once it says no call is left (its
 * `X-Requests-Available-Minute` and `X-RequestCounter-Reset` headers) or answered 429. A call that would go over is
 * not made: it fails at once as "límite de peticiones alcanzado", as the 429 would have.
 */
export function createFootballDataClient({
  token,
  baseUrl,
  callsPerMinute,
  timeoutMs = 15_000,
  now = Date.now,
}: FootballDataOptions) {
  const calls: number[] = [];
  let blockedUntil = 0;

  const take = () => {
    const at = now();
    while (calls.length > 0 && calls[0]! <= at - MINUTE_MS) calls.shift();
    if (at < blockedUntil || calls.length >= callsPerMinute) throw new FeedError(feedFailures.rateLimited);
    calls.push(at);
  };
  /** After an answer that says so, no call until the count resets (its seconds, a minute when it does not say). */
  const holdOff = (headers: Headers, exhausted: boolean) => {
    if (!exhausted) return;
    const seconds = Number(headers.get('x-requestcounter-reset'));
    blockedUntil = now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : MINUTE_MS);
  };

  return {
    /** The JSON answer of `GET {baseUrl}{path}`; a FeedError or HttpStatusError when there is none. */
    async get(path: string): Promise<unknown> {
      take();
      const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
      const response = await fetch(url, {
        headers: { 'X-Auth-Token': token, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      holdOff(response.headers, response.status === 429 || response.headers.get('x-requests-available-minute') === '0');
      if (!response.ok) {
        await response.body?.cancel();
        throw new HttpStatusError(url, response.status);
      }
      const text = await response.text();
      if (text.length > MAX_ANSWER_BYTES) throw new FeedError(feedFailures.malformed);
      return JSON.parse(text) as unknown;
    },
  };
}

export type FootballDataClient = ReturnType<typeof createFootballDataClient>;
