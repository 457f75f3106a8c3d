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
 * answers (`const docs = routeDocs('pools', 400, 401)`), and `docs.schema`, which builds a route's schema from what is
 * its own: `schema: docs.schema('Un rol', { 200: RoleResponseSchema }, { params: IdParamsSchema })`.
 */
export function routeDocs<const Codes extends readonly number[]>(tag: string, ...codes: Codes) {
  const tags = [tag];
  const security = bearerSecurity;
  const errors = errorResponses(...codes);
  /** A route's summary, its answers besides the module's errors, and its other parts (params, body, description…). */
  const schema = <const Answers extends object, const Parts extends object = object>(
    summary: string,
    answers: Answers,
    parts = {} as Parts,
  ) => ({ tags, security, summary, ...parts, response: { ...answers, ...errors } });
  return { tags, security, errors, schema };
}
