import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnstorableText, messages } from '#contract/index';
import { describeValidationIssue, sendError } from './error-handler.ts';

/**
 * Refuses text the database cannot store (the contract's `findUnstorableText`) in every route's params,
 * query and body, before validation and before any work (a sign-up used to hash its password first):
 * a 400 naming the field instead of a 500 from the driver.
 */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  // Not async: a promise per request is a measurable share of a cached read's few microseconds.
  app.addHook('preValidation', (request, reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      // Answered here: the route's handler never runs.
      if (path) return void sendError(reply, 400, describeValidationIssue(path, messages.unstorableText));
    }
    done();
  });
});
