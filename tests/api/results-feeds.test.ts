import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Match, ResultsSourceState, ResultsStatus, SignInResponse } from '#contract/index';
import { matchKickoffChanges, matchResultChanges } from '#server/db/schema';
import { seedFootballData } from '#server/db/seed/seed';
import { laligaFile, seededMatch, type SourceFile } from '#tests/support/laliga';
import { startLocalServer, type Answer } from '#tests/support/local-server';
import { createTestApp, testAppPerFile, type TestApp } from '#tests/support/test-app';

/**
 * Results that arrive by themselves (docs/decisions/065): openfootball's public files, the ready choice, and
 * football-data.org's API beside them, each read from a stand-in on 127.0.0.1. The football-data.org answers are
 * tests/fixtures/football-data's, in its v4 format: LaLiga's jornada 14 on the evening of Saturday 28 November, with
 * matches finished, under way, timed, without a time, put off and cancelled.
 */
const now = new Date('2026-11-28T18:00:00Z');
const TOKEN = 'token-de-prueba';
const fixture = async (file: string) =>
  JSON.parse(await readFile(new URL(`../fixtures/football-data/${file}`, import.meta.url), 'utf8')) as unknown;

let laliga: SourceFile;
let worldCup: string;
/** What openfootball's stand-in answers for its files (the shipped ones, edited by a test), or a failure. */
let openfootballAnswer: () => Answer;
/** What football-data.org's stand-in answers for a competition, or a failure. */
let footballDataAnswer: (code: string) => Answer;
let openfootball: Awaited<ReturnType<typeof startLocalServer>>;
let footballData: Awaited<ReturnType<typeof startLocalServer>>;
let answers: Record<string, unknown>;
let admin: SignInResponse;
let ana: SignInResponse;

const served = (): Answer => ({ body: JSON.stringify(answers.PD) });
const byCode = (code: string): Answer => ({ body: JSON.stringify(answers[code]) });

beforeAll(async () => {
  laliga = await laligaFile();
  worldCup = await readFile(new URL('../../server/db/seed/data/worldcup-2026.json', import.meta.url), 'utf8');
  openfootball = await startLocalServer(({ url }) => {
    if (url.endsWith('/football.json/master/2026-27/es.1.json')) return openfootballAnswer();
    if (url.endsWith('/worldcup.json/master/2026/worldcup.json')) return { body: worldCup };
    return { status: 404, body: '404: Not Found' };
  });
  footballData = await startLocalServer(({ url, headers }) => {
    if (headers['x-auth-token'] !== TOKEN) {
      return { status: 403, body: JSON.stringify({ message: 'The resource you are looking for is restricted.', errorCode: 403 }) };
    }
    const [, code] = /^\/v4\/competitions\/([A-Z]+)\/matches\?season=2026$/.exec(url) ?? [];
    return code ? footballDataAnswer(code) : { status: 404, body: JSON.stringify({ message: 'Not found', errorCode: 404 }) };
  });
  answers = { PD: await fixture('pd-2026-matchday-14.json'), WC: await fixture('wc-2026.json') };
});
afterAll(async () => {
  await openfootball.close();
  await footballData.close();
});
const t = testAppPerFile(() => ({
  clock: () => now,
  env: {
    RESULTS_SOURCE: 'openfootball',
    OPENFOOTBALL_BASE_URL: openfootball.origin,
    FOOTBALL_DATA_TOKEN: TOKEN,
    FOOTBALL_DATA_URL: `${footballData.origin}/v4`,
    FOOTBALL_DATA_CALLS_PER_MINUTE: '1000',
    UPDATE_ALL_MAX_PER_MINUTE: '1000',
  },
}));
beforeAll(async () => {
  await seedFootballData(t.app.services);
  admin = await t.createUser({ role: 'admin', name: 'Admin Feeds' });
  ana = await t.createUser({ name: 'Ana' });
}, 60_000);
beforeEach(() => {
  openfootballAnswer = () => ({ body: JSON.stringify(laliga) });
  footballDataAnswer = byCode;
});

