import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createDataVersions, observeCacheLookups, soleWriter } from './lib/data-versions.ts';
import { dataVersionsRead } from './db/data-versions-read.ts';
import { createMetrics, type Metrics } from './plugins/metrics.ts';
import { createRateLimiter } from './db/rate-limit-counters.ts';
import { createMaintenance } from './maintenance.ts';
import { analyzeStaleTables } from './db/statistics.ts';
import { createAccountLinksService } from './modules/accounts/account-links.service.ts';
import { createAccountTokensRepository } from './modules/accounts/account-tokens.repository.ts';
import { createAuthService } from './modules/accounts/auth.service.ts';
import { createMailOutboxRepository, type QueuedKind } from './modules/mail/mail-outbox.repository.ts';
import type { MailQueue } from './modules/mail/mail-queue.ts';
import { createMailRunner, createMailWorker, type ComposeMail, type MailRunner } from './modules/mail/mail-worker.ts';
import { createSmtpSender } from './modules/mail/mail-transport.ts';
import { createUnsubscribeKeyStore } from './modules/mail/unsubscribe-tokens.ts';
import { createReminderMails } from './modules/reminders/reminder-mails.ts';
import { createSessionsRepository } from './modules/accounts/sessions.repository.ts';
import { createUsersRepository } from './modules/accounts/users.repository.ts';
import { createUsersService } from './modules/accounts/users.service.ts';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.ts';
import { createStandingsRepository } from './modules/leaderboard/standings.repository.ts';
import { createCompetitionsRepository } from './modules/matches/competitions.repository.ts';
import { createMatchesRepository } from './modules/matches/matches.repository.ts';
import { createMatchesService } from './modules/matches/matches.service.ts';
import { createKickoffChangesRepository } from './modules/matches/kickoff-changes.repository.ts';
import { changeAuthors, createResultChangesRepository } from './modules/matches/result-changes.repository.ts';
import { createPasskeysRepository } from './modules/passkeys/passkeys.repository.ts';
import { createPasskeysService } from './modules/passkeys/passkeys.service.ts';
import { createPoolsRepository } from './modules/pools/pools.repository.ts';
import { createPoolsService } from './modules/pools/pools.service.ts';
import { createPoolResultsRepository } from './modules/predictions/pool-results.repository.ts';
import { createPoolResultsService } from './modules/predictions/pool-results.service.ts';
import { createCalendarKeyStore } from './modules/predictions/calendar-tokens.ts';
import { createCloseCalendarRepository } from './modules/predictions/close-calendar.repository.ts';
import { createCloseCalendarService } from './modules/predictions/close-calendar.service.ts';
import { createPotRepository } from './modules/pot/pot.repository.ts';
import { createPotService } from './modules/pot/pot.service.ts';
import { createBonusRepository } from './modules/bonus/bonus.repository.ts';
import { createBonusService } from './modules/bonus/bonus.service.ts';
import { createJugadaRepository } from './modules/jugada/jugada.repository.ts';
import { createJugadaService } from './modules/jugada/jugada.service.ts';
import { createBoletosRepository } from './modules/la-quiniela/boletos.repository.ts';
import { createBoletosService } from './modules/la-quiniela/boletos.service.ts';
import { createPredictionsRepository } from './modules/predictions/predictions.repository.ts';
import { createPredictionsService } from './modules/predictions/predictions.service.ts';
import { createNotificationSettingsRepository } from './modules/reminders/notification-settings.repository.ts';
import { createPoolPushesRepository } from './modules/reminders/pool-pushes.repository.ts';
import { createPushSender } from './modules/reminders/push-sender.ts';
import { createPushEndpointGuard, type PushEndpointPolicy } from './modules/reminders/push-endpoint.ts';
import { createPushSubscriptionsRepository } from './modules/reminders/push-subscriptions.repository.ts';
import { createReminderScheduler } from './modules/reminders/reminder-scheduler.ts';
import { createRemindersRepository } from './modules/reminders/reminders.repository.ts';
import { createRemindersService } from './modules/reminders/reminders.service.ts';
import { createVapidKeyStore } from './modules/reminders/vapid-keys.ts';
import { createImportJobsRepository } from './modules/results/import-jobs.repository.ts';
import { createResultsImportService, type ImportJobLog } from './modules/results/results-import.service.ts';
import { createResultsImporter } from './modules/results/results-importer.ts';
import { createFootballDataClient } from './modules/results/football-data-client.ts';
import { createPullPlanner } from './modules/results/pull-schedule.ts';
import { createResultsFeeds } from './modules/results/results-feeds.ts';
import { createResultsPoller, createResultsPull } from './modules/results/results-pull.ts';
import { createDemo } from './modules/demo/demo.ts';
import { createResultsSourceSetting } from './modules/results/results-source-setting.ts';
import { createResultsSourceService } from './modules/results/results-source.service.ts';
import { createRolesRepository } from './modules/roles/roles.repository.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { createLiveHub } from './modules/live/live-hub.ts';
import { createWallRepository } from './modules/wall/wall.repository.ts';
import { createWallService } from './modules/wall/wall.service.ts';
import { createConfederationsRepository } from './modules/teams/confederations.repository.ts';
import { createTeamsRepository } from './modules/teams/teams.repository.ts';

