import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feedFailures } from '#contract/index';
import { FeedError, readFailure } from './feed-error.ts';
import { UnknownCompetitionError } from './openfootball.ts';
import { HttpStatusError, UnsafeUrlError } from './public-url-source.ts';

const coded = (code: string) => Object.assign(new Error(code), { code });

describe('why a feed brought nothing, in words', () => {
  it('tells the network, the source’s answer and its data apart', () => {
    expect(readFailure(new TypeError('fetch failed', { cause: coded('ECONNREFUSED') }))).toBe(feedFailures.offline);
    expect(readFailure(coded('ENOTFOUND'))).toBe(feedFailures.offline);
    expect(readFailure(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(feedFailures.timeout);
    expect(readFailure(new HttpStatusError('https://x', 429))).toBe(feedFailures.rateLimited);
    expect(readFailure(new HttpStatusError('https://x', 403))).toBe(feedFailures.unauthorized);
    expect(readFailure(new HttpStatusError('https://x', 404))).toBe(feedFailures.notFound);
    expect(readFailure(new HttpStatusError('https://x', 503))).toBe('la fuente respondió 503');
    expect(readFailure(new SyntaxError('Unexpected end of JSON input'))).toBe(feedFailures.malformed);
    expect(readFailure(new z.ZodError([]))).toBe(feedFailures.malformed);
    expect(readFailure(new UnknownCompetitionError('x'))).toBe(feedFailures.malformed);
    expect(readFailure(new UnsafeUrlError('x'))).toBe(feedFailures.unsafe);
    expect(readFailure(coded('ENOENT'))).toBe(feedFailures.notFound);
    expect(readFailure(new FeedError(feedFailures.rateLimited))).toBe(feedFailures.rateLimited);
  });

  it('is null for what is not the feed’s fault (logged, told as an import that failed)', () => {
    expect(readFailure(new Error('relation "matches" does not exist'))).toBeNull();
  });
});