const as: TestApp['as'] = (...request) => t.as(...request);
const updateAll = () => as(admin, 'POST', '/api/leaderboard/update-all');
const status = async () => (await as(ana, 'GET', '/api/results/status')).json<{ data: ResultsStatus }>().data;
const row = (home: string) => laliga.matches.find((m) => m.round === 'Matchday 14' && m.team1 === home)!;
const match = (home: string): Promise<Match> => seededMatch(t, admin, row(home));
const history = async (home: string) => {
  const { id } = await match(home);
  const [results, kickoffs] = await Promise.all([
    (await as(ana, 'GET', `/api/matches/${id}/result-changes`)).json().data,
    (await as(ana, 'GET', `/api/matches/${id}/kickoff-changes`)).json().data,
  ]);
  return { results, kickoffs };
};
const openfootballFiles = () => [
  `${openfootball.origin}/football.json/master/2026-27/es.1.json`,
  `${openfootball.origin}/worldcup.json/master/2026/worldcup.json`,
];

describe('the sources, ready to choose', () => {
  it('RESULTS_SOURCE=openfootball reads openfootball’s public files, and football-data.org beside them', async () => {
    const state = (await as(admin, 'GET', '/api/admin/results-source')).json<{ data: ResultsSourceState }>().data;
    expect(state.source).toEqual({
      kind: 'openfootball',
      location: 'openfootball',
      files: openfootballFiles(),
      setBy: 'env',
      setAt: null,
      envLocation: 'openfootball',
    });
    expect(state.footballData).toEqual({ configured: true, competitions: ['PD', 'WC'] });
    expect(state.feeds.map((feed) => [feed.source, feed.label, feed.lastAttemptAt])).toEqual([
      ['openfootball', 'openfootball', null],
      ['football-data', 'football-data.org', null],
    ]);
  });

  it('is one tap for an admin: openfootball, as their choice', async () => {
    expect((await as(admin, 'PUT', '/api/admin/results-source', { url: null })).statusCode).toBe(200);
    expect((await status()).feeds.map((feed) => feed.source)).toEqual(['football-data']);
    const chosen = await as(admin, 'PUT', '/api/admin/results-source', { preset: 'openfootball' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      message: 'Se leerán los archivos públicos de openfootball: LaLiga 2026/27 y el Mundial 2026.',
      data: { source: { kind: 'openfootball', location: 'openfootball', files: openfootballFiles(), setBy: 'admin' } },
    });
    expect((await as(ana, 'PUT', '/api/admin/results-source', { preset: 'openfootball' })).statusCode).toBe(403);
  });
});

