import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ImportJob, Match, ResultsSourceState, SignInResponse } from '#contract/index';
import { matchResultChanges } from '#server/db/schema';
import { seedFootballData } from '#server/db/seed/seed';
import type * as PublicUrlSource from '#server/modules/results/public-url-source';
import { afterKickoff, beforeKickoff, laligaFile, ONE_RESULT_IMPORTED, seededMatch, type SourceFile, type SourceRow } from '#tests/support/laliga';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres } from '#server/db/client';
import { createPostgresDatabase, testDatabaseKind } from '#tests/support/test-database';
import { adminIn, testAppPerFile, type TestApp } from '#tests/support/test-app';

/**
 * Names as the check of a URL an admin saves sees them (`checkPublicUrl`, with the real rule of which addresses
 * are public): names not listed here are looked up by the system (`localhost` only, from /etc/hosts). Nothing
 * leaves the machine: reading the saved URL leads to a stand-in server on 127.0.0.1, which only this file lets
 * the reader connect to (the connection-time check itself is tested in admin.test.ts, with the same reader).
 */
const savedAnswers = vi.hoisted(() => new Map<string, string[]>());
vi.mock('#server/modules/results/public-url-source', async (importOriginal) => {
  const real = await importOriginal<typeof PublicUrlSource>();
  const { reachesStandIn, resolveBy } = await import('#tests/support/test-names');
  const { lookup } = await import('node:dns/promises');
  return {
    ...real,
    checkPublicUrl: (url: string) =>
      real.checkPublicUrl(url, {
        resolve: async (host) => {
          const answer = savedAnswers.get(host);
          if (answer) return answer.map((address) => ({ address, family: isIP(address) }));
          if (host !== 'localhost') throw new Error(`getaddrinfo ENOTFOUND ${host}`);
          return lookup(host, { all: true });
        },
      }),
    readPublicUrl: (url: string) =>
      real.readPublicUrl(url, {
        resolve: resolveBy((host) => (host === 'datos.example.org' ? ['127.0.0.1'] : undefined)),
        isAllowed: reachesStandIn,
      }),
  };
});

let now = beforeKickoff;
let admin: SignInResponse;
let ana: SignInResponse;
let laliga: SourceFile;
/** RESULTS_SOURCE: a local file. */
let sourcePath: string;
/** The stand-in server's answer to /es.1.json (the other paths answer 404). */
let served: string;
let server: Server;
let port: number;

