import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** An answer serialised once and sent many times (hot reads): its bytes and their ETag. */
export interface JsonReply {
  /** Bytes, not a string: sending a string would encode it again on every request. */
  body: Buffer;
  etag: string;
}

/** Encodes with the route's response schema, as the route serializer would (undeclared fields dropped). */
export function toJsonReply(schema: z.ZodType, value: unknown): JsonReply {
  const body = Buffer.from(JSON.stringify(z.encode(schema, value)));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends the pre-serialised bytes (bytes skip the route serializer), or 304
 * when the client already holds them. `no-cache`: clients revalidate every time, so a change shows at once.
 */
export function sendJsonReply(request: FastifyRequest, reply: FastifyReply, { body, etag }: JsonReply) {
  void reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
