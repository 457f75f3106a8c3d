import { z } from 'zod';
import { ApiErrorSchema } from '#contract/index';

/** Every route that needs a session documents it the same way in the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The error answers a route documents: all in the one `{ statusCode, error, message }` shape. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<Codes[number], typeof ApiErrorSchema>;
}

/** The answer of a route sent with an ETag (server/lib/json-reply.ts) when the client already holds it. */
export const notModifiedResponse = { 304: z.null().describe('Sin cambios') };

/**
 * What every route of a module documents alike: the module's OpenAPI tag, the session it needs and its error
 * answers (`const { tags, security, errors } = routeDocs('pools', 400, 401)`).
 */
export function routeDocs<const Codes extends readonly number[]>(tag: string, ...codes: Codes) {
  return { tags: [tag], security: bearerSecurity, errors: errorResponses(...codes) };
}
