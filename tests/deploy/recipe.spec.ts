import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { findNginx, startLocalStack, type LocalStack } from '../../deploy/run-local.ts';
import { addVirtualAuthenticator, expectToast, fillSignInForm, storedKeys } from '../e2e/helpers.ts';
import { freePort } from '../support/server-process.ts';

/*
 * docs/deploy.md's recipe, run on this machine: PostgreSQL (a fresh database), two app instances and nginx in front
 * with TLS (a self-signed certificate for localhost) and HTTP/2, started by deploy/run-local.ts from the same nginx
 * template the docs install. Everything below goes through nginx at https://localhost:<port>, with the certificate
 * verified (API calls) or ignored (Chromium, as a user who accepted it).
 */

const nginx = findNginx();
const adminAccount = { email: 'jefa-despliegue@example.com', password: 'clave-de-la-jefa' };
/** Small, so that the forged-header test reaches it quickly; the other tests stay well under it. */
const AUTH_LIMIT = 20;

let stack: LocalStack | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
let certificate: Buffer;

test.describe.configure({ mode: 'serial' });
const skipReason = !nginx
  ? 'nginx not found: the deployment recipe needs it (apt-get install nginx, or set NGINX=/path/to/nginx)'
  : !process.env.TEST_DATABASE_URL
    ? 'TEST_DATABASE_URL is not set: the deployment recipe runs two instances on PostgreSQL (.ci/run sets it to the local service)'
    : null;