beforeAll(async () => {
  laliga = await laligaFile();
  sourcePath = path.join(await mkdtemp(path.join(os.tmpdir(), 'quiniela-source-')), 'es.1.json');
  await writeFile(sourcePath, JSON.stringify(laliga));
  served = JSON.stringify(laliga);
  server = createServer((request, response) => {
    if (request.url === '/es.1.json' || request.url === '/otra/es.1.json') return response.end(served);
    if (request.url === '/vacio.json') return response.end(JSON.stringify({ name: laliga.name, matches: [] }));
    response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  savedAnswers.set('datos.example.org', ['151.101.1.195']);
  savedAnswers.set('interno.example.org', ['151.101.1.195', '10.0.0.7']);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
const t = testAppPerFile(() => ({
  clock: () => now,
  // No poller: the pulls here are the test's (tests/api/results-poller.test.ts has the poller's).
  env: { RESULTS_SOURCE: sourcePath, RESULTS_POLL_MINUTES: '0', UPDATE_ALL_MAX_PER_MINUTE: '1000' },
}));
beforeAll(async () => {
  await seedFootballData(t.app.services);
  admin = await t.createUser({ role: 'admin', name: 'Admin Fuente' });
  ana = await t.createUser({ name: 'Ana' });
}, 60_000);

const as: TestApp['as'] = (...request) => t.as(...request);
const state = async () => {
  const res = await as(admin, 'GET', '/api/admin/results-source');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ResultsSourceState }>().data;
};
const save = (payload: object) => as(admin, 'PUT', '/api/admin/results-source', payload);
const updateAll = (who: SignInResponse = admin) => as(who, 'POST', '/api/leaderboard/update-all');
/** The answer of "Actualizar Resultados", once it answered 200. */
async function updatedAll() {
  const res = await updateAll();
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** A pull of the feeds as "Actualizar Resultados" makes it, without its recompute of the pools. */
const pull = () => t.app.services.resultsPull.pull(admin.userProfile.id);
const publicUrl = (p = '/es.1.json') => `http://datos.example.org:${port}${p}`;
/** The seeded match of a row of the file, as the API answers it. */
const fixture = (row: SourceRow) => seededMatch(t, admin, row);
const upcoming = () => laliga.matches.filter((m) => m.date === '2026-11-22' && !m.score);
/** Writes the edited file where RESULTS_SOURCE points and where the stand-in server answers. */
async function publish() {
  served = JSON.stringify(laliga);
  await writeFile(sourcePath, served);
}
const pointsOf = async (who: SignInResponse, poolId: number) =>
  (await as(who, 'GET', `/api/leaderboard/pool/${poolId}/ranking`))
    .json<{
      leaderboard: { positions: { userId: number; points: number }[] };
    }>()
    .leaderboard.positions.find((p) => p.userId === who.userProfile.id)?.points;

describe('the results source in the admin area', () => {
  it('is for admins only', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { url: null }],
    ] as const) {
      const anonymous = await t.app.inject({
        method,
        url: '/api/admin/results-source',
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toMatch(/sesión/i);
      const user = await as(ana, method, '/api/admin/results-source', payload);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect((await state()).source.kind).toBe('file');
  });

  it('starts as RESULTS_SOURCE, a file, never read yet', async () => {
    expect(await state()).toEqual({
      source: {
        kind: 'file',
        location: sourcePath,
        files: [sourcePath],
        setBy: 'env',
        setAt: null,
        envLocation: sourcePath,
      },
      lastPull: null,
      lastImport: null,
      pollMinutes: 0,
      livePollSeconds: 300,
      footballData: { configured: false, competitions: [] },
      feeds: [{ source: sourcePath, label: 'es.1.json', lastAttemptAt: null, failure: null, lastSuccessAt: null }],
      schedule: { mode: 'off', nextPullAt: null },
    });
  });

  it('refuses loopback, private and link-local addresses, other schemes and file paths, in Spanish, and keeps the source', async () => {
    const privateOnly = 'Por seguridad solo se importan URL públicas (no direcciones locales ni privadas).';
    const bodyInvalid =
      'Envía { "preset": "openfootball" }, { "url": "https://…" }, { "url": null } para no usar ninguna fuente, o { "useEnv": true }.';
    const httpOnly = 'La URL debe empezar por http:// o https://.';
    const cases: [unknown, number, string][] = [
      [{ url: 'http://127.0.0.1/es.1.json' }, 400, privateOnly],
      [{ url: `http://127.0.0.1:${port}/es.1.json` }, 400, privateOnly],
      [{ url: 'http://localhost/es.1.json' }, 400, privateOnly],
      [{ url: 'http://10.1.2.3/es.1.json' }, 400, privateOnly],
      [{ url: 'http://192.168.1.10/es.1.json' }, 400, privateOnly],
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 400, privateOnly],
      [{ url: 'http://[::1]/es.1.json' }, 400, privateOnly],
      [{ url: 'http://[fe80::1]/es.1.json' }, 400, privateOnly],
      // One private address among a name's answers is enough.
      [{ url: 'http://interno.example.org/es.1.json' }, 400, privateOnly],
      [{ url: 'http://no-existe.example.org/es.1.json' }, 400, 'No se encontró el servidor «no-existe.example.org».'],
      [{ url: 'ftp://datos.example.org/es.1.json' }, 400, httpOnly],
      [{ url: 'file:///etc/passwd' }, 400, httpOnly],
      [{ url: '/etc/passwd' }, 400, httpOnly],
      [{ url: sourcePath }, 400, httpOnly],
      [{ path: '/etc/passwd' }, 400, bodyInvalid],
      [{}, 400, bodyInvalid],
      [{ url: null, useEnv: true }, 400, bodyInvalid],
      [{ preset: 'openfootball', url: null }, 400, bodyInvalid],
      [{ preset: 'football-data' }, 400, bodyInvalid],
    ];
    for (const [payload, status, message] of cases) {
      const res = await save(payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ statusCode: status, message });
    }
    expect((await state()).source).toMatchObject({ kind: 'file', setBy: 'env' });
  });

  it('takes a public URL, stored: "Actualizar Resultados" reads it at once, and records the pull', async () => {
    const res = await save({ url: publicUrl() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Fuente de resultados guardada.',
      data: {
        source: {
          kind: 'url',
          location: publicUrl(),
          setBy: 'admin',
          setAt: now.toISOString(),
          envLocation: sourcePath,
        },
      },
    });

    const [row] = upcoming();
    const match = await fixture(row!);
    const owner = await t.createUser();
    const player = await t.createUser({ name: 'Acertante' });
    const pool = await t.api.pool(owner, { players: [player] });
    await t.api.predict(player, pool, match, 'home');
    // Only the URL says so: the file RESULTS_SOURCE names is left as it was. The match has been played since.
    row!.score = { ft: [3, 1] };
    served = JSON.stringify(laliga);
    delete row!.score;
    now = afterKickoff;

    const pulled = await updateAll(owner);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json()).toEqual({
      message: '1 resultado nuevo, 1 quiniela actualizada.',
      data: {
        import: {
          source: publicUrl(),
          ...ONE_RESULT_IMPORTED,
          conflicts: [],
        },
        poolsRecomputed: 1,
        poolsUpdated: 1,
      },
    });
    expect(await pointsOf(player, pool.id)).toBe(3);

    const { lastPull, lastImport } = await state();
    expect(lastPull).toEqual(lastImport);
    expect(lastPull).toMatchObject({
      status: 'succeeded',
      trigger: 'update-all',
      source: publicUrl(),
      startedAt: now.toISOString(),
      finishedAt: now.toISOString(),
      error: null,
      summary: {
        updated: 1,
        created: 0,
        conflicts: [],
        changes: [
          {
            matchId: match.id,
            before: { status: 'scheduled' },
            after: { status: 'finished', scoreHome: 3, scoreAway: 1 },
          },
        ],
      },
    });
    // The admin's import list shows it too, with what ran it.
    const listed = (await as(admin, 'GET', '/api/admin/import-jobs')).json<{ data: ImportJob[] }>().data;
    expect(listed[0]).toEqual(lastPull);

    // Another URL applies from the next pull on, with no restart.
    expect((await save({ url: publicUrl('/otra/es.1.json') })).statusCode).toBe(200);
    expect((await updateAll()).json().data.import).toMatchObject({ source: publicUrl('/otra/es.1.json'), updated: 0 });
  });

  it('records a failed pull with why in words, and says it', async () => {
    expect((await save({ url: publicUrl('/no-esta.json') })).statusCode).toBe(200);
    const failed = await updateAll();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'No se pudo leer la fuente de resultados (datos.example.org: no se encontró el archivo).',
    );
    expect((await state()).lastPull).toMatchObject({
      status: 'failed',
      trigger: 'update-all',
      source: publicUrl('/no-esta.json'),
      summary: null,
      error: 'no se encontró el archivo',
    });
    expect((await state()).feeds).toEqual([
      {
        source: publicUrl('/no-esta.json'),
        label: 'datos.example.org',
        lastAttemptAt: now.toISOString(),
        failure: 'no se encontró el archivo',
        lastSuccessAt: null,
      },
    ]);

    expect((await save({ url: publicUrl() })).statusCode).toBe(200);
    expect(await pull()).toMatchObject({ source: publicUrl(), updated: 0 });
    expect((await state()).lastPull).toMatchObject({ status: 'succeeded', source: publicUrl(), error: null });
    expect((await state()).feeds).toEqual([
      {
        source: publicUrl(),
        label: 'datos.example.org',
        lastAttemptAt: now.toISOString(),
        failure: null,
        lastSuccessAt: now.toISOString(),
      },
    ]);
  });

  it('can be none (nothing is read, "Actualizar Resultados" says so), then RESULTS_SOURCE again', async () => {
    const before = (await state()).lastPull;
    const cleared = await save({ url: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      message: 'Fuente de resultados quitada: no se leerá ninguna.',
      data: { source: { kind: 'none', location: null, setBy: 'admin', envLocation: sourcePath } },
    });
    const res = await updateAll();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        'No hay una fuente de resultados configurada. Clasificaciones recalculadas con los resultados guardados.',
      data: { import: null },
    });
    expect(await pull()).toBeNull();
    expect((await state()).lastPull).toEqual(before);

    const restored = await save({ useEnv: true });
    expect(restored.json()).toMatchObject({
      message: 'Se usa de nuevo la fuente de la configuración del servidor (RESULTS_SOURCE).',
      data: { source: { kind: 'file', location: sourcePath, files: [sourcePath], setBy: 'env', setAt: null } },
    });
    expect((await updateAll()).json().data.import).toMatchObject({ source: sourcePath });
  });
});