describe('two sources that never fight', () => {
  it('football-data.org confirms kick-offs, shows live scores and finishes matches; each change says where it came from', async () => {
    const placeholder = await match('Real Madrid CF');
    expect(placeholder).toMatchObject({ matchDate: '2026-11-29T11:00:00.000Z', kickoffConfirmed: false });
    const res = await updateAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.import).toMatchObject({ source: 'openfootball + football-data', conflicts: [] });

    expect(await match('Real Madrid CF')).toMatchObject({
      matchDate: '2026-11-28T20:00:00.000Z',
      kickoffConfirmed: true,
      status: 'scheduled',
    });
    expect(await match('RC Celta de Vigo')).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 1 });
    expect(await match('Real Betis Balompié')).toMatchObject({ status: 'live', scoreHome: 1, scoreAway: 0 });
    expect(await match('Valencia CF')).toMatchObject({ status: 'live', scoreHome: 0, scoreAway: 1 });
    // A day alone stays a day alone; a match put off or cancelled keeps what it had.
    for (const home of ['Real Sociedad de Fútbol', 'Levante UD', 'Málaga CF']) {
      expect(await match(home)).toMatchObject({ kickoffConfirmed: false, status: 'scheduled' });
    }

    const celta = await history('RC Celta de Vigo');
    expect(celta.results).toEqual([
      expect.objectContaining({
        source: 'football-data',
        changedBy: 'football-data.org',
        before: { status: 'scheduled', scoreHome: null, scoreAway: null },
        after: { status: 'finished', scoreHome: 2, scoreAway: 1 },
      }),
    ]);
    expect(celta.kickoffs).toEqual([
      expect.objectContaining({
        source: 'football-data',
        changedBy: 'football-data.org',
        before: { matchDate: '2026-11-29T11:00:00.000Z', kickoffConfirmed: false },
        after: { matchDate: '2026-11-28T13:00:00.000Z', kickoffConfirmed: true },
      }),
    ]);

    // The next pull changes nothing: openfootball's placeholder does not undo the confirmed time.
    const again = await updateAll();
    expect(again.json().data.import).toMatchObject({ updated: 0, created: 0, results: 0, kickoffs: 0 });
    expect((await history('Real Madrid CF')).kickoffs).toHaveLength(1);
  });

  it('takes the stronger word per field: openfootball fills what football-data.org lacks, never what it has', async () => {
    row('RC Celta de Vigo').score = { ft: [2, 2] };
    row('RCD Espanyol de Barcelona').time = '16:00';
    row('Real Sociedad de Fútbol').time = '18:30';
    const res = await updateAll();
    expect(res.statusCode, res.body).toBe(200);
    // As strong as football-data.org's, which ranks higher: its result and its time stay.
    expect(await match('RC Celta de Vigo')).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 1 });
    expect(await match('RCD Espanyol de Barcelona')).toMatchObject({ matchDate: '2026-11-29T13:00:00.000Z' });
    // A time over football-data.org's day alone: openfootball's.
    expect(await match('Real Sociedad de Fútbol')).toMatchObject({
      matchDate: '2026-11-29T17:30:00.000Z',
      kickoffConfirmed: true,
    });
    expect((await history('Real Sociedad de Fútbol')).kickoffs).toEqual([
      expect.objectContaining({ source: 'openfootball', changedBy: 'openfootball' }),
    ]);
    // The match finishes on football-data.org: openfootball's later live silence changes nothing.
    const fd = answers.PD as { matches: { homeTeam: { name: string }; status: string; score: object }[] };
    const betis = fd.matches.find((m) => m.homeTeam.name === 'Real Betis Balompié')!;
    betis.status = 'FINISHED';
    betis.score = { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 3, away: 0 }, halfTime: { home: 1, away: 0 } };
    await updateAll();
    expect(await match('Real Betis Balompié')).toMatchObject({ status: 'finished', scoreHome: 3, scoreAway: 0 });
    expect((await history('Real Betis Balompié')).results.map((c: { after: object }) => c.after)).toEqual([
      { status: 'live', scoreHome: 1, scoreAway: 0 },
      { status: 'finished', scoreHome: 3, scoreAway: 0 },
    ]);
    delete row('RC Celta de Vigo').score;
    delete row('RCD Espanyol de Barcelona').time;
    delete row('Real Sociedad de Fútbol').time;
  });

  it('never overwrites an admin’s correction: it stays, and each source reports the conflict', async () => {
    const valencia = await match('Valencia CF');
    await t.api.updateMatch(admin, valencia, { status: 'finished', scoreHome: 1, scoreAway: 1 });
    const depor = await match('RC Deportivo La Coruña');
    await t.api.updateMatch(admin, depor, { matchDate: '2026-11-29T20:30:00.000Z', kickoffConfirmed: true });

    const res = await updateAll();
    expect(res.statusCode, res.body).toBe(200);
    const conflicts = res.json().data.import.conflicts as { matchId: number; kind: string }[];
    expect(conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ matchId: valencia.id, kind: 'result', source: { status: 'live', scoreHome: 0, scoreAway: 1 } }),
        expect.objectContaining({ matchId: depor.id, kind: 'kickoff' }),
      ]),
    );
    expect(await match('Valencia CF')).toMatchObject({ status: 'finished', scoreHome: 1, scoreAway: 1 });
    expect(await match('RC Deportivo La Coruña')).toMatchObject({ matchDate: '2026-11-29T20:30:00.000Z' });
    const { kickoffs } = await history('RC Deportivo La Coruña');
    expect(kickoffs.map((k: { source: string; changedBy: string }) => [k.source, k.changedBy])).toEqual([
      ['football-data', 'football-data.org'],
      ['admin', 'Admin Feeds'],
    ]);
    const db = t.db;
    expect(
      (await db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, valencia.id))).map((c) => c.source),
    ).toEqual(['football-data', 'admin']);
    expect(
      (await db.select().from(matchKickoffChanges).where(eq(matchKickoffChanges.matchId, depor.id))).map((c) => c.source),
    ).toEqual(['football-data', 'admin']);
  });
});

