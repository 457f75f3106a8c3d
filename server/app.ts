import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { drainConnectionsOnClose } from './lib/drain-connections.ts';
import { loggerOptions } from './lib/logger.ts';
import { REQUEST_ID_HEADER, requestId } from './lib/request-id.ts';
import { authRoutes, credentialRateLimit } from './modules/accounts/auth.routes.ts';
import { usersRoutes } from './modules/accounts/users.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { mailWorkerPlugin } from './modules/mail/mail-worker.ts';
import { wallRoutes } from './modules/wall/wall.routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { competitionsRoutes } from './modules/matches/competitions.routes.ts';
import { matchesRoutes } from './modules/matches/matches.routes.ts';
import { resultChangesRoutes } from './modules/matches/result-changes.routes.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { poolsRoutes } from './modules/pools/pools.routes.ts';
import { predictionsRoutes } from './modules/predictions/predictions.routes.ts';
import { closeCalendarRoutes } from './modules/predictions/close-calendar.routes.ts';
import { potRoutes } from './modules/pot/pot.routes.ts';
import { bonusRoutes } from './modules/bonus/bonus.routes.ts';
import { jugadaRoutes } from './modules/jugada/jugada.routes.ts';
import { boletosRoutes } from './modules/la-quiniela/boletos.routes.ts';
import { remindersPlugin } from './modules/reminders/reminders-plugin.ts';
import { resultsImportRoutes } from './modules/results/results-import.routes.ts';
import { resultsPollerPlugin } from './modules/results/results-pull.ts';
import { demoBanner, demoPlugin } from './modules/demo/demo.ts';
import { resultsSourceRoutes, resultsStatusRoutes } from './modules/results/results-source.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { confederationsRoutes } from './modules/teams/confederations.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { metricsRoutes } from './plugins/metrics.ts';
import { jsonNestingDepth, MAX_JSON_DEPTH } from './lib/json-depth.ts';
import { statisticsPlugin } from './plugins/statistics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { inlineScriptHashes, webStaticPlugin } from './plugins/web-static.ts';
import { createServices, type Services, type ServicesOptions } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the composition root built for this app: for the process entry (seed, admin account, maintenance)
     * and the tests. Routes and plugins are handed their own parts as options.
     */
    services: Services;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Where the JSON log lines go (standard output by default). */
  logDestination?: NodeJS.WritableStream;
  /** Name resolution and certificates for pushes (`createServices`'s `outbound`): the tests' stand-ins. */
  outbound?: ServicesOptions['outbound'];
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
  outbound,
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
    // A request that reached a closing instance is answered, not told 503: server/lib/drain-connections.ts.
    return503OnClosing: false,
  });
  drainConnectionsOnClose(app);
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
    if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
      return done(Object.assign(new SyntaxError('JSON nested too deeply'), { statusCode: 400, tooDeep: true }), undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new SyntaxError('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  const services = await createServices({ database, config, clock, log: app.log, ...(outbound ? { outbound } : {}) });
  app.decorate('services', services);
  const { repositories, metrics, rateLimiter, versions } = services;
  if (metrics) metrics.observeRequests(app);

  // Cross-cutting plugins first, in this order: errors, headers, compression, docs, identity.
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { inlineScripts: inlineScriptHashes(config.webDistDir) });
  await app.register(storableTextPlugin);
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);
  await app.register(authenticatePlugin, { auth: services.auth });

  // Then the modules, one line each.
  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(authRoutes, { prefix: '/auth', auth: services.auth, links: services.accountLinks, rateLimiter, config });
  await app.register(mailRoutes, {
    from: config.mail?.from ?? null,
    outbox: repositories.outbox,
    unsubscribeKeys: services.unsubscribeKeys,
    unsubscribe: services.reminders.unsubscribeEmail,
  });
  await app.register(passkeysRoutes, {
    prefix: '/auth/passkeys',
    perAddressLimit: credentialRateLimit(rateLimiter, config),
    passkeys: services.passkeys,
  });
  await app.register(confederationsRoutes, {
    prefix: '/api/confederations',
    confederations: repositories.confederations,
  });
  await app.register(teamsRoutes, { prefix: '/api/teams', teams: repositories.teams });
  await app.register(matchesRoutes, {
    prefix: '/api/matches',
    matches: repositories.matches,
    service: services.matches,
    versions,
    clock: services.clock,
  });
  await app.register(resultChangesRoutes, {
    prefix: '/api/matches',
    matches: repositories.matches,
    resultChanges: repositories.resultChanges,
    kickoffChanges: repositories.kickoffChanges,
  });
  await app.register(competitionsRoutes, {
    prefix: '/api/competitions',
    competitions: repositories.competitions,
    clock: services.clock,
  });
  await app.register(usersRoutes, { prefix: '/api/users', users: services.users, links: services.accountLinks });
  await app.register(rolesRoutes, { prefix: '/api/roles', roles: services.roles });
  // Tests await a job's end through it rather than sleeping.
  app.decorate('importJobSettled', services.resultsImport.settled);
  await app.register(resultsImportRoutes, { prefix: '/api/admin', resultsImport: services.resultsImport });
  await app.register(resultsSourceRoutes, { prefix: '/api/admin', resultsSource: services.resultsSource });
  await app.register(resultsStatusRoutes, { prefix: '/api/results', resultsSource: services.resultsSource });
  await app.register(poolsRoutes, { prefix: '/api/pools', pools: services.pools });
  await app.register(predictionsRoutes, { prefix: '/api/predictions', predictions: services.predictions, poolResults: services.poolResults });
  await app.register(leaderboardRoutes, { prefix: '/api/leaderboard', leaderboard: services.leaderboard });
  await app.register(wallRoutes, { prefix: '/api/pools', wall: services.wall });
  await app.register(closeCalendarRoutes, { calendar: services.closeCalendar });
  await app.register(potRoutes, { prefix: '/api/pools', pot: services.pot });
  await app.register(bonusRoutes, { prefix: '/api/pools', bonus: services.bonus });
  await app.register(jugadaRoutes, { prefix: '/api/pools', jugada: services.jugada });
  await app.register(boletosRoutes, { prefix: '/api/pools', boletos: services.boletos });
  await app.register(liveRoutes, {
    prefix: '/api/live',
    hub: services.liveHub,
    liveAccess: (user, poolId) => services.pools.liveAccess(user, poolId),
    follow: database.follow,
    authenticate: (token: string) => services.auth.authenticate(token),
    limits: config.live,
  });
  await app.register(remindersPlugin, {
    reminders: services.reminders,
    vapidKeys: services.vapidKeys,
    scheduler: services.reminderScheduler,
    config: config.reminders,
    ...(metrics
      ? { onTick: (summary: Parameters<typeof metrics.reminderTick>[0]) => metrics.reminderTick(summary) }
      : {}),
  });
  if (config.mail && services.mailRunner) {
    await app.register(mailWorkerPlugin, { runner: services.mailRunner, everySeconds: config.mail.pollSeconds });
  }
  if (services.demo) await app.register(demoPlugin, { demo: services.demo });
  // Whatever the feeds are now: an admin may choose one at any time (none: the poller reads nothing).
  if (services.resultsPoller) {
    await app.register(resultsPollerPlugin, { poller: services.resultsPoller, results: services.resultsPull });
  }

  if (config.statisticsCheckSeconds > 0) {
    await app.register(statisticsPlugin, { refresh: services.refreshStatistics, everySeconds: config.statisticsCheckSeconds });
  }

  await app.register(webStaticPlugin, {
    distDir: config.webDistDir,
    ...(services.demo ? { banner: demoBanner() } : {}),
  });
  return app;
}