describe('a manual correction and the source', () => {
  let owner: SignInResponse;
  let player: SignInResponse;
  let poolId: number;
  let corrected: Match;
  let row: SourceRow;

  beforeAll(async () => {
    expect((await save({ useEnv: true })).statusCode).toBe(200);
    row = upcoming()[1]!;
    corrected = await fixture(row);
    owner = await t.createUser();
    player = await t.createUser({ name: 'Pronosticadora' });
    const pool = await t.api.pool(owner, { players: [player] });
    poolId = pool.id;
    now = beforeKickoff;
    await t.api.predict(player, pool, corrected, 'home');
    // The match is played, and the admin enters the result by hand: the player's pick is right.
    now = afterKickoff;
    await t.api.updateMatch(admin, corrected, { status: 'finished', scoreHome: 2, scoreAway: 0 });
    expect(await pointsOf(player, poolId)).toBe(3);
  });

  const history = () => t.db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, corrected.id));

  it('is never reverted by a different result from the source: it stays, and the import reports the conflict', async () => {
    row.score = { ft: [0, 1] };
    await publish();
    const answer = await updatedAll();
    const imported = answer.data.import;
    expect(imported).toMatchObject({ updated: 0, unchanged: 380 });
    expect(imported.conflicts).toEqual([
      {
        matchId: corrected.id,
        competition: 'laliga-2026-27',
        round: corrected.round,
        roundLabel: `Jornada ${corrected.weekNumber}`,
        homeTeamId: corrected.homeTeamId,
        awayTeamId: corrected.awayTeamId,
        home: expect.any(String),
        away: expect.any(String),
        kind: 'result',
        admin: {
          status: 'finished',
          scoreHome: 2,
          scoreAway: 0,
          changedAt: expect.any(String),
          changedBy: 'Admin Fuente',
        },
        source: { status: 'finished', scoreHome: 0, scoreAway: 1 },
        kickoff: null,
      },
    ]);
    expect(answer.message).toBe('Sin resultados nuevos. 1 partido conserva la corrección de un administrador.');
    expect(await fixture(row)).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 0 });
    expect(await pointsOf(player, poolId)).toBe(3);
    expect((await history()).map((h) => h.source)).toEqual(['admin']);
    // The last pull shows it, as the admin area does.
    expect((await state()).lastPull?.summary?.conflicts).toEqual(imported.conflicts);

    // Every pull tells it again while the source disagrees.
    expect((await pull())?.conflicts).toHaveLength(1);
  });

  it('is no conflict when the source brings the result the admin saved', async () => {
    row.score = { ft: [2, 0] };
    await publish();
    const imported = (await updateAll()).json().data.import;
    expect(imported).toMatchObject({ updated: 0, unchanged: 380, conflicts: [] });
    expect(await pointsOf(player, poolId)).toBe(3);
  });

  it('still takes a new kick-off time from the source, not its result', async () => {
    row.score = { ft: [1, 1] };
    const time = row.time;
    row.time = '22:15';
    await publish();
    const imported = (await updateAll()).json().data.import;
    expect(imported).toMatchObject({ updated: 1, conflicts: [{ matchId: corrected.id }] });
    const after = await fixture(row);
    expect(after).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 0 });
    expect(after.matchDate).not.toBe(corrected.matchDate);
    expect(await pointsOf(player, poolId)).toBe(3);
    row.time = time;
    row.score = { ft: [2, 0] };
    await publish();
    await updateAll();
  });

  it('applies a corrected result from the source to a match no admin corrected, moving standings once', async () => {
    const other = upcoming()[2]!;
    const match = await fixture(other);
    const pool = await t.api.pool(owner, { players: [player] });
    now = beforeKickoff;
    await t.api.predict(player, pool, match, 'away');
    now = afterKickoff;
    // Pulls without a recompute after them: the points are what the import itself moved.
    other.score = { ft: [1, 0] };
    await publish();
    expect(await pull()).toMatchObject({ updated: 1, conflicts: [] });
    expect(await pointsOf(player, pool.id)).toBe(0);

    // The source corrects itself: the standings move, once, whatever the pulls after it.
    other.score = { ft: [0, 2] };
    await publish();
    expect(await pull()).toMatchObject({ updated: 1, conflicts: [] });
    expect(await pointsOf(player, pool.id)).toBe(3);
    expect(await pull()).toMatchObject({ updated: 0 });
    expect(await pointsOf(player, pool.id)).toBe(3);
    expect((await updateAll()).json().data.import).toMatchObject({ updated: 0 });
    expect(await pointsOf(player, pool.id)).toBe(3);
    const changes = await t.db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, match.id));
    expect(changes.map((c) => [c.source, c.newScoreHome, c.newScoreAway])).toEqual([
      ['import', 1, 0],
      ['import', 0, 2],
    ]);
    delete other.score;
    await publish();
  });
});

