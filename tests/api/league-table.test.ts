import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeagueTable, SignInResponse } from '#contract/index';
import { seedFootballData } from '#server/db/seed/seed';
import { matches } from '#server/db/schema';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * The league table ("Clasificación de LaLiga", docs/decisions/076-the-league-table-from-the-stored-results.md) of the
 * shipped data, read as any signed-in user reads it.
 */
const now = new Date('2026-11-26T12:00:00Z');
const t = testAppPerFile({ clock: () => now });
let admin: SignInResponse;
let user: SignInResponse;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  user = await t.createUser();
  await seedFootballData(t.app.services);
}, 120_000);

const LALIGA = '/api/competitions/laliga-2026-27/table';

async function table(url = LALIGA): Promise<LeagueTable> {
  const res = await t.as(user, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LeagueTable }>().data;
}

/** Each row as [team, PJ, G, E, P, GF, GC, Pts]. */
const summary = (rows: LeagueTable['rows']) =>
  rows.map((r) => [r.teamName, r.played, r.won, r.drawn, r.lost, r.goalsFor, r.goalsAgainst, r.points]);

describe('the table of the shipped LaLiga', () => {
  it('counts the 59 results of its first six jornadas, every team with 3/1/0 points in LaLiga order', async () => {
    const answer = await table();
    expect(answer).toMatchObject({
      competition: 'laliga-2026-27',
      displayName: 'LaLiga 2026/27',
      untilWeek: null,
      matchesCounted: 59,
      lastWeekCounted: 6,
    });
    // Worked out by hand from server/db/seed/data/laliga-2026-27.json: no two teams level on points have played
    // each other twice yet, so goal difference and goals scored order them (Racing, Rayo, Real Sociedad: 7 points, −5).
    expect(summary(answer.rows)).toEqual([
      ['Barcelona', 6, 6, 0, 0, 28, 6, 18],
      ['Real Madrid', 6, 5, 0, 1, 17, 6, 15],
      ['Real Betis', 6, 5, 0, 1, 8, 6, 15],
      ['Atlético de Madrid', 6, 4, 1, 1, 14, 6, 13],
      ['Sevilla', 6, 4, 1, 1, 9, 6, 13],
      ['Alavés', 6, 3, 1, 2, 11, 6, 10],
      ['Deportivo de La Coruña', 6, 2, 3, 1, 9, 7, 9],
      ['Espanyol', 6, 2, 1, 3, 9, 7, 7],
      ['Athletic Club', 5, 2, 1, 2, 7, 6, 7],
      ['Racing de Santander', 6, 2, 1, 3, 11, 16, 7],
      ['Rayo Vallecano', 6, 2, 1, 3, 10, 15, 7],
      ['Real Sociedad', 6, 2, 1, 3, 6, 11, 7],
      ['Osasuna', 6, 2, 1, 3, 5, 12, 7],
      ['Villarreal', 6, 1, 2, 3, 10, 11, 5],
      ['Levante', 5, 1, 2, 2, 7, 9, 5],
      ['Getafe', 6, 1, 2, 3, 3, 7, 5],
      ['Celta de Vigo', 6, 0, 4, 2, 3, 6, 4],
      ['Valencia', 6, 1, 1, 4, 2, 10, 4],
      ['Málaga', 6, 0, 3, 3, 3, 11, 3],
      ['Elche', 6, 0, 2, 4, 8, 16, 2],
    ]);
    expect(answer.rows.map((r) => r.position)).toEqual(answer.rows.map((_, i) => i + 1));
    expect(answer.rows.every((r) => r.goalDifference === r.goalsFor - r.goalsAgainst)).toBe(true);
  });

  it('stands as it was after an earlier jornada with ?untilWeek=', async () => {
    const afterOne = await table(`${LALIGA}?untilWeek=1`);
    expect(afterOne).toMatchObject({ untilWeek: 1, matchesCounted: 10, lastWeekCounted: 1 });
    expect(afterOne.rows).toHaveLength(20);
    expect(afterOne.rows.every((r) => r.played === 1)).toBe(true);
    // Alavés and Espanyol both won 3–0, Atlético and Barcelona 2–0: the name orders each pair.
    expect(afterOne.rows.slice(0, 5).map((r) => [r.teamName, r.points])).toEqual([
      ['Real Madrid', 3],
      ['Alavés', 3],
      ['Espanyol', 3],
      ['Atlético de Madrid', 3],
      ['Barcelona', 3],
    ]);
    expect((await t.as(user, 'GET', `${LALIGA}?untilWeek=0`)).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('untilWeek'),
    });
  });

  it('counts a result an admin saves by hand at once, and says 304 while nothing changed', async () => {
    const first = await t.as(user, 'GET', LALIGA);
    const etag = first.headers.etag as string;
    expect((await t.as(user, 'GET', LALIGA, undefined, { 'if-none-match': etag })).statusCode).toBe(304);

    // The data's one match without a result (Levante–Athletic of Matchday 6, postponed): a 2–0 the admin saves.
    const [pending] = await t.db
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(eq(matches.competition, 'laliga-2026-27'), eq(matches.weekNumber, 6), eq(matches.status, 'scheduled')),
      );
    const saved = await t.as(admin, 'PATCH', `/api/matches/${pending?.id}`, {
      status: 'finished',
      scoreHome: 2,
      scoreAway: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await t.as(user, 'GET', LALIGA, undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const answer = after.json<{ data: LeagueTable }>().data;
    expect(answer.matchesCounted).toBe(60);
    expect(answer.rows.find((r) => r.teamName === 'Levante')).toMatchObject({
      position: 8,
      played: 6,
      won: 2,
      points: 8,
    });
    expect(answer.rows.find((r) => r.teamName === 'Athletic Club')).toMatchObject({
      position: 10,
      played: 6,
      lost: 3,
      points: 7,
    });
    expect(answer.rows.reduce((sum, r) => sum + r.played, 0)).toBe(120);
  });
});

describe('who and what may read it', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: LALIGA });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 in Spanish for an unknown competition and for one not played as a league', async () => {
    const unknown = await t.as(user, 'GET', '/api/competitions/segunda-2031/table');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Competición no encontrada.');
    const worldCup = await t.as(user, 'GET', '/api/competitions/worldcup-2026/table');
    expect(worldCup.statusCode).toBe(404);
    expect(worldCup.json().message).toBe(
      'Mundial 2026 no tiene clasificación de liga: sus partidos no se juegan como una sola liga.',
    );
  });
});