describe('each source, when it fails, says why and leaves the other be', () => {
  const footballDataStatus = async () => (await status()).feeds.find((feed) => feed.source === 'football-data')!;

  it('football-data.org answering 429: no call until its count resets, openfootball still read', async () => {
    footballDataAnswer = () => ({
      status: 429,
      headers: { 'X-Requests-Available-Minute': '0', 'X-RequestCounter-Reset': '1' },
      body: JSON.stringify({ message: 'You reached your request limit. Wait 1 seconds.', errorCode: 429 }),
    });
    const res = await updateAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.import.source).toBe('openfootball + football-data');
    expect(await footballDataStatus()).toMatchObject({
      label: 'football-data.org',
      lastAttemptAt: now.toISOString(),
      failure: 'límite de peticiones alcanzado',
      lastSuccessAt: now.toISOString(),
    });
    expect((await status()).feeds.find((feed) => feed.source === 'openfootball')).toMatchObject({ failure: null });

    footballDataAnswer = byCode;
    const asked = footballData.requests.length;
    await updateAll();
    expect(footballData.requests.length).toBe(asked);
    expect(await footballDataStatus()).toMatchObject({ failure: 'límite de peticiones alcanzado' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await updateAll();
    expect(footballData.requests.length).toBe(asked + 2);
    expect(await footballDataStatus()).toMatchObject({ failure: null });
  });

  it('a 5xx, a malformed answer, a refused token, no connection: each in words', async () => {
    const cases: [() => Answer, string][] = [
      [() => ({ status: 503, body: '<html>Service Unavailable</html>' }), 'la fuente respondió 503'],
      [() => ({ body: '{"matches": [' }), 'datos no válidos'],
      [() => ({ body: JSON.stringify({ matches: [{ utcDate: 'mañana', status: 'TIMED' }] }) }), 'datos no válidos'],
      [() => ({ status: 403, body: '{"errorCode":403}' }), 'token rechazado'],
    ];
    for (const [answer, failure] of cases) {
      footballDataAnswer = answer;
      expect((await updateAll()).statusCode).toBe(200);
      expect(await footballDataStatus(), failure).toMatchObject({ failure });
    }
    // A malformed answer changed nothing: every competition is read before any is applied.
    expect(await match('Real Madrid CF')).toMatchObject({ matchDate: '2026-11-28T20:00:00.000Z' });
  });

  it('openfootball failing too: "Actualizar Resultados" says which and why', async () => {
    footballDataAnswer = () => ({ status: 500, body: 'error' });
    openfootballAnswer = () => ({ status: 429, body: '429: Too Many Requests' });
    const res = await updateAll();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('No se pudo leer la fuente de resultados (openfootball: límite de peticiones alcanzado).');
    openfootballAnswer = () => ({ body: '{"name": "Spain Primera División 2026/27", "matches": [{"round": 1}]}' });
    expect((await updateAll()).json().message).toBe('No se pudo leer la fuente de resultados (openfootball: datos no válidos).');
    expect((await status()).feeds).toEqual([
      expect.objectContaining({ source: 'openfootball', failure: 'datos no válidos', lastSuccessAt: now.toISOString() }),
      expect.objectContaining({ source: 'football-data', failure: 'la fuente respondió 500' }),
    ]);
  });
});

describe('football-data.org’s rate limit, kept by the app', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      clock: () => now,
      env: {
        FOOTBALL_DATA_TOKEN: TOKEN,
        FOOTBALL_DATA_URL: `${footballData.origin}/v4`,
        FOOTBALL_DATA_COMPETITIONS: 'PD',
        FOOTBALL_DATA_CALLS_PER_MINUTE: '2',
      },
    });
  });
  afterAll(() => limited.close());

  it('makes no more calls in a minute than the plan allows: the next pull fails at once, asking nothing', async () => {
    footballDataAnswer = served;
    const { userProfile } = await limited.createUser();
    const pull = () => limited.app.services.resultsPull.pull(userProfile.id);
    const asked = footballData.requests.length;
    await pull();
    await pull();
    expect(footballData.requests.length).toBe(asked + 2);
    await expect(pull()).rejects.toThrow('No se pudo leer la fuente de resultados (football-data.org: límite de peticiones alcanzado).');
    expect(footballData.requests.length).toBe(asked + 2);
  });

  it('without a connection, says so', async () => {
    const offline = await createTestApp({
      env: { FOOTBALL_DATA_TOKEN: TOKEN, FOOTBALL_DATA_URL: 'http://127.0.0.1:9/v4', FOOTBALL_DATA_COMPETITIONS: 'WC' },
    });
    const { userProfile } = await offline.createUser();
    await expect(offline.app.services.resultsPull.pull(userProfile.id)).rejects.toThrow(
      'No se pudo leer la fuente de resultados (football-data.org: sin conexión).',
    );
    await offline.close();
  });
});

describe('what a bare start reads', () => {
  it('nothing, until an admin chooses: no feed, no pull', async () => {
    const bare = await createTestApp();
    const user = await bare.createUser();
    const res = await bare.injectAs(user.session.accessToken, { method: 'GET', url: '/api/results/status' });
    expect(res.json()).toEqual({ data: { feeds: [], schedule: { mode: 'off', nextPullAt: null } } });
    expect(await bare.app.services.resultsPull.pull(user.userProfile.id)).toBeNull();
    await bare.close();
  });
});
