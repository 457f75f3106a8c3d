import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RoleName, SignInResponse } from '#contract/index';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import type { Database } from '#server/db/client';
import type { Clock } from '#server/lib/clock';
import { createSessionsRepository } from '#server/modules/accounts/sessions.repository';
import { createUsersRepository } from '#server/modules/accounts/users.repository';
import { createFactories, reply, type Factories, type Transport } from './factories.ts';
import { createTestDatabase } from './test-database.ts';
import { testResolve } from './test-names.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The shared factories (tests/support/factories.ts), calling this app in-process. */
  api: Factories;
  /**
   * A signed-in user made directly through the repositories: much faster than
   * `api.user` (no password hashing) for tests about something else.
   */
  createUser(overrides?: Partial<{ name: string; email: string; role: RoleName }>): Promise<SignInResponse>;
  /** `app.inject` with the bearer token set. */
  injectAs(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A request by a signed-in user: `injectAs` with their token, and the payload when there is one. */
  as(
    who: { session: { accessToken: string } },
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let userCounter = 0;
/**
 * Invitation codes of the pools the factories make, in sequence: the codes the tests write themselves
 * (123456, 222222, 999999 as an unknown one…) stay free. Each test file has its own databases.
 */
let invitationCode = 800000;

/** The factories' transport for an app in this process: `app.inject`, no network. */
export function injectTransport(app: FastifyInstance): Transport {
  return async (method, url, body, token) => {
    const res = await app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    return reply(res.statusCode, res.body);
  };
}

/** The real app (same `buildApp` as production) on a fresh migrated database. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    logDestination?: NodeJS.WritableStream;
    /** A certificate the app's pushes trust (a test's https push service on 127.0.0.1, with OUTBOUND_ALLOWED_ADDRESSES). */
    pushCa?: string | Buffer;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(inject('databaseTemplate'));
  // Tests sign many users up from one address: the per-address limit has its own test.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DATA: 'false',
    WEB_DIST_DIR: 'dist/web',
    AUTH_IP_MAX_PER_MINUTE: '1000000',
    // Background jobs stay off unless a test starts them itself.
    REMINDERS_POLL_SECONDS: '0',
    RESULTS_POLL_MINUTES: '0',
    STATISTICS_CHECK_SECONDS: '0',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    // No DNS here: push services' names resolve as tests/support/test-names.ts says.
    outbound: { resolve: testResolve, ...(options.pushCa ? { ca: options.pushCa } : {}) },
  });
  await app.ready();

  const injectAs: TestApp['injectAs'] = (token, injectOptions) =>
    app.inject({ ...injectOptions, headers: { ...injectOptions.headers, authorization: `Bearer ${token}` } });
  return {
    app,
    db: database.db,
    config,
    api: createFactories(injectTransport(app), { clock: options.clock, nextInvitationCode: () => invitationCode++ }),
    async createUser(overrides = {}) {
      userCounter += 1;
      const user = await app.services.repositories.users.insert({
        name: overrides.name ?? `Jugador ${userCounter}`,
        email: overrides.email ?? `rapido${userCounter}-${Date.now()}@example.com`,
        passwordHash: 'scrypt$not-a-usable-hash',
        role: overrides.role ?? 'user',
      });
      const expiresAt = new Date((options.clock?.() ?? new Date()).getTime() + config.sessionTtlMs);
      const accessToken = await app.services.repositories.sessions.create(user.id, expiresAt);
      return { session: { accessToken, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() }, userProfile: user };
    },
    injectAs,
    as: (who, method, url, payload, headers = {}) =>
      injectAs(who.session.accessToken, { method, url, headers, ...(payload ? { payload } : {}) }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type TestAppOptions = Parameters<typeof createTestApp>[0];

/**
 * The app a whole test file shares, made before its tests (after the hooks registered before this call) and closed
 * after them: `const t = testAppPerFile({ clock: () => now });` at the top of the file. Its members are read when
 * used, so hooks and tests use it as they would the app itself. Options given as a function are read in the hook,
 * after what earlier hooks started (a mail server, say).
 */
export function testAppPerFile(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestApp, {
    get(_, member) {
      if (!current) throw new Error('the test app is made in beforeAll: use it in a hook or a test');
      return Reflect.get(current, member) as unknown;
    },
  });
}

/** An admin written straight into `db` (for the apps a test builds itself on one database) and an hour's session. */
export async function adminIn(db: Database) {
  const admin = await createUsersRepository(db).insert({ name: 'Jefa', email: 'jefa@example.com', passwordHash: 'scrypt$x', role: 'admin' });
  const token = await createSessionsRepository(db).create(admin.id, new Date(Date.now() + 60 * 60_000));
  return { admin, token };
}
