import type {
  CreateMatchBody,
  CreatePoolBody,
  PoolOptionsInput,
  CreateTeamBody,
  Match,
  Pool,
  Prediction,
  PredictionChoice,
  SignInResponse,
  Team,
  UpdateMatchBody,
  UserProfile,
} from '#contract/index';

/**
 * The world a test starts from (accounts, teams, matches, pools, members, picks), made through the API as a
 * client makes it. One set of factories for every kind of test: the API tests call the app in-process
 * (`app.inject`, tests/support/test-app.ts), the tests of server processes and the e2e tests over HTTP (`fetch`
 * here, Playwright's `request` in tests/e2e/helpers.ts). Each factory checks the status it expects and throws
 * otherwise, saying what it called and what came back; names, e-mails and invitation codes are unique per call.
 *
 * Factories are for setting a test up: a test of an endpoint itself calls it and asserts on its answer.
 * No Node imports: the e2e specs, which use this file, are type-checked as browser code.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer: its status, its body parsed as JSON (undefined when empty or not JSON) and as text. */
export interface Reply {
  status: number;
  json: any;
  text: string;
}

/** One call to the API, signed in with `token` when one is given. */
export type Transport = (method: Method, path: string, body?: object, token?: string) => Promise<Reply>;

/** A reply from a body read as text. */
export function reply(status: number, text: string): Reply {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, json, text };
}

