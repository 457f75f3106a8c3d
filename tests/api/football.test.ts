import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CreateMatchBody, Match, SignInResponse, Team } from '#contract/index';
import { matchResultChanges } from '#server/db/schema';
import { createTestApp, testAppPerFile, type TestApp } from '#tests/support/test-app';

const t = testAppPerFile();
let admin: SignInResponse;
let user: SignInResponse;
let betis: Team;
let sevilla: Team;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  user = await t.createUser();
  betis = await createTeam('Real Betis');
  sevilla = await createTeam('Sevilla');
});

const as: TestApp['as'] = (...request) => t.as(...request);

const createTeam = (name: string) => t.api.team(admin, { name, logoUrl: '/logos/clubs/x.svg' });
const createMatch = (fields: Partial<CreateMatchBody> = {}) =>
  t.api.match(admin, { matchDate: '2026-12-06T20:00:00Z', homeTeamId: betis.id, awayTeamId: sevilla.id, ...fields });

describe('reads', () => {
  it('lists teams and matches for any signed-in user, soonest match first', async () => {
    const later = await createMatch({ matchDate: '2026-12-20T20:00:00Z' });
    const sooner = await createMatch({ matchDate: '2026-12-01T20:00:00Z' });
    const teams = await as(user, 'GET', '/api/teams');
    expect(teams.statusCode).toBe(200);
    expect(teams.json().data.map((x: Team) => x.name)).toEqual(expect.arrayContaining(['Real Betis', 'Sevilla']));
    const matches = (await as(user, 'GET', '/api/matches')).json().data as Match[];
    const ids = matches.map((m) => m.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(matches[0]).toMatchObject({ status: 'scheduled', scoreHome: null, kickoffConfirmed: true });
    expect((await as(user, 'GET', `/api/matches/${sooner.id}`)).json().data.id).toBe(sooner.id);
    expect((await as(user, 'GET', '/api/matches/999999')).statusCode).toBe(404);
  });

  it('revalidates the match list with an ETag, and a change shows at once', async () => {
    const first = await as(user, 'GET', '/api/matches');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const unchanged = await t.injectAs(user.session.accessToken, { method: 'GET', url: '/api/matches', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const match = await createMatch({ matchDate: '2027-01-10T20:00:00Z' });
    const changed = await t.injectAs(user.session.accessToken, { method: 'GET', url: '/api/matches', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.map((m: Match) => m.id)).toContain(match.id);
    // A match is live once it has kicked off: its kick-off moves into the past with it.
    await as(admin, 'PATCH', `/api/matches/${match.id}`, { status: 'live', matchDate: new Date(Date.now() - 60_000).toISOString() });
    const live = (await as(user, 'GET', '/api/matches')).json().data.find((m: Match) => m.id === match.id);
    expect(live.status).toBe('live');
  });

  it('needs a session', async () => {
    for (const url of ['/api/teams', '/api/matches', '/api/confederations']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('writes are admin-only and validated', () => {
  it('refuses non-admins with 403 and stores nothing', async () => {
    expect((await as(user, 'POST', '/api/teams', { name: 'Intruso' })).statusCode).toBe(403);
    expect((await as(user, 'POST', '/api/matches', { weekNumber: 1, matchDate: '2026-12-06T20:00:00Z', homeTeamId: betis.id, awayTeamId: sevilla.id })).statusCode).toBe(403);
    const match = await createMatch();
    expect((await as(user, 'PATCH', `/api/matches/${match.id}`, { status: 'finished', scoreHome: 9, scoreAway: 0 })).statusCode).toBe(403);
    expect((await as(user, 'DELETE', `/api/teams/${betis.id}`)).statusCode).toBe(403);
    expect((await as(user, 'POST', '/api/confederations', { code: 'XX', name: 'X' })).statusCode).toBe(403);
    expect((await as(user, 'GET', `/api/matches/${match.id}`)).json().data.scoreHome).toBeNull();
  });

  it.each([
    [{ awayTeamId: 'same' }, 'Un equipo no puede jugar contra sí mismo.'],
    [{ homeTeamId: 999_999 }, 'El equipo local no existe.'],
    [{ awayTeamId: 999_999 }, 'El equipo visitante no existe.'],
    [{ matchDate: '6 de diciembre' }, 'Fecha no válida.'],
    [{ matchDate: '2026-13-45T20:00:00Z' }, 'Fecha no válida.'],
    [{ status: 'postponed' }, 'El estado debe ser scheduled, live o finished.'],
    [{ status: 'finished' }, /necesita el resultado/],
    [{ status: 'finished', scoreHome: -1, scoreAway: 0 }, /negativo/],
    [{ weekNumber: 0 }, /jornada/],
  ])('rejects match %j with a Spanish 400', async (overrides, message) => {
    const payload = { weekNumber: 40, matchDate: '2026-12-06T20:00:00Z', homeTeamId: betis.id, awayTeamId: sevilla.id, ...overrides };
    if (payload.awayTeamId === 'same') payload.awayTeamId = betis.id;
    const res = await as(admin, 'POST', '/api/matches', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('validates teams and confederations', async () => {
    expect((await as(admin, 'POST', '/api/teams', { name: ' ' })).json().message).toBe('El nombre del equipo es obligatorio.');
    expect((await as(admin, 'POST', '/api/teams', { name: 'Remoto', logoUrl: 'https://evil.example/logo.png' })).statusCode).toBe(400);
    // A protocol-relative URL looks like a path but loads from another host; `..` climbs out of /logos.
    for (const logoUrl of ['//evil.example/logo.png', '/logos/../../etc/passwd']) {
      expect((await as(admin, 'POST', '/api/teams', { name: 'Remoto', logoUrl })).json().message).toBe('Campo «logoUrl»: El logo debe ser una ruta local, por ejemplo /logos/clubs/betis.svg.');
    }
    const unknownConf = await as(admin, 'POST', '/api/teams', { name: 'Sin conf', confederationId: 999_999 });
    expect(unknownConf.statusCode).toBe(400);
    expect(unknownConf.json().message).toBe('La confederación no existe.');

    const conf = await as(admin, 'POST', '/api/confederations', { code: 'uefa', name: 'UEFA (Europa)' });
    expect(conf.statusCode).toBe(201);
    expect(conf.json().data.code).toBe('UEFA');
    expect((await as(admin, 'POST', '/api/confederations', { code: 'UEFA', name: 'Otra' })).statusCode).toBe(409);
    const team = await as(admin, 'POST', '/api/teams', { name: 'Con conf', confederationId: conf.json().data.id });
    expect(team.statusCode).toBe(201);
    const del = await as(admin, 'DELETE', `/api/confederations/${conf.json().data.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('La confederación tiene equipos asignados.');
  });

  it('saves a result with PATCH and records who changed it', async () => {
    const match = await createMatch({ matchDate: '2026-01-10T20:00:00Z' });
    const res = await as(admin, 'PATCH', `/api/matches/${match.id}`, { status: 'finished', scoreHome: 2, scoreAway: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'finished', scoreHome: 2, scoreAway: 1 });
    const audit = await t.db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, match.id));
    expect(audit).toEqual([
      expect.objectContaining({ changedBy: admin.userProfile.id, source: 'admin', oldStatus: 'scheduled', newStatus: 'finished', newScoreHome: 2, newScoreAway: 1 }),
    ]);

    const bad = await as(admin, 'PATCH', `/api/matches/${match.id}`, { scoreHome: null });
    expect(bad.statusCode).toBe(400);
    expect((await as(admin, 'PATCH', '/api/matches/999999', { status: 'live' })).statusCode).toBe(404);
    expect((await as(admin, 'PATCH', `/api/matches/${match.id}`, { awayTeamId: betis.id })).json().message).toBe(
      'Un equipo no puede jugar contra sí mismo.',
    );
  });

  it('refuses to delete a team that has matches', async () => {
    const res = await as(admin, 'DELETE', `/api/teams/${betis.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/tiene partidos/);
    const lonely = await createTeam('Sin partidos');
    expect((await as(admin, 'DELETE', `/api/teams/${lonely.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/teams/${lonely.id}`)).statusCode).toBe(404);
  });
});

describe('a result only once the match has kicked off (decision 063)', () => {
  const HOUR = 3_600_000;
  const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
  const refusal = 'El partido todavía no ha empezado: confirma antes su hora de inicio.';

  it('refuses a result for a match still to come, finished or live, with or without a score, and changes nothing', async () => {
    const owner = await t.createUser();
    const [player, late] = [await t.createUser(), await t.createUser()];
    const pool = await t.api.pool(owner, { players: [player, late] });
    const match = await createMatch({ matchDate: fromNow(11) });
    await t.api.predict(player, pool, match, 'home');
    for (const body of [
      { status: 'finished', scoreHome: 1, scoreAway: 0 },
      { status: 'live' },
      { status: 'live', scoreHome: 0, scoreAway: 0 },
    ]) {
      const res = await as(admin, 'PATCH', `/api/matches/${match.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: refusal });
    }
    expect((await as(user, 'GET', `/api/matches/${match.id}`)).json().data).toMatchObject({ status: 'scheduled', scoreHome: null, matchDate: match.matchDate });
    expect(await t.db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, match.id))).toEqual([]);
    const ranking = (await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json();
    expect(ranking.leaderboard.positions.map((p: { points: number }) => p.points)).toEqual([0, 0]);
    // Picks stay open: nothing closed them.
    await t.api.predict(late, pool, match, 'away');
  });

  it('takes the result with a kick-off moved into the past in the same request, and for a match whose kick-off has passed', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const moved = await createMatch({ matchDate: fromNow(11) });
    await t.api.predict(player, pool, moved, 'home');
    const kickoff = fromNow(-2);
    const res = await as(admin, 'PATCH', `/api/matches/${moved.id}`, { status: 'finished', scoreHome: 1, scoreAway: 0, matchDate: kickoff });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'finished', scoreHome: 1, scoreAway: 0, matchDate: kickoff });
    expect((await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json().leaderboard.positions).toMatchObject([{ points: 3 }]);

    const played = await createMatch({ matchDate: fromNow(-1) });
    expect((await as(admin, 'PATCH', `/api/matches/${played.id}`, { status: 'live' })).statusCode).toBe(200);
    expect((await as(admin, 'PATCH', `/api/matches/${played.id}`, { status: 'finished', scoreHome: 0, scoreAway: 0 })).statusCode).toBe(200);
    // Its kick-off cannot then move after its result.
    const later = await as(admin, 'PATCH', `/api/matches/${played.id}`, { matchDate: fromNow(3) });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe(refusal);
  });

  it('refuses to create a match with a result before its kick-off, and creates one played already', async () => {
    const body = { weekNumber: 77, homeTeamId: betis.id, awayTeamId: sevilla.id, status: 'finished', scoreHome: 2, scoreAway: 2 };
    const early = await as(admin, 'POST', '/api/matches', { ...body, matchDate: fromNow(5) });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(refusal);
    expect((await as(admin, 'POST', '/api/matches', { ...body, status: 'live', matchDate: fromNow(5) })).statusCode).toBe(409);
    const played = await as(admin, 'POST', '/api/matches', { ...body, matchDate: fromNow(-5) });
    expect(played.statusCode, played.body).toBe(201);
  });
});

describe('the match list across seasons', () => {
  it('answers the current competitions by default, a past one whole on request, and lets a season age out by itself', async () => {
    let now = new Date('2026-11-25T12:00:00Z');
    const seasons = await createTestApp({ clock: () => now, env: { SESSION_TTL_HOURS: '8760' } });
    try {
      const boss = await seasons.createUser({ role: 'admin' });
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        seasons.injectAs(boss.session.accessToken, { method, url, ...(payload ? { payload } : {}) });
      const [home, away] = await Promise.all(['Norte', 'Sur'].map((name) => seasons.api.team(boss, { name })));
      const fixture = (competition: string, matchDate: string) =>
        seasons.api.match(boss, { competition, weekNumber: 1, matchDate, homeTeamId: home!.id, awayTeamId: away!.id });
      const old = await fixture('Liga 2025/26', '2026-05-24T18:00:00Z');
      const summer = await fixture('Mundial 2026', '2026-07-19T19:00:00Z');
      const next = await fixture('Liga 2026/27', '2026-11-29T20:00:00Z');
      const ids = async (query = '') => {
        const res = await call('GET', `/api/matches${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as Match[]).map((m) => m.id);
      };

      // 185 days after its last match, last season is gone from the default list; the summer's cup (129 days) stays.
      expect(await ids()).toEqual([summer.id, next.id]);
      expect(await ids('?competition=Liga%202025%2F26')).toEqual([old.id]);
      expect(await ids('?competition=Nadie')).toEqual([]);
      expect((await call('GET', `/api/matches?competition=${'x'.repeat(61)}`)).statusCode).toBe(400);

      // 52 days later the cup ages out too, with no write in between: the cached list is per day.
      now = new Date('2027-01-16T12:00:00Z');
      expect(await ids()).toEqual([next.id]);
    } finally {
      await seasons.close();
    }
  });
});
