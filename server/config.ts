import { existsSync } from 'node:fs';
import { type BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultStreamCeiling, type StreamLimits } from './modules/live/stream-limits.ts';
import { addressList } from './modules/reminders/push-endpoint.ts';
import { MAX_PARTICIPANTS } from '#contract/index';
import { DEMO_MAX_BOTS } from './modules/demo/demo-bots.ts';
import { DEMO_FEED_PATH } from './modules/demo/demo-feed.ts';
import { FOOTBALL_DATA_COMPETITIONS } from './modules/results/football-data.ts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const httpUrl = z.string().trim().regex(/^https?:\/\/[^\s/]+/i, 'must be an http:// or https:// URL');

/** Names @fastify/proxy-addr expands to ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which peers may tell the client's address in X-Forwarded-For: nobody, the last N hops, or the listed proxies.
 * The legacy `true` trusted every entry, the client's own first: it now means one hop
 * (docs/decisions/027-trust-proxy-names-proxies-or-counts-hops.md).
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return 1;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (got "${value}")`,
  });
  return z.NEVER;
});

/** Every environment variable the server reads, parsed once at start (documented in .env.example). */
const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATA_DIR_LOCK_WAIT_SECONDS: z.coerce.number().int().min(0).default(15),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    // The results pull holds one connection for its lock while the import writes through another.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).default(10),
    // Pick statements an instance writes at once (docs/decisions/049-picks-are-written-by-group-commit.md): one
    // writes the largest batches, the fastest on a database sharing the app's cores.
    PICK_BATCHES_AT_ONCE: positiveInt(1),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_HOURS: positiveInt(24 * 30),
    SIGNIN_MAX_FAILURES: positiveInt(10),
    SIGNIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
    AUTH_IP_MAX_PER_MINUTE: positiveInt(100),
    JOIN_MAX_WRONG_CODES: positiveInt(10),
    JOIN_MAX_WRONG_CODES_PER_IP: positiveInt(30),
    JOIN_WRONG_CODE_WINDOW_MINUTES: positiveInt(15),
    UPDATE_ALL_MAX_PER_MINUTE: positiveInt(6),
    EMAIL_CHANGES_MAX_PER_HOUR: positiveInt(5),
    PASSWORD_RESETS_MAX_PER_EMAIL: positiveInt(3),
    PASSWORD_RESETS_MAX_PER_IP: positiveInt(20),
    INVITATION_EMAILS_MAX_PER_DAY: positiveInt(50),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:pass@mail.example.org:465)')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    MAIL_POLL_SECONDS: z.coerce.number().int().min(0).default(10),
    WALL_MESSAGES_MAX_PER_MINUTE: positiveInt(10),
    TRUST_PROXY: trustProxy.default(false),
    WEBAUTHN_RP_ID: z.string().min(1).default('localhost'),
    WEBAUTHN_RP_NAME: z.string().min(1).default('Quiniela'),
    WEBAUTHN_ORIGINS: z.string().min(1).optional(),
    SEED_DATA: bool.default(true),
    RESULTS_SOURCE: z.string().min(1).optional(),
    RESULTS_POLL_MINUTES: z.coerce.number().int().min(0).default(60),
    // 300, or 2 in a demo (its matches last seconds).
    RESULTS_LIVE_POLL_SECONDS: z.coerce.number().int().positive().optional(),
    OPENFOOTBALL_BASE_URL: httpUrl.default('https://raw.githubusercontent.com/openfootball'),
    FOOTBALL_DATA_TOKEN: z.string().trim().min(1).optional(),
    FOOTBALL_DATA_URL: httpUrl.default('https://api.football-data.org/v4'),
    FOOTBALL_DATA_COMPETITIONS: z
      .string()
      .default('PD,WC')
      .transform((text, ctx) => {
        const codes = text.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
        const unknown = codes.filter((code) => !(code in FOOTBALL_DATA_COMPETITIONS));
        if (codes.length === 0 || unknown.length > 0) {
          ctx.addIssue({ code: 'custom', message: `must be codes among ${Object.keys(FOOTBALL_DATA_COMPETITIONS).join(', ')}` });
          return z.NEVER;
        }
        return [...new Set(codes)];
      }),
    FOOTBALL_DATA_CALLS_PER_MINUTE: positiveInt(10),
    DEMO: bool.default(false),
    DEMO_START_SECONDS: positiveInt(120),
    DEMO_DAY_SECONDS: positiveInt(15),
    DEMO_BOTS: positiveInt(6).pipe(z.number().max(DEMO_MAX_BOTS, `at most ${DEMO_MAX_BOTS}: the demo's pool keeps ${MAX_PARTICIPANTS - DEMO_MAX_BOTS} of its ${MAX_PARTICIPANTS} places for newcomers`)),
    WEB_DIST_DIR: z.string().default('dist/web'),
    REMINDERS_POLL_SECONDS: z.coerce.number().int().min(0).default(30),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
      .default('mailto:quiniela@localhost'),
    METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN needs at least 16 characters').optional(),
    SHUTDOWN_DEADLINE_SECONDS: positiveInt(20),
    STATISTICS_CHECK_SECONDS: z.coerce.number().int().min(0).default(15),
    LIVE_STREAMS_PER_USER: positiveInt(4),
    LIVE_STREAMS_PER_ADDRESS: positiveInt(100),
    LIVE_STREAMS_MAX: positiveInt(defaultStreamCeiling()),
    LIVE_HEARTBEAT_SECONDS: positiveInt(25),
    LIVE_REOPEN_PER_SECOND: positiveInt(200),
    OUTBOUND_ALLOWED_ADDRESSES: z
      .string()
      .optional()
      .transform((text, ctx) => {
        try {
          return addressList(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `must be addresses or CIDR ranges, comma-separated (${(error as Error).message})` });
          return z.NEVER;
        }
      }),
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .optional()
      .transform((text) => {
        const hosts = (text ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
        return hosts.length > 0 ? hosts : null;
      }),
  })
  .refine((env) => env.PICK_BATCHES_AT_ONCE < env.DATABASE_POOL_SIZE, {
    message: 'PICK_BATCHES_AT_ONCE must be below DATABASE_POOL_SIZE (the other requests need a connection too)',
    path: ['PICK_BATCHES_AT_ONCE'],
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  })
  .refine((env) => !env.SMTP_URL || env.MAIL_FROM, {
    message: 'MAIL_FROM (the sender, e.g. "Quiniela <quiniela@example.org>") must be set with SMTP_URL',
    path: ['MAIL_FROM'],
  });