export interface ServicesOptions {
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'poolStats' | 'listen'>;
  config: Config;
  clock?: Clock;
  /** Where background results import jobs report: the app's logger (a CLI, which starts none, passes the console). */
  log: ImportJobLog;
  /** Name resolution and trusted certificates for pushes, the system's unless given (the tests' stand-ins). */
  outbound?: Pick<PushEndpointPolicy, 'resolve' | 'ca'>;
}

/**
 * The composition root: every repository and service of the server, built once for one database handle.
 * Modules never build each other's parts: each receives what it needs from here as parameters. Used by
 * `buildApp` (server/app.ts, which hands the result to its routes and exposes it as `app.services` to
 * server/main.ts and the tests), and by the CLIs and benchmarks that work without the HTTP app.
 */
export async function createServices({ database, config, clock = systemClock, log, outbound = {} }: ServicesOptions) {
  const { db } = database;
  // Cached answers are checked against data versions: in memory on PGlite (its commits say what changed), read from
  // the database on PostgreSQL.
  const versions = createDataVersions(dataVersionsRead(db));
  if (database.listen) await soleWriter(versions, database.listen);
  const outbox = createMailOutboxRepository(db);
  // Only with a METRICS_TOKEN: without one nothing is counted and GET /metrics is a 404.
  const metrics = config.metricsToken
    ? createMetrics({
        ...(database.poolStats ? { poolStats: database.poolStats } : {}),
        ...(config.mail ? { mailQueued: async () => (await outbox.status()).queued } : {}),
      })
    : null;
  if (metrics) observeCacheLookups(versions, (topic, hit) => metrics.cacheLookup(topic, hit));
  const counted: Metrics['countImports'] = (trigger, run) => (metrics ? metrics.countImports(trigger, run) : run);
  const rateLimiter = createRateLimiter(db, clock);

  // A feed's changes are named as this install names the feed (the demo's replay is not football-data.org).
  const authorOf = changeAuthors(config.footballData?.label ? { 'football-data': config.footballData.label } : {});
  const repositories = {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    passkeys: createPasskeysRepository(db),
    roles: createRolesRepository(db),
    confederations: createConfederationsRepository(db),
    teams: createTeamsRepository(db),
    matches: createMatchesRepository(db),
    competitions: createCompetitionsRepository(db),
    resultChanges: createResultChangesRepository(db, authorOf),
    kickoffChanges: createKickoffChangesRepository(db, authorOf),
    pools: createPoolsRepository(db),
    // PGlite's one session runs one statement at a time; on PostgreSQL, PICK_BATCHES_AT_ONCE (1 by default).
    predictions: createPredictionsRepository(db, {
      batchesAtOnce: config.database.kind === 'postgres' ? config.database.pickBatchesAtOnce : 1,
    }),
    poolResults: createPoolResultsRepository(db),
    standings: createStandingsRepository(db),
    reminders: createRemindersRepository(db),
    pushSubscriptions: createPushSubscriptionsRepository(db),
    notificationSettings: createNotificationSettingsRepository(db),
    poolPushes: createPoolPushesRepository(db),
    importJobs: createImportJobsRepository(db),
    wall: createWallRepository(db),
    closeCalendar: createCloseCalendarRepository(db),
    pot: createPotRepository(db),
    bonus: createBonusRepository(db),
    jugada: createJugadaRepository(db),
    boletos: createBoletosRepository(db),
    accountTokens: createAccountTokensRepository(db),
    outbox,
  };
  const { users, sessions, passkeys, teams, matches, pools, standings, reminders, pushSubscriptions, poolPushes } =
    repositories;

  // Mail (SMTP_URL): the queue the domains write to, woken after their commits; this instance's worker sends it.
  let mailRunner: MailRunner | null = null;
  const mail: MailQueue | null = config.mail
    ? {
        enqueue: (executor, mails) => outbox.enqueue(executor, mails),
        wake: () => mailRunner?.run(),
        async send(mails) {
          await outbox.enqueue(db, mails);
          mailRunner?.run();
        },
      }
    : null;
  const unsubscribeKeys = createUnsubscribeKeyStore(db);

  const auth = createAuthService({ db, users, mail, sessions, rateLimiter, clock, config, versions });
  const accountLinks = createAccountLinksService({
    db,
    users,
    sessions,
    tokens: repositories.accountTokens,
    mail,
    rateLimiter,
    issueSession: auth.issueSession,
    clock,
    config,
  });
  // Preguntas extra: a template settles in the transaction of the result that decides it (decision 080).
  const bonus = createBonusService({
    db,
    bonus: repositories.bonus,
    pools,
    competitions: repositories.competitions,
    clock,
  });
  const matchesService = createMatchesService({
    db,
    matches,
    resultChanges: repositories.resultChanges,
    kickoffChanges: repositories.kickoffChanges,
    teams,
    standings,
    settleBonus: (tx, competition) => bonus.settleTemplates(tx, competition),
    clock,
  });
  // One importer: the seed, the CLI, the poller, "Actualizar Resultados" and the admin import all apply files with it.
  const resultsImporter = createResultsImporter({ teams, matches, matchesService });
  // Where results come from: an admin's choice in the database, else RESULTS_SOURCE; read at every pull, with
  // football-data.org beside it when FOOTBALL_DATA_TOKEN is set.
  const resultsSourceSetting = createResultsSourceSetting(db, config.resultsSource, config.openfootballBaseUrl);
  const resultsFeeds = createResultsFeeds({
    setting: resultsSourceSetting,
    importer: resultsImporter,
    matches,
    teams,
    footballData: config.footballData && {
      client: createFootballDataClient({
        token: config.footballData.token,
        baseUrl: config.footballData.url,
        callsPerMinute: config.footballData.callsPerMinute,
      }),
      codes: config.footballData.competitions,
      label: config.footballData.label,
    },
  });
  const pullPlanner = createPullPlanner({
    feeds: resultsFeeds,
    matches,
    jobs: repositories.importJobs,
    clock,
    nearEveryMs: config.resultsPollMinutes * 60_000,
    liveEveryMs: config.resultsLivePollSeconds * 1000,
  });
  const resultsPull = createResultsPull({
    feeds: resultsFeeds,
    planner: pullPlanner,
    jobs: repositories.importJobs,
    database,
    clock,
    log,
    counted: (pull) => counted('pull', pull),
  });
  const resultsPoller =
    config.resultsPollMinutes > 0 ? createResultsPoller({ results: resultsPull, planner: pullPlanner, clock, log }) : null;
  const vapidKeys = createVapidKeyStore(db);
  const pushEndpoints = createPushEndpointGuard({ ...config.pushEndpoints, ...outbound });
  const leaderboard = createLeaderboardService({
    standings,
    pools,
    rateLimiter,
    clock,
    config,
    pullResults: resultsPull.pull,
    versions,
  });
  const poolsService = createPoolsService({ pools, competitions: repositories.competitions, rateLimiter, mail, config, clock, versions });
  const reminderMails = createReminderMails({
    jornadaOutcomes: leaderboard.jornadaOutcomes,
    unsubscribeKeys,
    publicOrigin: config.publicOrigin,
  });
  // What each kind of mail says, decided by its domain as the mail is sent.
  const composers: Record<QueuedKind, ComposeMail> = {
    'password-reset': accountLinks.compose,
    'password-changed': accountLinks.compose,
    'email-confirmation': accountLinks.compose,
    'email-change': accountLinks.compose,
    'email-changed': accountLinks.compose,
    invitation: poolsService.composeMail,
    'missing-picks': reminderMails.compose,
    'jornada-summary': reminderMails.compose,
  };
  const mailWorker = config.mail
    ? createMailWorker({
        outbox,
        send: createSmtpSender(config.mail.smtpUrl, config.mail.from),
        compose: (queued) => composers[queued.kind](queued),
        clock,
        domain: /@([^@>\s]+)>?\s*$/.exec(config.mail.from)?.[1] ?? 'localhost',
      })
    : null;
  if (mailWorker && config.mail && config.mail.pollSeconds > 0) {
    mailRunner = createMailRunner(mailWorker, (summary, error) => {
      if (metrics) metrics.mailTick(summary);
      if (!summary) log.warn({ err: error }, 'mail round failed');
      else if (summary.failed > 0) log.warn({ summary }, 'some mail failed: GET /api/admin/mail says why');
      else if (summary.sent + summary.retried + summary.dropped > 0) log.info({ summary }, 'mail sent');
    });
  }

  // "Mi jugada": the picks a player saves in one pool, copied into their other pools of the same game.
  const jugada = createJugadaService({ jugada: repositories.jugada, predictions: repositories.predictions, pools, matches, clock });

  const built = {
    db,
    clock,
    versions,
    metrics,
    rateLimiter,
    repositories,
    auth,
    passkeys: createPasskeysService({ passkeys, users, auth, clock, config }),
    users: createUsersService({ db, users, links: accountLinks, mail }),
    accountLinks,
    /** Null without SMTP_URL. */
    mail,
    /** This instance's sender of the outbox (null without SMTP_URL); `mailRunner` runs it unless MAIL_POLL_SECONDS is 0. */
    mailWorker,
    mailRunner,
    unsubscribeKeys,
    roles: createRolesService({ roles: repositories.roles }),
    matches: matchesService,
    pools: poolsService,
    predictions: createPredictionsService({
      predictions: repositories.predictions,
      copier: jugada,
      pools,
      matches,
      standings,
      clock,
      versions,
    }),
    poolResults: createPoolResultsService({
      poolResults: repositories.poolResults,
      pools,
      clock,
      rankedPlayers: leaderboard.rankedPlayers,
    }),
    closeCalendar: createCloseCalendarService({
      calendar: repositories.closeCalendar,
      pools,
      users,
      keys: createCalendarKeyStore(db),
      publicOrigin: config.publicOrigin,
    }),
    pot: createPotService({ pot: repositories.pot, pools, leaderboard }),
    bonus,
    jugada,
    boletos: createBoletosService({ boletos: repositories.boletos, pools, matches, standings, clock }),
    leaderboard,
    resultsImporter,
    /** The poller's and "Actualizar Resultados"'s pull of the feeds, whichever they are at the time. */
    resultsPull,
    /** Pulls the feeds when the fixtures say (null with RESULTS_POLL_MINUTES=0); started by the app. */
    resultsPoller,
    resultsSource: createResultsSourceService({
      setting: resultsSourceSetting,
      feeds: resultsFeeds,
      planner: pullPlanner,
      jobs: repositories.importJobs,
      clock,
      pollMinutes: config.resultsPollMinutes,
      livePollSeconds: config.resultsLivePollSeconds,
      footballDataCodes: config.footballData?.competitions ?? null,
      onChange: () => resultsPoller?.wake(),
    }),
    resultsImport: createResultsImportService({
      importFixtures: counted('admin', resultsImporter.importFixtures),
      matches,
      jobs: repositories.importJobs,
      clock,
      log,
    }),
    wall: createWallService({
      wall: repositories.wall,
      pools,
      matches,
      rateLimiter,
      limit: config.rateLimits.wallMessages,
      clock,
    }),
    /** This instance's live subscribers; the database's notifications reach them (server/modules/live/). */
    liveHub: createLiveHub((matchId, poolIds) => pools.playingMatch(matchId, poolIds)),
    vapidKeys,
    reminders: createRemindersService({
      mailAvailable: mail !== null,
      pushEndpoints,
      reminders,
      subscriptions: pushSubscriptions,
      settings: repositories.notificationSettings,
      matches,
      vapidKeys,
      clock,
    }),
    reminderScheduler: createReminderScheduler({
      reminders,
      poolPushes,
      jornadaOutcomes: leaderboard.jornadaOutcomes,
      subscriptions: pushSubscriptions,
      sendPush: createPushSender({ vapidKeys, subject: config.reminders.vapidSubject, transport: pushEndpoints.transport }),
      mail,
      clock,
    }),
    maintenance: createMaintenance({
      sessions,
      passkeys,
      reminders,
      poolPushes,
      accountTokens: repositories.accountTokens,
      outbox,
      rateLimiter,
      clock,
      config,
    }),
    /** ANALYZE for the tables that changed enough since their last one (server/db/statistics.ts). */
    refreshStatistics: () => analyzeStaleTables(db, database.kind),
  };
  return {
    ...built,
    /** `npm run demo`'s World Cup replay, its pool and bots (server/modules/demo/); null outside a demo. */
    demo: config.demo ? createDemo(built, config.demo, log) : null,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
