import { describe, expect, it } from 'vitest';
import { JORNADA_TABLE_PAGE, type JornadaTable, type Pool, type SignInResponse } from '#contract/index';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * GET /api/predictions/pool/{poolId}/results/table ("La jornada en una tabla"): members only; no pick of a match
 * before it kicks off by the server's clock, not even the caller's own; from then on every player's, in the general
 * ranking's order, with what it earned; `JORNADA_TABLE_PAGE` players per answer, and the caller's own row always.
 * Week numbers here are the test's own (every match of the database counts for every pool).
 */
/** The server's clock: a test moves it on, never back. */
let now = new Date('2026-11-21T12:00:00Z');
const t = testAppPerFile({ clock: () => now });
const HOUR = 3_600_000;

const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

function table(who: SignInResponse, pool: Pick<Pool, 'id'>, query: string) {
  return t.injectAs(who.session.accessToken, {
    method: 'GET',
    url: `/api/predictions/pool/${pool.id}/results/table?${query}`,
  });
}
async function tableOf(
  who: SignInResponse,
  pool: Pick<Pool, 'id'>,
  weekNumber: number,
  offset = 0,
): Promise<JornadaTable> {
  const res = await table(who, pool, `weekNumber=${weekNumber}&offset=${offset}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: JornadaTable }>().data;
}

describe('who may read a jornada’s table', () => {
  it('answers the pool’s members and refuses anyone else, with Spanish messages for bad input', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const owner = await t.createUser();
    const player = await t.createUser();
    const stranger = await t.createUser();
    const pool = await t.api.pool(owner, { players: [player] });

    expect((await tableOf(player, pool, 3)).rows.map((row) => row.userId)).toEqual([player.userProfile.id]);
    // The creator (who does not play here) and an admin read it too, with no row of their own.
    expect((await tableOf(owner, pool, 3)).own).toBeNull();
    expect((await tableOf(admin, pool, 3)).own).toBeNull();

    const refused = await table(stranger, pool, 'weekNumber=3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'No participas en esta quiniela.' });
    const unknown = await table(player, { id: 999_999 }, 'weekNumber=3');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Quiniela no encontrada.');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/predictions/pool/${pool.id}/results/table?weekNumber=3` }))
        .statusCode,
    ).toBe(401);
    for (const [query, message] of [
      ['', 'La jornada no es válida.'],
      ['weekNumber=0', 'La jornada no es válida.'],
      ['weekNumber=3&offset=-1', 'El desplazamiento (offset) debe estar entre 0 y 1000000.'],
      ['weekNumber=3&offset=1.5', 'El desplazamiento (offset) debe ser un número entero.'],
      ['weekNumber=3&offset=x', 'El desplazamiento (offset) debe ser un número.'],
    ] as const) {
      const bad = await table(player, pool, query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toContain(message);
    }
  });
});