/** The transport over HTTP, to a server at `base` (`http://host:port`). */
export function fetchTransport(base: string): Transport {
  return async (method, path, body, token) => {
    const res = await fetch(new URL(path, base), {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return reply(res.status, await res.text());
  };
}

/** What an account signs up with. */
export interface Credentials {
  name: string;
  email: string;
  password: string;
}

/** A signed-in account: the API's sign-in answer, with the credentials it signed in with. */
export type Account = SignInResponse & Credentials;

/** Someone the API knows: a sign-in answer (an `Account`, or `createUser`'s in the API tests). */
export type SignedIn = Pick<SignInResponse, 'session' | 'userProfile'>;

let sequence = 0;
/** Unique in this process and, with the time and a random part, across the processes of a run. */
export const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fresh credentials: `label` names the account in its name and e-mail. */
export function newCredentials(label = 'jugador', overrides: Partial<Credentials> = {}): Credentials {
  return {
    name: `Prueba ${label}`,
    email: `${label}-${unique()}@example.com`,
    password: 'contraseña-segura-1',
    ...overrides,
  };
}

/** A random invitation code of the spec's range (100000–999999). */
const randomInvitationCode = () => 100000 + Math.floor(Math.random() * 900000);

const DAY_MS = 86_400_000;

export interface Factories {
  /**
   * A call as `who` (null: signed out) that must answer `status` (201 for a POST, 200 otherwise): its parsed
   * body. For the calls a test makes on its way to what it tests.
   */
  call<T = any>(
    who: SignedIn | null,
    method: Method,
    path: string,
    options?: { body?: object; status?: number },
  ): Promise<T>;
  /**
   * Registers an account (POST /auth/signup, 201), not signed in: its credentials and profile. A label names it,
   * or credentials of one's own (the rest fresh).
   */
  signUp(labelOrCredentials?: string | Partial<Credentials>): Promise<Credentials & { userProfile: UserProfile }>;
  /** Signs in (POST /auth/signin, 200): the answer, with the credentials. */
  signIn<C extends { email: string; password: string }>(credentials: C): Promise<SignInResponse & C>;
  /** A registered and signed-in account; a label names it, or credentials of one's own (the rest fresh). */
  user(labelOrCredentials?: string | Partial<Credentials>): Promise<Account>;
  /** A team (POST /api/teams, 201, as an admin), with a unique name unless one is given. */
  team(admin: SignedIn, fields?: Partial<CreateTeamBody>): Promise<Team>;
  /**
   * A match (POST /api/matches, 201, as an admin). Unless given: two new teams, a kick-off 200 days ahead of the clock,
   * and a week (1–99) that no other match of this factory had, so the fixture is unique.
   */
  match(admin: SignedIn, fields?: Partial<CreateMatchBody>): Promise<Match>;
  /** Changes a match (PATCH /api/matches/:id, 200, as an admin). */
  updateMatch(admin: SignedIn, match: Pick<Match, 'id'>, changes: UpdateMatchBody): Promise<Match>;
  /**
   * The match finished with this score (as an admin). A result is saved for a match that has kicked off (the server
   * refuses one before kick-off): a match still to come by the factories' clock kicks off now, in the same request.
   */
  result(admin: SignedIn, match: Pick<Match, 'id'>, scoreHome: number, scoreAway: number): Promise<Match>;
  /**
   * A pool (POST /api/pools, 201) created by `owner`, with a unique name and a free invitation code unless given
   * (a taken one is retried, as the app does), then joined by `players`.
   */
  pool(
    owner: SignedIn,
    fields?: Partial<Omit<CreatePoolBody, 'creatorId' | 'options'>> & { options?: PoolOptionsInput; players?: SignedIn[] },
  ): Promise<Pool>;
  /** `player` joins the pool with its code (POST /api/pools/join, 200): the pool as it answers. */
  join(player: SignedIn, pool: Pick<Pool, 'invitationCode'>): Promise<Pool>;
  /** `player`'s pick in a pool (POST /api/predictions, 201): a choice, or a score in an exact-score pool. */
  predict(
    player: SignedIn,
    pool: Pick<Pool, 'id'>,
    match: Pick<Match, 'id'>,
    prediction: PredictionChoice | { scoreHome: number; scoreAway: number },
  ): Promise<Prediction>;
  /** `player` puts the comodín on (or takes it off) their pick of `match` (PUT /api/predictions/pool/:id/joker, 200). */
  joker(player: SignedIn, pool: Pick<Pool, 'id'>, match: Pick<Match, 'id'>, joker?: boolean): Promise<Prediction>;
}

export interface FactoryOptions {
  /** The server's time: a match's default kick-off follows it. */
  clock?: () => Date;
  /**
   * The invitation code of the next pool that is given none: random by default, for a server many tests share
   * (a taken one is retried); a sequence where a test's own codes must never be taken by chance.
   */
  nextInvitationCode?: () => number;
}

/** The factories, making their calls through `send`. */
export function createFactories(
  send: Transport,
  { clock = () => new Date(), nextInvitationCode = randomInvitationCode }: FactoryOptions = {},
): Factories {
  let week = 0;

  const call: Factories['call'] = async (who, method, path, { body, status = method === 'POST' ? 201 : 200 } = {}) => {
    const answer = await send(method, path, body, who?.session.accessToken);
    if (answer.status !== status) {
      throw new Error(`${method} ${path} answered ${answer.status}, not ${status}: ${answer.text}`);
    }
    return answer.json;
  };

  const factories: Factories = {
    call,

    async signUp(labelOrCredentials) {
      const credentials =
        typeof labelOrCredentials === 'string'
          ? newCredentials(labelOrCredentials)
          : newCredentials('jugador', labelOrCredentials);
      const { data } = await call<{ data: UserProfile }>(null, 'POST', '/auth/signup', { body: credentials });
      return { ...credentials, userProfile: data };
    },

    async signIn(credentials) {
      const { email, password } = credentials;
      const answer = await call<SignInResponse>(null, 'POST', '/auth/signin', {
        body: { email, password },
        status: 200,
      });
      return { ...credentials, session: answer.session, userProfile: answer.userProfile };
    },

    async user(labelOrCredentials) {
      const { name, email, password } = await factories.signUp(labelOrCredentials);
      return factories.signIn({ name, email, password });
    },

    async team(admin, fields = {}) {
      return (
        await call<{ data: Team }>(admin, 'POST', '/api/teams', { body: { name: `Equipo ${unique()}`, ...fields } })
      ).data;
    },

    async match(admin, fields = {}) {
      const homeTeamId = fields.homeTeamId ?? (await factories.team(admin)).id;
      const awayTeamId = fields.awayTeamId ?? (await factories.team(admin)).id;
      const body = {
        weekNumber: (week++ % 99) + 1,
        matchDate: new Date(clock().getTime() + 200 * DAY_MS).toISOString(),
        ...fields,
        homeTeamId,
        awayTeamId,
      };
      return (await call<{ data: Match }>(admin, 'POST', '/api/matches', { body })).data;
    },

    async updateMatch(admin, match, changes) {
      return (await call<{ data: Match }>(admin, 'PATCH', `/api/matches/${match.id}`, { body: changes })).data;
    },

    async result(admin, match, scoreHome, scoreAway) {
      const { data: stored } = await call<{ data: Match }>(admin, 'GET', `/api/matches/${match.id}`);
      const now = clock();
      const kickoff = Date.parse(stored.matchDate) > now.getTime() ? { matchDate: now.toISOString() } : {};
      return factories.updateMatch(admin, match, { status: 'finished', scoreHome, scoreAway, ...kickoff });
    },

    async pool(owner, { players = [], ...fields } = {}) {
      const path = '/api/pools';
      for (;;) {
        const body = {
          name: `Quiniela ${unique()}`,
          invitationCode: nextInvitationCode(),
          ...fields,
          creatorId: owner.userProfile.id,
        };
        const answer = await send('POST', path, body, owner.session.accessToken);
        if (answer.status === 409 && fields.invitationCode === undefined) continue;
        if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}, not 201: ${answer.text}`);
        const pool = (answer.json as { data: Pool }).data;
        for (const player of players) await factories.join(player, pool);
        return pool;
      }
    },

    async join(player, pool) {
      const body = { invitationCode: pool.invitationCode, userId: player.userProfile.id };
      return (await call<{ data: Pool }>(player, 'POST', '/api/pools/join', { body, status: 200 })).data;
    },

    async predict(player, pool, match, prediction) {
      const pick = typeof prediction === 'string' ? { prediction } : prediction;
      const body = { ...pick, userId: player.userProfile.id, matchId: match.id, poolId: pool.id };
      return (await call<{ data: Prediction }>(player, 'POST', '/api/predictions', { body })).data;
    },

    async joker(player, pool, match, joker = true) {
      const body = { matchId: match.id, joker };
      return (await call<{ data: Prediction }>(player, 'PUT', `/api/predictions/pool/${pool.id}/joker`, { body })).data;
    },
  };
  return factories;
}