describe('a kick-off an admin corrected, and a result before kick-off', () => {
  beforeAll(async () => {
    expect((await save({ useEnv: true })).statusCode).toBe(200);
    now = afterKickoff;
  });

  it('keeps the admin’s kick-off when the source still has another (its placeholder), and reports it as a conflict', async () => {
    const row = upcoming()[3]!;
    const placeholder = await fixture(row);
    expect(placeholder.kickoffConfirmed).toBe(false);
    // The admin confirms the real time: 21:00 in Madrid.
    await t.api.updateMatch(admin, placeholder, { matchDate: '2026-11-22T20:00:00.000Z', kickoffConfirmed: true });

    const answer = await updatedAll();
    const imported = answer.data.import;
    expect(imported).toMatchObject({ updated: 0, kickoffs: 0, results: 0 });
    expect(imported.conflicts).toEqual([
      expect.objectContaining({
        matchId: placeholder.id,
        kind: 'kickoff',
        roundLabel: 'Jornada 13',
        admin: expect.objectContaining({
          status: 'scheduled',
          changedBy: 'Admin Fuente',
          changedAt: now.toISOString(),
        }),
        kickoff: {
          kept: { matchDate: '2026-11-22T20:00:00.000Z', kickoffConfirmed: true },
          source: { matchDate: placeholder.matchDate, kickoffConfirmed: false },
        },
      }),
    ]);
    expect(answer.message).toBe('Sin resultados nuevos. 1 partido conserva la corrección de un administrador.');
    expect(await fixture(row)).toMatchObject({ matchDate: '2026-11-22T20:00:00.000Z', kickoffConfirmed: true });
    // Every pull keeps it.
    expect((await pull())?.conflicts).toHaveLength(1);
    expect((await fixture(row)).matchDate).toBe('2026-11-22T20:00:00.000Z');

    // A source that brings the admin's time is no conflict; its result still applies (the admin set no result).
    row.time = '21:00';
    row.score = { ft: [1, 2] };
    await publish();
    const agreed = (await updateAll()).json().data.import;
    expect(agreed).toMatchObject({ updated: 1, results: 1, kickoffs: 0, conflicts: [] });
    expect(await fixture(row)).toMatchObject({
      matchDate: '2026-11-22T20:00:00.000Z',
      status: 'finished',
      scoreHome: 1,
      scoreAway: 2,
    });
  });

  it('refuses the source’s result for a match that has not kicked off, reports it, and takes it once the kick-off is past', async () => {
    const [row] = laliga.matches.filter((m) => m.date === '2026-11-29' && !m.score);
    const match = await fixture(row!);
    row!.score = { ft: [3, 0] };
    await publish();

    const answer = await updatedAll();
    const imported = answer.data.import;
    expect(imported).toMatchObject({ updated: 0, results: 0 });
    expect(imported.conflicts).toEqual([
      expect.objectContaining({
        matchId: match.id,
        kind: 'notStarted',
        roundLabel: 'Jornada 14',
        admin: null,
        source: { status: 'finished', scoreHome: 3, scoreAway: 0 },
        kickoff: {
          kept: { matchDate: match.matchDate, kickoffConfirmed: false },
          source: { matchDate: match.matchDate, kickoffConfirmed: false },
        },
      }),
    ]);
    expect(answer.message).toBe('Sin resultados nuevos. 1 resultado no se guarda: su partido aún no ha empezado.');
    expect(await fixture(row!)).toMatchObject({ status: 'scheduled', scoreHome: null, scoreAway: null });
    expect(await t.db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, match.id))).toEqual([]);

    // The source moves the match to a day already past, with its result: the match as it will be has kicked off.
    row!.date = '2026-11-22';
    await publish();
    const moved = (await updateAll()).json().data.import;
    expect(moved).toMatchObject({ updated: 1, results: 1, kickoffs: 1, conflicts: [] });
    expect(await fixture(row!)).toMatchObject({ status: 'finished', scoreHome: 3, scoreAway: 0 });
    row!.date = '2026-11-29';
    delete row!.score;
    await publish();
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'the source an admin sets, in two instances on one PostgreSQL',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let apps: FastifyInstance[];
    let handles: ReturnType<typeof openPostgres>[];

    beforeEach(async () => {
      database = await createPostgresDatabase(inject('databaseTemplate'));
      handles = [openPostgres(database.url), openPostgres(database.url)];
      apps = await Promise.all(
        handles.map((handle) =>
          buildApp({
            config: loadConfig({
              LOG_LEVEL: 'silent',
              SEED_DATA: 'false',
              REMINDERS_POLL_SECONDS: '0',
              RESULTS_POLL_MINUTES: '0',
            }),
            database: handle,
          }),
        ),
      );
      await Promise.all(apps.map((app) => app.ready()));
    });
    afterEach(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    });

    it('is read by the other instance at its next pull, without a restart, and both tell the same last pull', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const { admin: boss, token } = await adminIn(handles[0]!.db);
      const headers = { authorization: `Bearer ${token}` };
      const url = publicUrl('/vacio.json');
      expect(await second.services.resultsPull.pull(boss.id)).toBeNull();

      const saved = await first.inject({ method: 'PUT', url: '/api/admin/results-source', headers, payload: { url } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await second.services.resultsPull.pull(boss.id)).toMatchObject({ source: url, matchesSeen: 0 });
      const told = await Promise.all(
        apps.map(async (app) =>
          (await app.inject({ method: 'GET', url: '/api/admin/results-source', headers })).json(),
        ),
      );
      expect(told[0]).toEqual(told[1]);
      expect(told[0].data).toMatchObject({
        source: { kind: 'url', location: url, setBy: 'admin' },
        lastPull: { trigger: 'update-all', status: 'succeeded', source: url },
      });
    });
  },
);
