import { beforeAll, describe, expect, it } from 'vitest';
import type { Boleto, Match, Pool, SignInResponse } from '#contract/index';
import { unique } from '#tests/support/factories';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * "Modo La Quiniela" (docs/decisions/082-modo-la-quiniela.md): a pool option, off by default; the organiser composes
 * boletos of 15 open matches of any competition (the 15th the Pleno al 15), members pick 1X2 on 1–14 and the Pleno's
 * goal buckets, and a boleto scores aciertos (the Pleno only with the 14), shown with the real game's categories.
 */
const t = testAppPerFile({ clock: () => new Date('2026-11-21T12:00:00Z') });
// The organiser, an admin, three players and someone from outside; the La Quiniela pool and its boleto 1's matches.
let [admin, owner, ana, beto, carla, stranger] = [] as SignInResponse[] as [SignInResponse, SignInResponse, SignInResponse, SignInResponse, SignInResponse, SignInResponse];
let pool: Pool;
let games: Match[];

const game = { mode: 'laQuiniela' as const, joker: false, knockoutFromWeek: null };
/** 15 matches an admin entered by hand, in a competition of their own (Segunda División, say). */
const fifteen = async (competition = `Segunda ${unique()}`) => {
  const made: Match[] = [];
  for (let i = 0; i < 14; i++) made.push(await t.api.match(admin, { competition, weekNumber: 1 + (i % 3) }));
  // The Pleno from another competition: a boleto takes matches of several.
  made.push(await t.api.match(admin, { competition: `Copa ${unique()}`, weekNumber: 1 }));
  return made;
};
const compose = (who: SignInResponse, p: Pick<Pool, 'id'>, number: number, matchIds: number[]) =>
  t.as(who, 'PUT', `/api/pools/${p.id}/boletos/${number}`, { matchIds });
