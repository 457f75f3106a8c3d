import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabels, messages } from '#contract/index';
import { AppError, StoppingError, TooManyRequestsError } from '../lib/errors.ts';

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function sendError(reply: FastifyReply, statusCode: number, message: string) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: reasonPhrases[statusCode] ?? 'Error', message });
}

// Driver and network codes meaning "the database cannot be reached right now".
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08000', '08001', '08003', '08006', '53300']);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (e instanceof Error && /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(e.message)) {
      return true;
    }
  }
  return false;
}

/** Says which field is wrong, unless the message already names it. */
export function describeValidationIssue(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  const label = fieldLabels[field] ?? field;
  if (!field || message.toLowerCase().includes(label.toLowerCase())) return message;
  return `Campo «${label}»: ${message}`;
}

/**
 * Turns every failure into the brief's `{ statusCode, error, message }` with a
 * Spanish message. 5xx answers never carry internals; they are logged instead.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError || error instanceof StoppingError) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.message);
    }
    if (error instanceof AppError) return sendError(reply, error.statusCode, error.message);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first
        ? describeValidationIssue(first.instancePath.split('/').filter(Boolean), first.message ?? messages.invalidInput)
        : messages.invalidInput;
      return sendError(reply, 400, message);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, messages.invalidJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, messages.bodyTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, messages.unsupportedMediaType);
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return sendError(reply, 400, 'tooDeep' in error ? messages.jsonTooDeep : messages.invalidJson);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, 503, messages.serviceUnavailable);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad headers, bad URL…): keep the status, say it in Spanish.
      return sendError(reply, status, status === 404 ? messages.routeNotFound : messages.invalidInput);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, messages.internalError);
  });
});