describe('picks in the table', () => {
  it('shows nobody’s pick of a match before its kick-off, and everyone’s from then on, with points once it is over', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const owner = await t.createUser();
    const ana = await t.createUser({ name: 'Ana Tabla' });
    const beto = await t.createUser({ name: 'Beto Tabla' });
    const pool = await t.api.pool(owner, {
      players: [ana, beto],
      game: { mode: 'outcome', joker: true, knockoutFromWeek: null },
    });
    const first = await t.api.match(admin, { weekNumber: 21, matchDate: at(HOUR) });
    const later = await t.api.match(admin, { weekNumber: 21, matchDate: at(3 * HOUR) });
    await t.api.predict(ana, pool, first, 'home');
    await t.api.predict(beto, pool, first, 'away');
    await t.api.predict(ana, pool, later, 'draw');
    await t.api.predict(beto, pool, later, 'home');
    await t.api.joker(ana, pool, first);

    // Before any kick-off: two columns, no pick in any row, not even one's own, in no form.
    const before = await table(beto, pool, 'weekNumber=21');
    expect(before.statusCode).toBe(200);
    const hidden = before.json<{ data: JornadaTable }>().data;
    expect(hidden.matches.map((m) => [m.id, m.kickedOff])).toEqual([
      [first.id, false],
      [later.id, false],
    ]);
    expect(hidden.rows.map((row) => row.picks)).toEqual([[], []]);
    expect(hidden.own?.picks).toEqual([]);
    expect(before.body).not.toMatch(/"prediction"/);

    // The first match has kicked off (the server's clock, moved on for good; its status still 'scheduled'): its
    // picks, not the later one's.
    now = new Date(Date.parse(first.matchDate));
    const started = await tableOf(beto, pool, 21);
    expect(started.matches.map((m) => m.kickedOff)).toEqual([true, false]);
    expect(started.mode).toBe('outcome');
    expect(started.joker).toBe(true);
    const picksOf = (userId: number) => started.rows.find((row) => row.userId === userId)?.picks;
    expect(picksOf(ana.userProfile.id)).toEqual([
      { matchId: first.id, prediction: 'home', scoreHome: null, scoreAway: null, joker: true, points: null },
    ]);
    expect(picksOf(beto.userProfile.id)).toEqual([
      { matchId: first.id, prediction: 'away', scoreHome: null, scoreAway: null, joker: false, points: null },
    ]);
    expect(started.rows.every((row) => row.picks.every((pick) => pick.matchId !== later.id))).toBe(true);

    // Over, 2-0: Ana's comodín doubles her 3 points, and she leads the general table, so she comes first.
    await t.api.result(admin, first, 2, 0);
    const over = await tableOf(beto, pool, 21);
    expect(over.matches[0]).toMatchObject({
      id: first.id,
      status: 'finished',
      scoreHome: 2,
      scoreAway: 0,
      kickedOff: true,
    });
    expect(over.matches[1]).toMatchObject({ id: later.id, kickedOff: false, scoreHome: null, scoreAway: null });
    expect(over.rows.map((row) => [row.position, row.username, row.points])).toEqual([
      [1, 'Ana Tabla', 6],
      [2, 'Beto Tabla', 0],
    ]);
    expect(over.rows.map((row) => row.picks.map((pick) => pick.points))).toEqual([[6], [0]]);
    expect(over.own).toEqual(over.rows[1]);
  });

  it('marks an exact-score pool’s mode and carries the predicted scores', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const owner = await t.createUser();
    const ana = await t.createUser({ name: 'Ana Exacta' });
    const pool = await t.api.pool(owner, {
      players: [ana],
      game: { mode: 'exactScore', preset: 'clasica', joker: false, knockoutFromWeek: null },
    });
    const match = await t.api.match(admin, { weekNumber: 22, matchDate: at(HOUR) });
    await t.api.predict(ana, pool, match, { scoreHome: 2, scoreAway: 1 });
    await t.api.result(admin, match, 2, 1);

    const answer = await tableOf(ana, pool, 22);
    expect(answer.mode).toBe('exactScore');
    expect(answer.rows[0]?.picks).toEqual([
      { matchId: match.id, prediction: 'home', scoreHome: 2, scoreAway: 1, joker: false, points: 3 },
    ]);
    expect(answer.rows[0]?.points).toBe(3);
  });
});

describe('a large pool', () => {
  it(`answers ${JORNADA_TABLE_PAGE} players at a time in the ranking’s order, and the caller’s own row wherever it is`, async () => {
    const admin = await t.createUser({ role: 'admin' });
    const owner = await t.createUser();
    const players: SignInResponse[] = [];
    for (let index = 0; index < JORNADA_TABLE_PAGE + 2; index += 1) {
      players.push(await t.createUser({ name: `Socio ${String(index).padStart(3, '0')}` }));
    }
    const pool = await t.api.pool(owner, { players, maxParticipants: JORNADA_TABLE_PAGE + 2 });
    const match = await t.api.match(admin, { weekNumber: 23, matchDate: at(HOUR) });
    // The last player is the only one right: first in the ranking, alone.
    const last = players.at(-1)!;
    await t.api.predict(last, pool, match, 'home');
    await t.api.result(admin, match, 1, 0);
    const viewer = players.at(-2)!;

    const first = await tableOf(viewer, pool, 23);
    expect(first.total).toBe(JORNADA_TABLE_PAGE + 2);
    expect(first.offset).toBe(0);
    expect(first.rows).toHaveLength(JORNADA_TABLE_PAGE);
    expect(first.rows[0]).toMatchObject({ position: 1, userId: last.userProfile.id, points: 3 });
    // Then the rest, tied on 0 points, by name.
    expect(first.rows[1]).toMatchObject({ position: 2, username: 'Socio 000' });
    // The viewer stands last: not on the first page, yet their row comes with it.
    expect(first.rows.some((row) => row.userId === viewer.userProfile.id)).toBe(false);
    expect(first.own).toMatchObject({ position: 2, userId: viewer.userProfile.id, points: 0 });

    const second = await tableOf(viewer, pool, 23, JORNADA_TABLE_PAGE);
    expect(second.rows.map((row) => row.username)).toEqual([
      `Socio ${String(JORNADA_TABLE_PAGE - 1).padStart(3, '0')}`,
      'Socio 050',
    ]);
    expect(second.rows.at(-1)?.userId).toBe(viewer.userProfile.id);
    expect((await tableOf(viewer, pool, 23, 10_000)).rows).toEqual([]);
  });
});
