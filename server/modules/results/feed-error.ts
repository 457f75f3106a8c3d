import { z } from 'zod';
import { feedFailures } from '#contract/index';
import { UnknownCompetitionError } from './openfootball.ts';
import { HttpStatusError, UnsafeUrlError } from './public-url-source.ts';

/** A feed brought nothing, and why in words (`feedFailures`): stored with its pull and shown to everyone. */
export class FeedError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

const causes = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
};
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Why reading a feed failed, in words; null when the failure was not the feed's (a bug, the database), which is then
 * logged and told as `importFailed`.
 */
export function readFailure(error: unknown): string | null {
  if (error instanceof FeedError) return error.reason;
  for (const e of causes(error)) {
    if (e instanceof HttpStatusError) {
      if (e.status === 429) return feedFailures.rateLimited;
      if (e.status === 401 || e.status === 403) return feedFailures.unauthorized;
      if (e.status === 404) return feedFailures.notFound;
      return feedFailures.serverError(e.status);
    }
    if (e instanceof UnsafeUrlError) return feedFailures.unsafe;
    if (e instanceof SyntaxError || e instanceof z.ZodError || e instanceof UnknownCompetitionError) {
      return feedFailures.malformed;
    }
    if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return feedFailures.timeout;
    if (codeOf(e) === 'ENOENT') return feedFailures.notFound;
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EPIPE'].includes(
        String(codeOf(e)),
      ) ||
      (e instanceof TypeError && e.message === 'fetch failed')
    ) {
      return feedFailures.offline;
    }
  }
  return null;
}
