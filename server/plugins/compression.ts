import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding, compress, MIN_COMPRESSED_BYTES } from '../lib/json-reply.ts';

/** Adds Accept-Encoding to the Vary header, keeping what is there. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const listed = vary === undefined ? [] : String(vary).split(',').map((v) => v.trim());
  if (!listed.some((v) => v.toLowerCase() === 'accept-encoding')) void reply.header('vary', [...listed, 'accept-encoding'].join(', '));
}

/**
 * Compresses JSON answers of 1 KiB and more when the client accepts it (the OpenAPI document is 159 kB), in
 * zlib's thread pool. Answers already encoded pass as they are: the hot reads (`sendJsonReply`, compressed once
 * per version) and the web app's files (precompressed at build time, sent as streams).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (!String(reply.getHeader('content-type')).startsWith('application/json')) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < MIN_COMPRESSED_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    void reply.header('content-encoding', encoding);
    return compress[encoding](body);
  });
});