export interface Config {
  port: number;
  host: string;
  /**
   * Embedded: the data directory, and how long a start waits for another process to release it. PostgreSQL:
   * `poolSize` connections per instance at most, `pickBatchesAtOnce` of them writing picks at once at most.
   */
  database:
    | { kind: 'pglite'; dataDir: string; lockWaitMs: number }
    | { kind: 'postgres'; url: string; poolSize: number; pickBatchesAtOnce: number };
  admin: { email: string; password: string } | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  rateLimits: {
    signInFailures: { max: number; windowMs: number };
    authPerIp: { max: number; windowMs: number };
    wrongJoinCodesPerUser: { max: number; windowMs: number };
    wrongJoinCodesPerIp: { max: number; windowMs: number };
    updateAll: { max: number; windowMs: number };
    emailChanges: { max: number; windowMs: number };
    /** "¿Olvidaste tu contraseña?": requests per typed address and per client address. */
    passwordResetsPerEmail: { max: number; windowMs: number };
    passwordResetsPerIp: { max: number; windowMs: number };
    /** Addresses a user may send a pool's invitation to per day. */
    invitationEmails: { max: number; windowMs: number };
    /** Messages a user may write on pools' walls per minute. */
    wallMessages: { max: number; windowMs: number };
  };
  /** false: the socket's address; N: N proxy hops; a list: those proxies' addresses or CIDR ranges. */
  trustProxy: false | number | string[];
  /** Passkeys: relying party id (a host name, never an IP) and the origins the browser may sign for. */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** Where the app is reached (the first of WEBAUTHN_ORIGINS): the origin of the links the app mails or hands out. */
  publicOrigin: string;
  /**
   * E-mail through an SMTP relay (server/modules/mail/); null: this server sends none, and says so. `pollSeconds`: how
   * often this instance's worker sends what is due (0: it sends none; a request that queues mail wakes it at once).
   */
  mail: { smtpUrl: string; from: string; pollSeconds: number } | null;
  seedData: boolean;
  /**
   * The results source while no admin has chosen one: `openfootball` (its public files of the shipped competitions),
   * or an openfootball JSON file or URL; null: none.
   */
  resultsSource: string | null;
  /** While a match is near, pull the feeds every N minutes (0: no poller, only on demand). */
  resultsPollMinutes: number;
  /** From a match's kick-off until it has a result (3 h at most), every N seconds. */
  resultsLivePollSeconds: number;
  /** Where the ready choice's openfootball files are ("openfootball" in "Fuente de resultados"). */
  openfootballBaseUrl: string;
  /** football-data.org (FOOTBALL_DATA_TOKEN set): read beside the results source; null: not read. */
  footballData: {
    token: string;
    url: string;
    competitions: string[];
    callsPerMinute: number;
    /** What people read it as when it is not football-data.org itself (a demo's replay of it). */
    label?: string;
  } | null;
  /**
   * `npm run demo` (server/modules/demo/): the World Cup replayed from now, read as football-data.org's from the app
   * itself (unless FOOTBALL_DATA_TOKEN says otherwise); null: not a demo.
   */
  demo: { startSeconds: number; daySeconds: number; bots: number } | null;
  webDistDir: string;
  /** Claim and send due reminders every N seconds (0: no scheduler in this instance); VAPID contact. */
  reminders: { pollSeconds: number; vapidSubject: string };
  /** Bearer token for GET /metrics; null: no metrics (the path answers 404). */
  metricsToken: string | null;
  /** On SIGTERM, in-flight requests drain for at most this long: then the process stops anyway (exit code 1). */
  shutdownDeadlineMs: number;
  /** Look for tables whose planner statistics are stale every N seconds (0: not this instance; server/db/statistics.ts). */
  statisticsCheckSeconds: number;
  /**
   * The live channel's streams: how many this process holds (server/modules/live/stream-limits.ts), its heartbeat,
   * and how many a second the phones it held are asked to come back at when it stops (live.routes.ts).
   */
  live: StreamLimits & { heartbeatMs: number; reopenPerSecond: number };
  /** Where the server may push to (server/modules/reminders/push-endpoint.ts). */
  pushEndpoints: { hosts: readonly string[] | null; allowedAddresses: BlockList };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const origins = (e.WEBAUTHN_ORIGINS ?? `http://localhost:${e.PORT}`).split(',').map((o) => o.trim());
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, pickBatchesAtOnce: e.PICK_BATCHES_AT_ONCE }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite'), lockWaitMs: e.DATA_DIR_LOCK_WAIT_SECONDS * 1000 },
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    rateLimits: {
      signInFailures: { max: e.SIGNIN_MAX_FAILURES, windowMs: e.SIGNIN_FAILURE_WINDOW_MINUTES * 60_000 },
      authPerIp: { max: e.AUTH_IP_MAX_PER_MINUTE, windowMs: 60_000 },
      wrongJoinCodesPerUser: { max: e.JOIN_MAX_WRONG_CODES, windowMs: e.JOIN_WRONG_CODE_WINDOW_MINUTES * 60_000 },
      wrongJoinCodesPerIp: { max: e.JOIN_MAX_WRONG_CODES_PER_IP, windowMs: e.JOIN_WRONG_CODE_WINDOW_MINUTES * 60_000 },
      updateAll: { max: e.UPDATE_ALL_MAX_PER_MINUTE, windowMs: 60_000 },
      emailChanges: { max: e.EMAIL_CHANGES_MAX_PER_HOUR, windowMs: 3_600_000 },
      passwordResetsPerEmail: { max: e.PASSWORD_RESETS_MAX_PER_EMAIL, windowMs: 3_600_000 },
      passwordResetsPerIp: { max: e.PASSWORD_RESETS_MAX_PER_IP, windowMs: 3_600_000 },
      invitationEmails: { max: e.INVITATION_EMAILS_MAX_PER_DAY, windowMs: 24 * 3_600_000 },
      wallMessages: { max: e.WALL_MESSAGES_MAX_PER_MINUTE, windowMs: 60_000 },
    },
    trustProxy: e.TRUST_PROXY,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID,
      rpName: e.WEBAUTHN_RP_NAME,
      origins,
    },
    publicOrigin: origins[0] ?? `http://localhost:${e.PORT}`,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, pollSeconds: e.MAIL_POLL_SECONDS } : null,
    seedData: e.SEED_DATA,
    resultsSource: e.RESULTS_SOURCE ?? null,
    resultsPollMinutes: e.RESULTS_POLL_MINUTES,
    resultsLivePollSeconds: e.RESULTS_LIVE_POLL_SECONDS ?? (e.DEMO ? 2 : 300),
    openfootballBaseUrl: e.OPENFOOTBALL_BASE_URL,
    footballData: e.FOOTBALL_DATA_TOKEN
      ? {
          token: e.FOOTBALL_DATA_TOKEN,
          url: e.FOOTBALL_DATA_URL,
          competitions: e.FOOTBALL_DATA_COMPETITIONS,
          callsPerMinute: e.FOOTBALL_DATA_CALLS_PER_MINUTE,
        }
      : // A demo reads its own replay of the World Cup as football-data.org's (server/modules/demo/).
        e.DEMO
        ? {
            token: 'demo',
            url: `http://127.0.0.1:${e.PORT}${DEMO_FEED_PATH}`,
            competitions: ['WC'],
            callsPerMinute: 6000,
            label: 'la repetición de la demo',
          }
        : null,
    demo: e.DEMO ? { startSeconds: e.DEMO_START_SECONDS, daySeconds: e.DEMO_DAY_SECONDS, bots: e.DEMO_BOTS } : null,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    reminders: { pollSeconds: e.REMINDERS_POLL_SECONDS, vapidSubject: e.VAPID_SUBJECT },
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_SECONDS * 1000,
    statisticsCheckSeconds: e.STATISTICS_CHECK_SECONDS,
    live: {
      perUser: e.LIVE_STREAMS_PER_USER,
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      total: e.LIVE_STREAMS_MAX,
      heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
      reopenPerSecond: e.LIVE_REOPEN_PER_SECOND,
    },
    pushEndpoints: { hosts: e.PUSH_ENDPOINT_HOSTS, allowedAddresses: e.OUTBOUND_ALLOWED_ADDRESSES },
  };
}

/**
 * Reads a `.env` file (by default the working directory's) into `process.env` when there is one, as copying
 * `.env.example` to `.env` promises; a variable already set in the environment keeps its value.
 */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
