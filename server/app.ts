import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { dataVersions, observeCacheLookups, soleWriter } from './lib/data-versions.ts';
import { loggerOptions } from './lib/logger.ts';
import { createMetrics, metricsRoutes } from './lib/metrics.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { REQUEST_ID_HEADER, requestId } from './lib/request-id.ts';
import { authRoutes, credentialRateLimit } from './modules/accounts/auth.routes.ts';
import { createPasskeysRepository } from './modules/passkeys/passkeys.repository.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { createPasskeysService } from './modules/passkeys/passkeys.service.ts';
import { createAuthService } from './modules/accounts/auth.service.ts';
import { createSessionsRepository } from './modules/accounts/sessions.repository.ts';
import { createPoolsRepository } from './modules/pools/pools.repository.ts';
import { poolsRoutes } from './modules/pools/pools.routes.ts';
import { createPoolsService } from './modules/pools/pools.service.ts';
import { confederationsRoutes } from './modules/teams/confederations.routes.ts';
import { createConfederationsRepository } from './modules/teams/confederations.repository.ts';
import { createStandingsRepository } from './modules/leaderboard/standings.repository.ts';
import { createMatchesService } from './modules/matches/matches.service.ts';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { createPredictionsRepository } from './modules/predictions/predictions.repository.ts';
import { predictionsRoutes } from './modules/predictions/predictions.routes.ts';
import { createPredictionsService } from './modules/predictions/predictions.service.ts';
import { remindersPlugin } from './modules/reminders/reminders-plugin.ts';
import { createResultsImporter } from './modules/results/results-importer.ts';
import { createResultsPull, resultsPollerPlugin } from './modules/results/results-pull.ts';
import { createMatchesRepository } from './modules/matches/matches.repository.ts';
import { matchesRoutes } from './modules/matches/matches.routes.ts';
import { createTeamsRepository } from './modules/teams/teams.repository.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { createUsersRepository } from './modules/accounts/users.repository.ts';
import { usersRoutes } from './modules/accounts/users.routes.ts';
import { createUsersService } from './modules/accounts/users.service.ts';
import { createRolesRepository } from './modules/roles/roles.repository.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { adminRoutes } from './modules/results/results-import.routes.ts';
import { createImportJobsRepository } from './modules/results/import-jobs.repository.ts';
import { createResultChangesRepository } from './modules/matches/result-changes.repository.ts';
import { resultChangesRoutes } from './modules/matches/result-changes.routes.ts';
import { createResultsImportService } from './modules/results/results-import.service.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { webStaticPlugin } from './plugins/web-static.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Where the JSON log lines go (standard output by default). */
  logDestination?: NodeJS.WritableStream;
}

/** The last `hops` addresses (the socket's peer, then X-Forwarded-For from the right) are proxies. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Request bodies above this are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole app: what `server/main.ts` serves and what the API tests inject into. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logDestination,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logDestination),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify 5.12.8 takes a number as "trust nobody": hops are given as a trust function
    // (docs/decisions/027-trust-proxy-names-proxies-or-counts-hops.md).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Off: Fastify would take the header as it comes; requestId checks it first.
    requestIdHeader: false,
    genReqId: requestId,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body type is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  // Bodiless POSTs (sign-out, update-all) may still carry a JSON content type.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new SyntaxError('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  const { db } = database;
  // Cached answers are checked against data versions: in memory on PGlite (its commits say what changed), read from
  // the database on PostgreSQL.
  if (database.listen) await soleWriter(db, database.listen);
  const versions = dataVersions(db);
  // Only with a METRICS_TOKEN: without one nothing is counted and GET /metrics is a 404.
  const metrics = config.metricsToken
    ? createMetrics(database.poolStats ? { poolStats: database.poolStats } : {})
    : null;
  if (metrics) {
    metrics.observeRequests(app);
    observeCacheLookups(versions, (topic, hit) => metrics.cacheLookup(topic, hit));
  }
  const counted: NonNullable<typeof metrics>['countImports'] = (trigger, run) =>
    metrics ? metrics.countImports(trigger, run) : run;
  const rateLimiter = createRateLimiter(db, clock);
  const teams = createTeamsRepository(db);
  const matches = createMatchesRepository(db);
  const standings = createStandingsRepository(db);
  const pools = createPoolsRepository(db);
  const resultChanges = createResultChangesRepository(db);
  const matchesService = createMatchesService({ db, matches, resultChanges, teams, standings, clock });
  const results = config.resultsSource
    ? createResultsPull(counted('pull', createResultsImporter(db, clock)), config.resultsSource, database)
    : null;
  const users = createUsersRepository(db);
  const auth = createAuthService({
    users,
    sessions: createSessionsRepository(db),
    rateLimiter,
    clock,
    config,
    versions,
  });

  // Cross-cutting plugins first, in this order: errors, headers, compression, docs, identity.
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(storableTextPlugin);
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);
  await app.register(authenticatePlugin, { auth });

  // Then the modules, one line each.
  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(authRoutes, { prefix: '/auth', auth, rateLimiter, config });
  await app.register(passkeysRoutes, {
    prefix: '/auth/passkeys',
    perAddressLimit: credentialRateLimit(rateLimiter, config),
    passkeys: createPasskeysService({ passkeys: createPasskeysRepository(db), users, auth, clock, config }),
  });
  await app.register(confederationsRoutes, {
    prefix: '/api/confederations',
    confederations: createConfederationsRepository(db),
  });
  await app.register(teamsRoutes, { prefix: '/api/teams', teams });
  await app.register(matchesRoutes, { prefix: '/api/matches', matches, service: matchesService, versions, clock });
  await app.register(resultChangesRoutes, {
    prefix: '/api/matches',
    matches,
    resultChanges,
  });
  await app.register(usersRoutes, {
    prefix: '/api/users',
    users: createUsersService({ db, users, rateLimiter, config }),
  });
  await app.register(rolesRoutes, {
    prefix: '/api/roles',
    roles: createRolesService({ roles: createRolesRepository(db) }),
  });
  const importResults = createResultsImportService({
    importResults: counted('admin', createResultsImporter(db, clock)),
    matches,
    jobs: createImportJobsRepository(db),
    clock,
    log: app.log,
  });
  // Tests await a job's end through it rather than sleeping.
  app.decorate('importJobSettled', importResults.settled);
  await app.register(adminRoutes, { prefix: '/api/admin', importResults });
  await app.register(poolsRoutes, {
    prefix: '/api/pools',
    pools: createPoolsService({ pools, rateLimiter, config }),
  });
  await app.register(predictionsRoutes, {
    prefix: '/api/predictions',
    predictions: createPredictionsService({
      predictions: createPredictionsRepository(db),
      pools,
      matches,
      standings,
      clock,
    }),
  });
  await app.register(leaderboardRoutes, {
    prefix: '/api/leaderboard',
    leaderboard: createLeaderboardService({
      standings,
      pools,
      rateLimiter,
      clock,
      config,
      pullResults: results?.pull ?? null,
      versions,
    }),
  });
  await app.register(remindersPlugin, {
    db,
    matches,
    clock,
    config: config.reminders,
    ...(metrics
      ? { onTick: (summary: Parameters<typeof metrics.reminderTick>[0]) => metrics.reminderTick(summary) }
      : {}),
  });
  if (results && config.resultsPollMinutes > 0) {
    await app.register(resultsPollerPlugin, { results, everyMinutes: config.resultsPollMinutes });
  }

  await app.register(webStaticPlugin, { distDir: config.webDistDir });
  return app;
}
