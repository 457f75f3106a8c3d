import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export type Encoding = 'br' | 'gzip';

/** An answer serialised once and sent many times (hot reads): its bytes and their ETag. */
export interface JsonReply {
  /** Bytes, not a string: sending a string would encode it again on every request. */
  body: Buffer;
  etag: string;
  /** The body compressed, each encoding made by the first request that accepts it and kept with the answer. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/** Below this, compressing saves less than a packet and costs a pass over the bytes. */
export const MIN_COMPRESSED_BYTES = 1024;

// Quality 5: most of brotli's gain over gzip, in a few milliseconds for the whole match list.
const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

const encoders: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, brotliOptions(body)),
  gzip: (body) => gzipSync(body),
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The same encodings off the event loop, for answers compressed once each (server/plugins/compression.ts). */
export const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotliAsync(body, brotliOptions(body)),
  gzip: (body) => gzipAsync(body),
};

/** Whether an Accept-Encoding header accepts `coding` (listed, and not with q=0). */
function accepts(acceptEncoding: string, coding: Encoding): boolean {
  return acceptEncoding.split(',').some((entry) => {
    const [name, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    return name === coding && !params.some((param) => /^q=0(\.0{0,3})?$/.test(param));
  });
}

/** Brotli where the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

/**
 * Whether an If-None-Match header names `etag`: a list of tags, weak (`W/"…"`) or strong, or `*`.
 * GETs compare weakly (RFC 9110 §13.1.2): a weak tag matches the strong tag with the same value.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/** Encodes with the route's response schema, as the route serializer would (undeclared fields dropped). */
export function toJsonReply(schema: z.ZodType, value: unknown): JsonReply {
  const body = Buffer.from(JSON.stringify(z.encode(schema, value)));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends the pre-serialised bytes (bytes skip the route serializer), compressed
 * when the client accepts it (the match list is ~110 kB of JSON, ~10 kB in
 * brotli: most of a phone's wait on a slow network), or 304 when the client
 * already holds them. `no-cache`: clients revalidate every time, so a change
 * shows at once.
 */
export function sendJsonReply(request: FastifyRequest, reply: FastifyReply, answer: JsonReply) {
  const { body, etag } = answer;
  void reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = body.length >= MIN_COMPRESSED_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  answer.encoded ??= {};
  const encoded = (answer.encoded[encoding] ??= encoders[encoding](body));
  return reply.header('content-encoding', encoding).send(encoded);
}
