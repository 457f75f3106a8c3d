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
  app.addHook('preValidation', async (request, reply) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path) return sendError(reply, 400, describeValidationIssue(path, messages.unstorableText));
    }
  });
});