const boletoOf = async (who: SignInResponse, number = 1) => {
  const res = await t.as(who, 'GET', `/api/pools/${pool.id}/boletos/${number}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Boleto }>().data;
};
const pick = (who: SignInResponse, match: Match, body: object) =>
  t.as(who, 'POST', '/api/predictions', { userId: who.userProfile.id, poolId: pool.id, matchId: match.id, ...body });

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  [owner, stranger] = await Promise.all([t.createUser(), t.createUser()]);
  const named = await Promise.all(['Ana', 'Beto', 'Carla'].map((name) => t.createUser({ name: `${name} Quiniela` })));
  [ana, beto, carla] = [named[0]!, named[1]!, named[2]!];
  games = await fifteen();
  pool = await t.api.pool(owner, { game, players: [ana, beto, carla] });
});

describe('Modo La Quiniela', () => {
  it('is off by default: a pool created with the specification’s body plays 1X2 for 3 points, and has no boletos', async () => {
    const plain = await t.api.pool(owner, { players: [ana] });
    expect(plain.game).toEqual({ mode: 'outcome', preset: null, points: { exact: 0, difference: 0, outcome: 3, teamGoals: 0 }, joker: false, knockoutFromWeek: null });
    const res = await compose(owner, plain, 1, games.map((g) => g.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Esta quiniela no es del modo La Quiniela.');
    expect((await t.as(ana, 'GET', `/api/pools/${plain.id}/boletos`)).statusCode).toBe(409);
  });

  it('is chosen at creation, without comodín nor multiplier (a Spanish 400 for either)', async () => {
    expect(pool.game).toEqual({ mode: 'laQuiniela', preset: null, points: { exact: 0, difference: 0, outcome: 1, teamGoals: 0 }, joker: false, knockoutFromWeek: null });
    for (const [extra, message] of [
      [{ joker: true }, 'La Quiniela no juega con comodín.'],
      [{ knockoutFromWeek: 3 }, 'La Quiniela no tiene multiplicador de eliminatorias.'],
      [{ preset: 'clasica' }, 'Los puntos (preset, points) solo se eligen en el modo de resultado exacto.'],
    ] as const) {
      const res = await t.as(owner, 'POST', '/api/pools', {
        name: `Q ${unique()}`,
        invitationCode: 100_000 + Math.floor(Math.random() * 800_000),
        creatorId: owner.userProfile.id,
        game: { ...game, ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('lets only its creator or an admin compose a boleto: 403 for a member or a stranger, 404 for no such pool', async () => {
    const ids = games.map((g) => g.id);
    expect((await compose(ana, pool, 1, ids)).statusCode).toBe(403);
    expect((await compose(stranger, pool, 1, ids)).statusCode).toBe(403);
    expect((await t.as(stranger, 'GET', `/api/pools/${pool.id}/boletos`)).statusCode).toBe(403);
    expect((await compose(owner, { id: 999_999 }, 1, ids)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pools/${pool.id}/boletos` })).statusCode).toBe(401);
    const empty = await t.as(ana, 'GET', `/api/pools/${pool.id}/boletos`);
    expect(empty.json()).toEqual({ data: [] });
  });

  it('refuses a boleto that is not 15 distinct open matches, or out of order, with Spanish messages', async () => {
    const ids = games.map((g) => g.id);
    const started = await t.api.match(admin, { matchDate: '2026-11-21T11:00:00Z' });
    for (const [number, matchIds, status, message] of [
      [1, ids.slice(0, 14), 400, 'exactamente 15 partidos distintos'],
      [1, [...ids.slice(0, 14), ids[0]!], 400, 'exactamente 15 partidos distintos'],
      [2, ids, 400, 'El siguiente boleto de esta quiniela es el 1.'],
      [1, [...ids.slice(0, 14), 2_000_000_000], 400, 'Alguno de los partidos no existe.'],
      [1, [...ids.slice(0, 14), started.id], 409, 'Solo se eligen partidos que no han empezado.'],
    ] as const) {
      const res = await compose(owner, pool, number, [...matchIds]);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await t.as(owner, 'PUT', `/api/pools/${pool.id}/boletos/100`, { matchIds: ids })).statusCode).toBe(400);
  });

  it('composes boleto 1 in order (the 15th is the Pleno), and an admin may recompose it before it starts', async () => {
    const res = await compose(owner, pool, 1, games.map((g) => g.id).reverse());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.matches.map((m: { match: Match }) => m.match.id)).toEqual(games.map((g) => g.id).reverse());
    const again = await compose(admin, pool, 1, games.map((g) => g.id));
    expect(again.statusCode, again.body).toBe(200);
    const boleto = await boletoOf(ana);
    expect(boleto).toMatchObject({ number: 1, started: false, over: false, ownAciertos: 0, table: null, categories: null });
    expect(boleto.matches.map((m) => [m.position, m.match.id])).toEqual(games.map((g, i) => [i + 1, g.id]));
    // A match of boleto 1 is in no other boleto of the pool.
    const others = await fifteen();
    const taken = await compose(owner, pool, 2, [...others.slice(0, 14).map((g) => g.id), games[0]!.id]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Alguno de los partidos ya está en otro boleto de esta quiniela.');
  });

  it('takes a sign on 1–14 and the Pleno’s two goal buckets (0, 1, 2, M) on the 15th, and nothing else', async () => {
    const pleno = games[14]!;
    expect((await pick(ana, games[0]!, { prediction: 'home' })).statusCode).toBe(201);
    expect((await pick(ana, pleno, { scoreHome: 3, scoreAway: 1 })).statusCode).toBe(201);
    for (const [match, body] of [
      [pleno, { prediction: 'home' }],
      [pleno, { scoreHome: 4, scoreAway: 1 }],
      [games[1]!, { scoreHome: 1, scoreAway: 1 }],
    ] as const) {
      const res = await pick(beto, match, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain('En La Quiniela: prediction');
    }
    const outside = await t.api.match(admin);
    const res = await pick(beto, outside, { prediction: 'home' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ese partido no cuenta en esta quiniela.');
    expect((await pick(owner, games[0]!, { prediction: 'home' })).statusCode).toBe(403);
    const mine = await boletoOf(ana);
    expect(mine.matches[0]!.ownPick).toEqual({ prediction: 'home', scoreHome: null, scoreAway: null });
    expect(mine.matches[14]!.ownPick).toEqual({ prediction: 'home', scoreHome: 3, scoreAway: 1 });
  });

  it('keeps a picked match at its line when the boleto is recomposed', async () => {
    const others = await fifteen();
    const moved = [games[1]!.id, games[0]!.id, ...games.slice(2).map((g) => g.id)];
    const res = await compose(owner, pool, 1, moved);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Un partido que alguien ya pronosticó se queda en el boleto, en su sitio.');
    const kept = [games[0]!.id, ...others.slice(0, 13).map((g) => g.id), games[14]!.id];
    expect((await compose(owner, pool, 1, kept)).statusCode).toBe(200);
    expect((await compose(owner, pool, 1, games.map((g) => g.id))).statusCode).toBe(200);
  });

  it('scores aciertos with the Pleno only with the 14 right, shows the categories from kick-off, and no longer changes', async () => {
    // Results: home wins on 1–14 (2-0), the Pleno 4-1 (M-1).
    // Ana: 14 right and the Pleno (M-1): 15. Beto: 14 right, Pleno 2-1: 14. Carla: 13 right, the Pleno right: 13.
    for (const [i, match] of games.slice(0, 14).entries()) {
      if (i > 0) expect((await pick(ana, match, { prediction: 'home' })).statusCode).toBe(201);
      expect((await pick(beto, match, { prediction: 'home' })).statusCode).toBe(201);
      expect((await pick(carla, match, { prediction: i === 0 ? 'away' : 'home' })).statusCode).toBe(201);
    }
    expect((await pick(beto, games[14]!, { scoreHome: 2, scoreAway: 1 })).statusCode).toBe(201);
    expect((await pick(carla, games[14]!, { scoreHome: 3, scoreAway: 1 })).statusCode).toBe(201);
    await t.api.result(admin, games[0]!, 2, 0);
    const started = await boletoOf(ana);
    expect(started.started).toBe(true);
    expect(started.table?.map((r) => [r.username, r.aciertos])).toEqual([['Ana Quiniela', 1], ['Beto Quiniela', 1], ['Carla Quiniela', 0]]);
    const refused = await compose(owner, pool, 1, games.map((g) => g.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('El boleto ya empezó: no se puede cambiar.');
    for (const match of games.slice(1, 14)) await t.api.result(admin, match, 2, 0);
    // The Pleno unplayed: 14 each for Ana and Beto, 13 for Carla; not over.
    const before = await boletoOf(beto);
    expect(before.over).toBe(false);
    expect(before.table?.map((r) => r.aciertos)).toEqual([14, 14, 13]);
    await t.api.result(admin, games[14]!, 4, 1);
    const boleto = await boletoOf(beto);
    expect(boleto.over).toBe(true);
    expect(boleto.ownAciertos).toBe(14);
    expect(boleto.table).toEqual([
      { userId: ana.userProfile.id, username: 'Ana Quiniela', aciertos: 15, category: 15 },
      { userId: beto.userProfile.id, username: 'Beto Quiniela', aciertos: 14, category: 14 },
      { userId: carla.userProfile.id, username: 'Carla Quiniela', aciertos: 13, category: 13 },
    ]);
    expect(boleto.categories).toEqual([15, 14, 13, 12, 11, 10].map((aciertos) => ({ aciertos, count: aciertos >= 13 ? 1 : 0 })));
    // The general table: total aciertos; the jornada is the boleto's number, won by Ana once it is over.
    const ranking = await t.as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
    const positions = ranking.json().leaderboard.positions as { userId: number; points: number; correctPicks: number; jornadasWon: number }[];
    expect(positions.map((p) => [p.userId, p.points, p.jornadasWon])).toEqual([
      [ana.userProfile.id, 15, 1],
      [beto.userProfile.id, 14, 0],
      [carla.userProfile.id, 13, 0],
    ]);
    const round = await t.as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/round/1`);
    expect(round.json().data).toMatchObject({ weekNumber: 1, over: true, winners: [ana.userProfile.id] });
    // A corrected Pleno (1-1): nobody has it; Ana keeps her 14, Carla her 13.
    await t.api.result(admin, games[14]!, 1, 1);
    expect((await boletoOf(ana)).table?.map((r) => r.aciertos)).toEqual([14, 14, 13]);
    // The full recompute ("Actualizar Resultados") leaves the same standings.
    expect((await t.as(admin, 'POST', '/api/leaderboard/update-all')).statusCode).toBeLessThan(300);
    expect((await boletoOf(ana)).table?.map((r) => r.aciertos)).toEqual([14, 14, 13]);
    const after = await t.as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
    expect((after.json().leaderboard.positions as { points: number }[]).map((p) => p.points)).toEqual([14, 14, 13]);
  });
});
