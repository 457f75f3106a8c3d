import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { MessageResponseSchema, type UserProfile } from '#contract/index';
import { guardedApi } from '../../lib/guarded-api.ts';
import { sendJsonReply, type JsonReply } from '../../lib/json-reply.ts';
import { notModifiedResponse, type routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from './request-user.ts';

/** A route's own parts of its schema besides its answers (`docs.schema`'s third argument). */
interface Parts {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  description?: string;
}

/** What a route's parts parsed of the request, as its work reads it (`unknown` where it has no such part). */
interface Input<P extends Parts> {
  params: z.output<P['params']>;
  query: z.output<P['querystring']>;
  body: z.output<P['body']>;
}

/** The work of a route: done for the signed-in user with what its parts parsed. */
type Work<P extends Parts, T> = (user: UserProfile, input: Input<P>) => Promise<T>;

type RouteDocs = Pick<ReturnType<typeof routeDocs<[]>>, 'schema'>;

/**
 * The routes of a module every route of which needs a session (`requireUser` on all of them), documented by the
 * module's `docs` (server/lib/route-docs.ts). Each helper registers a route of a common kind from its method, path,
 * summary, answer, parts and work, in the order they are called; `documented` gives the same helpers for routes the
 * module documents otherwise, and `api` is there for a route of its own kind.
 */
export function signedInRoutes(app: FastifyInstance, docs: RouteDocs) {
  const api = guardedApi(app, 'requireUser');

  /** The cast only names what the parts parsed: Fastify's types do not follow the generics. */
  const route = <P extends Parts>(
    method: HTTPMethods,
    url: string,
    schema: object,
    respond: (user: UserProfile, input: Input<P>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    api.route({
      method,
      url,
      schema,
      handler: async (request, reply) => respond(currentUser(request), request as unknown as Input<P>, request, reply),
    });

  const documented = ({ schema }: RouteDocs) => {
    /** Routes answering `status` with what `work` gives (202: what it set going). */
    const answering =
      (status: 200 | 201 | 202) =>
      <P extends Parts, Answer>(
        method: HTTPMethods,
        url: string,
        summary: string,
        answerSchema: z.ZodType<Answer>,
        parts: P,
        work: Work<P, Answer>,
      ) =>
        route(
          method,
          url,
          schema(summary, { [status]: answerSchema }, parts),
          async (user, input: Input<P>, _request, reply) => reply.code(status).send(await work(user, input)),
        );
    const answer = answering(200);

    /** Routes answering `status` with `{ data }`: what `work` gives (201: what it made). */
    const data =
      (status: 200 | 201) =>
      <P extends Parts, T>(
        method: HTTPMethods,
        url: string,
        summary: string,
        answerSchema: z.ZodType<{ data: T }>,
        parts: P,
        work: Work<P, T>,
      ) =>
        answering(status)(method, url, summary, answerSchema, parts, async (user, input) => ({
          data: await work(user, input),
        }));

    return {
      answer,
      accepted: answering(202),
      data: data(200),
      created: data(201),

      /** A GET answered with an ETag (server/lib/json-reply.ts), 304 while the client holds it. */
      cached: <P extends Parts>(
        url: string,
        summary: string,
        answerSchema: z.ZodType,
        parts: P,
        read: (user: UserProfile, input: Input<P>, seenAt: number | undefined) => Promise<JsonReply>,
      ) =>
        route(
          'GET',
          url,
          schema(summary, { 200: answerSchema, ...notModifiedResponse }, parts),
          async (user, input: Input<P>, request, reply) =>
            sendJsonReply(request, reply, await read(user, input, request.seenAt)),
        ),

      /** A route answering `{ message }` once `work` is done. */
      done: <P extends Parts>(
        method: HTTPMethods,
        url: string,
        summary: string,
        parts: P,
        message: string,
        work: Work<P, unknown>,
      ) =>
        answer(method, url, summary, MessageResponseSchema, parts, async (user, input) => {
          await work(user, input);
          return { message };
        }),
    };
  };

  return { api, documented, ...documented(docs) };
}
