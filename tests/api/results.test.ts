import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { matchResultChanges, teams } from '#server/db/schema';
import { seedFootballData } from '#server/db/seed/seed';
import { afterKickoff, beforeKickoff, laligaFile, seededMatch, type SourceFile, type SourceRow } from '#tests/support/laliga';
import { createTestApp, type TestApp } from '#tests/support/test-app';

let now = beforeKickoff;
let t: TestApp;
let sourcePath: string;
let laliga: SourceFile;

beforeAll(async () => {
  sourcePath = path.join(await mkdtemp(path.join(os.tmpdir(), 'quiniela-results-')), 'es.1.json');
  laliga = await laligaFile();
  await writeFile(sourcePath, JSON.stringify(laliga));
  t = await createTestApp({ clock: () => now, env: { RESULTS_SOURCE: sourcePath } });
  await seedFootballData(t.app.services);
}, 60_000);
afterAll(() => t.close());

const as: TestApp['as'] = (...request) => t.as(...request);

/** The seeded match of a row of the file, as the API answers it (read by a new admin). */
const fixture = async (row: SourceRow) => seededMatch(t, await t.createUser({ role: 'admin' }), row);

describe('Actualizar Resultados pulls the configured source', () => {
  it('imports a new result, moves the ranking, is idempotent, and records the change as an import', async () => {
    const upcoming = laliga.matches.find((m) => m.date === '2026-11-22' && !m.score)!;
    const match = await fixture(upcoming);
    expect(match.status).toBe('scheduled');

    const owner = await t.createUser();
    const player = await t.createUser({ name: 'Acertante' });
    const pool = await t.api.pool(owner, { players: [player] });
    await t.api.predict(player, pool, match, 'home');

    // The match is played.
    now = afterKickoff;
    upcoming.score = { ft: [2, 0], ht: [1, 0] };
    await writeFile(sourcePath, JSON.stringify(laliga));

    const first = await as(owner, 'POST', '/api/leaderboard/update-all');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      import: { matchesSeen: 380, updated: 1, created: 0, results: 1, kickoffs: 0, unknownTeams: [] },
      poolsRecomputed: 1,
      poolsUpdated: 1,
    });
    expect(first.json().message).toBe('1 resultado nuevo, 1 quiniela actualizada.');
    const ranking = (await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json();
    expect(ranking.leaderboard.positions).toMatchObject([{ position: 1, userId: player.userProfile.id, username: 'Acertante', points: 3 }]);

    const again = await as(owner, 'POST', '/api/leaderboard/update-all');
    expect(again.json().data).toMatchObject({ import: { updated: 0, created: 0, unchanged: 380, results: 0, kickoffs: 0 }, poolsUpdated: 0 });
    expect(again.json().message).toBe('Sin resultados nuevos.');

    const audit = await t.db.select().from(matchResultChanges).where(eq(matchResultChanges.matchId, match.id));
    expect(audit).toEqual([expect.objectContaining({ source: 'import', changedBy: null, newStatus: 'finished', newScoreHome: 2, newScoreAway: 0 })]);
  });

  it('counts results as results, kick-off changes as times, and only the pools whose standings moved', async () => {
    // A pool of the next jornada, with a pick: nothing in this press touches it.
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });
    const [next] = laliga.matches.filter((m) => m.date === '2026-11-29');
    now = beforeKickoff;
    await t.api.predict(player, pool, await fixture(next!), 'home');
    now = afterKickoff;
    const before = (await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json();

    // Three new results of the jornada of 22 November (no pick of any pool is on them) and one kick-off time confirmed.
    const played = laliga.matches.filter((m) => m.date === '2026-11-22' && !m.score).slice(0, 3);
    for (const row of played) row.score = { ft: [1, 1] };
    next!.time = '18:30';
    await writeFile(sourcePath, JSON.stringify(laliga));

    const res = await as(owner, 'POST', '/api/leaderboard/update-all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      import: { updated: 4, results: 3, kickoffs: 1, conflicts: [] },
      poolsRecomputed: 1,
      poolsUpdated: 0,
    });
    expect(res.json().message).toBe('3 resultados nuevos, 1 hora de inicio cambiada, ninguna clasificación cambia.');
    expect((await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json().leaderboard.positions).toEqual(
      before.leaderboard.positions,
    );
    for (const row of played) delete row.score;
    delete next!.time;
    await writeFile(sourcePath, JSON.stringify(laliga));
  });

  it('never erases a stored result when the file lacks it, and reports unknown teams instead of creating them', async () => {
    const played = laliga.matches.find((m) => m.score && !Array.isArray(m.score))!;
    const before = await fixture(played);
    expect(before.status).toBe('finished');
    const { score: _dropped, ...withoutScore } = played;
    const edited: SourceFile = {
      ...laliga,
      matches: [...laliga.matches.map((m) => (m === played ? withoutScore : m)), { round: 'Matchday 38', date: '2027-05-23', team1: 'Real Zaragoza', team2: 'Sevilla FC' }],
    };
    await writeFile(sourcePath, JSON.stringify(edited));
    const admin = await t.createUser({ role: 'admin' });
    const res = await as(admin, 'POST', '/api/leaderboard/update-all');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.import.unknownTeams).toEqual(['Real Zaragoza']);
    expect((await fixture(played)).status).toBe('finished');
    expect(await t.db.select().from(teams).where(eq(teams.sourceName, 'Real Zaragoza'))).toEqual([]);
  });

  it('answers 502 in Spanish when the source cannot be read', async () => {
    await writeFile(sourcePath, '{ not json');
    const admin = await t.createUser({ role: 'admin' });
    const res = await as(admin, 'POST', '/api/leaderboard/update-all');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(`No se pudo leer la fuente de resultados (${path.basename(sourcePath)}: datos no válidos).`);
  });
});
