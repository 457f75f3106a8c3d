import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs (pino). Secrets never reach them: the Authorization
 * header is redacted and request bodies (passwords) are not logged at all.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