// Playwright's list reporter does not print a skip's reason: say it where the run's reader sees it.
if (skipReason) console.log(`Deployment recipe test skipped: ${skipReason}`);
test.skip(skipReason !== null, skipReason ?? '');

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `quiniela_deploy_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createDatabase();
  const [httpsPort, httpPort, app1, app2] = [await freePort(), await freePort(), await freePort(), await freePort()];
  stack = await startLocalStack({
    databaseUrl: database.url,
    httpsPort,
    httpPort,
    appPorts: [app1, app2],
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: adminAccount.email,
      ADMIN_PASSWORD: adminAccount.password,
      AUTH_IP_MAX_PER_MINUTE: String(AUTH_LIMIT),
      VAPID_SUBJECT: 'mailto:operador@example.com',
    },
    keepDir: true,
  });
  certificate = readFileSync(stack.certificate);
});

test.afterAll(async () => {
  // Whatever happened above: nginx and both instances stopped, the folder and the database gone.
  try {
    await stack?.stop();
  } finally {
    await database?.drop();
  }
  if (stack) await rm(stack.dir, { recursive: true, force: true });
});

// Playwright reads the fixtures a hook uses from its first parameter's pattern: this one uses none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (!stack || testInfo.status === testInfo.expectedStatus) return;
  const logs = path.join(stack.dir, 'logs');
  for (const name of ['error.log', 'quiniela.access.log', ...stack.instances.map((i) => `instance-${i.port}.log`)]) {
    const text = await readFile(path.join(logs, name), 'utf8').catch(() => '(none)');
    await testInfo.attach(name, { body: text.slice(-20_000), contentType: 'text/plain' });
  }
});

interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/** A request to nginx over HTTPS, checking its certificate; `from` picks the client's own loopback address. */
function call(
  method: string,
  url: string,
  { token, body, headers = {}, from }: { token?: string; body?: object; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: 'localhost',
        family: 4,
        port: stack!.httpsPort,
        method,
        path: url,
        ca: certificate,
        agent: false,
        ...(from ? { localAddress: from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text && response.headers['content-type']?.includes('json') ? JSON.parse(text) : text,
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function signIn(email: string, password: string): Promise<{ token: string; userId: number }> {
  const answer = await call('POST', '/auth/signin', { body: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { token: answer.body.session.accessToken, userId: answer.body.userProfile.id };
}

async function signUpAndIn(label: string): Promise<{ token: string; userId: number }> {
  const user = { name: `Despliegue ${label}`, email: `${label}-${Date.now()}@example.com`, password: 'clave-desplegada' };
  const answer = await call('POST', '/auth/signup', { body: user });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return signIn(user.email, user.password);
}

interface AccessLogLine {
  request: string;
  status: number;
  upstreams: string[];
  client: string;
}

/**
 * The access-log lines nginx writes from now on: `lines()` reads them (the log is written unbuffered). nginx writes a
 * request's line after passing its answer on, so `linesOnce(done)` waits (bounded) until the lines read satisfy `done`.
 */
function accessLogFromNow() {
  const start = statSync(stack!.accessLog).size;
  const lines = async (): Promise<AccessLogLine[]> => {
    const text = (await readFile(stack!.accessLog)).subarray(start).toString('utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const match = /^(\S+) \[[^\]]+\] "([^"]*)" (\d+) \d+ upstream=(.*) upstream_status=/.exec(line);
        if (!match) throw new Error(`unexpected access log line: ${line}`);
        return { client: match[1]!, request: match[2]!, status: Number(match[3]), upstreams: match[4]!.split(', ') };
      });
  };
  return {
    lines,
    async linesOnce(done: (lines: AccessLogLine[]) => boolean): Promise<AccessLogLine[]> {
      let read = await lines();
      for (let i = 0; i < 50 && !done(read); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        read = await lines();
      }
      return read;
    },
  };
}

const instanceAddress = (index: number) => `127.0.0.1:${stack!.instances[index]!.port}`;

test('serves HTTPS with HTTP/2 on a certificate for localhost, and redirects HTTP to it', async () => {
  const session = http2.connect(stack!.origin, { ca: certificate });
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ':path': '/health' });
      stream.on('response', (headers) => resolve(Number(headers[':status'])));
      stream.on('error', reject);
      stream.resume();
    });
    expect(status).toBe(200);
    expect(session.alpnProtocol).toBe('h2');
  } finally {
    session.close();
  }

  const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ host: '127.0.0.1', port: stack!.httpPort, path: '/login?desde=http', headers: { host: 'localhost' } }, resolve).on('error', reject),
  );
  redirect.resume();
  expect(redirect.statusCode).toBe(301);
  expect(redirect.headers.location).toBe(`${stack!.origin}/login?desde=http`);
});

async function newBrowserPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // The user accepted the self-signed certificate; the origin is still a secure context (https).
  const context = await browser.newContext({ baseURL: stack!.origin, ignoreHTTPSErrors: true, locale: 'es-ES', viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

test('sign-up, sign-in and a passkey in Chromium, through nginx over HTTPS', async ({ browser }) => {
  const { context, page } = await newBrowserPage(browser);
  try {
    const authenticator = await addVirtualAuthenticator(context, page);
    const user = { name: 'Ana Despliegue', email: `ana-${Date.now()}@example.com`, password: 'contraseña-segura-1' };

    await page.goto('/register');
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
    await page.getByLabel('Nombre').fill(user.name);
    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.getByLabel('Contraseña').fill(user.password);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await fillSignInForm(page, user.email, user.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    // The passkey is registered with the relying party id localhost, for the https origin nginx serves.
    await page.locator('ion-alert', { hasText: 'Registrar Biometría' }).getByRole('button', { name: 'Registrar Biometría' }).click();
    await expectToast(page, 'Biometría registrada.');
    await expect(page).toHaveURL(/\/tabs\/home$/);
    const credentials = await authenticator.credentials();
    expect(credentials).toEqual([expect.objectContaining({ rpId: 'localhost', isResidentCredential: true })]);

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Usar huella o Face ID' }).click();
    await expect(page).toHaveURL(/\/tabs\/home$/);

    const { session } = await storedKeys(page);
    const { accessToken } = JSON.parse(session ?? 'null') as { accessToken: string };
    const profile = await call('GET', '/auth/profile', { token: accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ email: user.email });
    const passkeys = await call('GET', '/auth/passkeys', { token: accessToken });
    expect(passkeys.body.data).toEqual([expect.objectContaining({ id: credentials[0]!.id, lastUsedAt: expect.any(String) })]);
  } finally {
    await context.close();
  }
});

let player: { token: string; userId: number };
let pool: { id: number };
let laterMatch: { id: number };

test('a prediction: the admin enters a match, one player makes a pool, another joins and predicts', async () => {
  const admin = await signIn(adminAccount.email, adminAccount.password);
  const owner = await signUpAndIn('creadora');
  player = await signUpAndIn('jugador');

  const teams = (await call('GET', '/api/teams', { token: admin.token })).body.data as { id: number }[];
  expect(teams.length).toBeGreaterThan(1);
  const newMatch = async (days: number) => {
    const answer = await call('POST', '/api/matches', {
      token: admin.token,
      body: {
        // LaLiga's last round: the pool below, made with the spec's body, counts LaLiga from its next round on.
        competition: 'laliga-2026-27',
        round: `Despliegue ${days}`,
        weekNumber: 38,
        matchDate: new Date(Date.now() + days * 86_400_000).toISOString(),
        homeTeamId: teams[0]!.id,
        awayTeamId: teams[1]!.id,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data as { id: number };
  };
  const match = await newMatch(200);
  laterMatch = await newMatch(201);

  const invitationCode = 100000 + Math.floor(Math.random() * 900000);
  const created = await call('POST', '/api/pools', { token: owner.token, body: { name: 'Despliegue', description: '', invitationCode, creatorId: owner.userId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  pool = created.body.data;
  expect((await call('POST', '/api/pools/join', { token: player.token, body: { invitationCode, userId: player.userId } })).status).toBe(200);

  const predicted = await call('POST', '/api/predictions', {
    token: player.token,
    body: { prediction: 'away', userId: player.userId, matchId: match.id, poolId: pool.id },
  });
  expect(predicted.status, JSON.stringify(predicted.body)).toBe(201);
  const mine = await call('GET', '/api/predictions', { token: player.token });
  expect(mine.body.data).toEqual([expect.objectContaining({ matchId: match.id, poolId: pool.id, prediction: 'away' })]);
});

test('one session is served by both instances', async () => {
  const log = accessLogFromNow();
  for (let i = 0; i < 6; i += 1) {
    const answer = await call('GET', '/api/predictions', { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
  }
  const predictionReads = (lines: AccessLogLine[]) => lines.filter((line) => line.request.startsWith('GET /api/predictions'));
  const served = predictionReads(await log.linesOnce((lines) => predictionReads(lines).length >= 6));
  expect(served).toHaveLength(6);
  // Round-robin: the same token was accepted by each instance.
  expect(new Set(served.flatMap((line) => line.upstreams))).toEqual(new Set([instanceAddress(0), instanceAddress(1)]));
});

test('an instance stopped with SIGTERM: nginx still answers every request, writes too, then sends everything to the other', async () => {
  const reads = ['/auth/profile', '/api/predictions', `/api/leaderboard/pool/${pool.id}/ranking`];
  const statuses: number[] = [];
  const writes: number[] = [];
  let reading = true;
  const readLoop = async (url: string) => {
    while (reading) statuses.push((await call('GET', url, { token: player.token })).status);
  };
  // Writes in flight as the instance stops (a favourite saved again and again: a POST nginx may not resend).
  const writeLoop = async () => {
    while (reading) {
      writes.push((await call('POST', '/api/favorites', { token: player.token, body: { matchId: laterMatch.id } })).status);
    }
  };
  const loops = [...[...reads, ...reads].map(readLoop), writeLoop(), writeLoop()];
  await new Promise((r) => setTimeout(r, 500));
  // What `systemctl stop quiniela@<port>` sends; the instance drains what it is serving and exits 0.
  expect(await stack!.instances[0]!.stop('SIGTERM')).toBe(0);
  // nginx logs a request once its answer is passed on: let the last drained answers reach the log.
  await new Promise((r) => setTimeout(r, 100));
  const log = accessLogFromNow();
  await new Promise((r) => setTimeout(r, 1000));
  reading = false;
  await Promise.all(loops);

  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  // No write failed: the stopping instance answered what reached it, and refused new connections, which nginx
  // passed on (no 502 from a cut connection, no 503 from a draining one).
  expect(writes.length).toBeGreaterThan(5);
  expect(writes.filter((status) => status !== 201)).toEqual([]);

  // A write after the stop: the connection to the stopped instance is refused, so nginx passes even a POST on.
  const predicted = await call('POST', '/api/predictions', {
    token: player.token,
    body: { prediction: 'home', userId: player.userId, matchId: laterMatch.id, poolId: pool.id },
  });
  expect(predicted.status, JSON.stringify(predicted.body)).toBe(201);
  const lines = await log.linesOnce((read) => read.some((line) => line.request.startsWith('POST /api/predictions')));
  expect(lines.length).toBeGreaterThan(5);
  expect(lines.every((line) => line.upstreams.at(-1) === instanceAddress(1))).toBe(true);
  expect(lines.filter((line) => line.request.startsWith('POST /api/predictions'))).toHaveLength(1);
});

test('a forged X-Forwarded-For does not dodge the per-address limit through nginx', async () => {
  // The client comes from 127.0.0.2, not the proxy's 127.0.0.1 (TRUST_PROXY): like a client on the internet.
  const attempt = (from: string, forged?: string) =>
    call('POST', '/auth/signin', {
      from,
      body: { email: `nadie-${randomBytes(4).toString('hex')}@example.com`, password: 'clave-equivocada' },
      ...(forged ? { headers: { 'x-forwarded-for': forged } } : {}),
    });
  const log = accessLogFromNow();
  const statuses: number[] = [];
  for (let i = 0; i <= AUTH_LIMIT; i += 1) statuses.push((await attempt('127.0.0.2', `203.0.113.${i + 1}`)).status);
  // A new address in the header on every request, and still the limit of one client.
  expect(statuses.slice(0, AUTH_LIMIT).every((status) => status === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  expect((await log.lines()).every((line) => line.client === '127.0.0.2')).toBe(true);

  // The app counts the client behind nginx, not nginx: another client (127.0.0.1) still has its own budget.
  expect((await attempt('127.0.0.1')).status).toBe(401);
});

test('one address opening live streams is refused beyond 100 by nginx, while other clients are answered', async () => {
  test.setTimeout(120_000);
  // Thirty accounts (signed up from addresses of their own: the credential limit is per address) and one pool.
  const accounts: { token: string; userId: number }[] = [];
  for (let i = 0; i < 30; i += 1) {
    const user = { name: `Directo ${i}`, email: `directo-${i}-${Date.now()}@example.com`, password: 'clave-desplegada' };
    const from = `127.0.1.${1 + Math.floor(i / 5)}`;
    expect((await call('POST', '/auth/signup', { body: user, from })).status).toBe(201);
    const signedIn = await call('POST', '/auth/signin', { body: user, from });
    accounts.push({ token: signedIn.body.session.accessToken, userId: signedIn.body.userProfile.id });
  }
  const [owner, ...players] = accounts as [(typeof accounts)[number], ...typeof accounts];
  const pool = await call('POST', '/api/pools', {
    token: owner.token,
    body: { name: 'Directo', invitationCode: 100000 + Math.floor(Math.random() * 900000), maxParticipants: 100, creatorId: owner.userId },
  });
  expect(pool.status, JSON.stringify(pool.body)).toBe(201);
  for (const player of players) {
    expect((await call('POST', '/api/pools/join', { token: player.token, body: { invitationCode: pool.body.data.invitationCode, userId: player.userId } })).status).toBe(200);
  }

  // From one address, 120 streams held open: four per account (an instance keeps a user to four, ending the oldest).
  const open: http.ClientRequest[] = [];
  const openStream = (token: string) =>
    new Promise<{ status: number; retryAfter: string | undefined; requestId: string | string[] | undefined; body: string }>((resolve, reject) => {
      const request = https.request(
        {
          host: 'localhost', family: 4, port: stack!.httpsPort, path: `/api/live/pool/${pool.body.data.id}`, ca: certificate,
          agent: false, localAddress: '127.0.2.1', headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          const requestId = response.headers['x-request-id'];
          if (response.statusCode === 200) return resolve({ status: 200, retryAfter: undefined, requestId, body: '' });
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], requestId, body }));
        },
      );
      request.on('error', reject);
      request.end();
      open.push(request);
    });
  try {
    const answers = [];
    for (let round = 0; round < 4; round += 1) {
      answers.push(...(await Promise.all(accounts.map((account) => openStream(account.token)))));
    }
    // nginx refuses them itself (the instance never sees them: no X-Request-Id of its own).
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
    expect(refused).toHaveLength(20);
    expect(refused[0]).toMatchObject({ retryAfter: '30', requestId: undefined });
    expect(JSON.parse(refused[0]!.body)).toMatchObject({ statusCode: 429, message: 'Demasiadas conexiones en directo abiertas. Se volverá a intentar en un momento.' });

    // Everyone else is answered meanwhile, at once.
    const started = Date.now();
    expect((await call('GET', '/health', { from: '127.0.3.1' })).status).toBe(200);
    expect((await call('GET', '/api/matches', { token: owner.token, from: '127.0.3.1' })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
  } finally {
    for (const request of open) request.destroy();
  }
});
