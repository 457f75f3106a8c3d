import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages, poolMessages, tieBreakMessages, tieBreakText } from '#contract/index';
import type { BonusQuestion, Match, Pool, RankingResponse, RoundRankingResponseSchema, SignInResponse, TieBreak } from '#contract/index';
import { unique } from '#tests/support/factories';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * The organiser's tie-break (docs/decisions/083-the-organisers-tie-break.md): a pool made with the spec's body ranks
 * as before; each rule orders equal points as it says, in the general and the jornada tables, and says so; positions,
 * winners and "Mis posiciones" stay by points; only the organiser chooses it (403 for a member), before the pool
 * starts (409 after), exact scores only in the exact-score game (400 in Spanish); the cached ranking follows a change.
 */
let now = new Date('2026-12-01T12:00:00Z');
const t = testAppPerFile({ clock: () => now });
const HOUR = 3_600_000;

let admin: SignInResponse;
let owner: SignInResponse;
/** Ana, Beto, Carla and Dani: equal points at the end, told apart only by the tie-break. */
let players: Record<'ana' | 'beto' | 'carla' | 'dani', SignInResponse>;
let stranger: SignInResponse;
let competition: string;
/** Jornada 1: one match; jornada 2: two. */
let games: Match[];

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  owner = await t.createUser();
  stranger = await t.createUser();
  players = {
    ana: await t.createUser({ name: 'Ana' }),
    beto: await t.createUser({ name: 'Beto' }),
    carla: await t.createUser({ name: 'Carla' }),
    dani: await t.createUser({ name: 'Dani' }),
  };
  competition = `Desempate ${unique()}`;
  games = [];
  for (const [weekNumber, hours] of [[1, 24], [2, 48], [2, 50]] as const) {
    games.push(await t.api.match(admin, { competition, weekNumber, matchDate: new Date(now.getTime() + hours * HOUR).toISOString() }));
  }
});

const ids = (rows: { userId: number }[]) => rows.map((row) => row.userId);
const names = (...who: (keyof typeof players)[]) => who.map((name) => players[name].userProfile.id);

async function ranking(who: SignInResponse, pool: Pool) {
  const res = await t.as(who, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RankingResponse>();
}
async function round(who: SignInResponse, pool: Pool, weekNumber: number) {
  const res = await t.as(who, 'GET', `/api/leaderboard/pool/${pool.id}/round/${weekNumber}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<z.infer<typeof RoundRankingResponseSchema>>().data;
}
const poolWith = (tieBreak?: TieBreak, mode: 'outcome' | 'exactScore' = 'exactScore') =>
  t.api.pool(owner, {
    competition,
    fromWeek: 1,
    players: Object.values(players),
    game: { mode, ...(mode === 'exactScore' ? { preset: 'clasica' as const } : {}), joker: false, knockoutFromWeek: null },
    ...(tieBreak ? { options: { tieBreak } } : {}),
  });

describe('a pool made with the specification’s body', () => {
  it('answers the default tie-break and its sentence, and nothing else changes', async () => {
    const made = await t.as(owner, 'POST', '/api/pools', {
      name: 'Como siempre',
      invitationCode: 700_001,
      maxParticipants: 20,
      creatorId: owner.userProfile.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const pool = made.json<{ data: Pool }>().data;
    expect(pool.options.tieBreak).toBe('correctPicks');
    const answer = await ranking(owner, pool);
    expect(answer.leaderboard.tieBreakText).toBe('Empates: más aciertos, después más jornadas ganadas y, por último, el nombre.');
  });
});

describe('each tie-break orders equal points as it says', () => {
  /** One pool per rule, the same picks in each (clásica: 3 the exact score, 2 the difference, 1 the outcome). */
  const pools = {} as Record<TieBreak, Pool>;

  it('is chosen at creation, each pool answering its own', async () => {
    for (const rule of ['correctPicks', 'jornadasWon', 'exactScores', 'lessExtra'] as const) {
      pools[rule] = await poolWith(rule);
      expect(pools[rule].options.tieBreak).toBe(rule);
    }
    // Results will be 1-0 (jornada 1), 2-0 and 0-1 (jornada 2). Each ends with 3 points.
    const picks: Record<keyof typeof players, [number, number][]> = {
      ana: [[0, 1], [2, 0], [1, 0]], //   miss, exact (3), miss: 1 correct, 1 exact; wins jornada 2 with Beto
      beto: [[0, 2], [3, 1], [0, 2]], //  miss, difference (2), outcome (1): 2 correct; wins jornada 2 with Ana
      carla: [[1, 0], [0, 1], [1, 1]], // exact (3), miss, miss: 1 correct, 1 exact; wins jornada 1
      dani: [[3, 0], [1, 0], [2, 1]], //  outcome (1), outcome (1), miss, and 1 point of a bonus question: 2 correct
    };
    for (const pool of Object.values(pools)) {
      for (const [name, own] of Object.entries(picks)) {
        for (const [j, [scoreHome, scoreAway]] of own.entries()) {
          await t.api.predict(players[name as keyof typeof players], pool, games[j]!, { scoreHome, scoreAway });
        }
      }
      const question = await t.as(owner, 'POST', `/api/pools/${pool.id}/bonus`, { kind: 'free', points: 1, prompt: '¿Quién marcará primero?' });
      expect(question.statusCode, question.body).toBe(201);
      const { id } = question.json<{ data: BonusQuestion }>().data;
      const answered = await t.as(players.dani, 'PUT', `/api/pools/${pool.id}/bonus/${id}/answer`, { text: 'Lamine' });
      expect(answered.statusCode, answered.body).toBe(200);
      now = new Date(now.getTime() + 24 * HOUR + 60_000);
      const settled = await t.as(owner, 'PUT', `/api/pools/${pool.id}/bonus/${id}/settle`, { texts: ['Lamine'] });
      expect(settled.statusCode, settled.body).toBe(200);
      now = new Date(now.getTime() - 24 * HOUR - 60_000);
    }
    now = new Date(now.getTime() + 60 * HOUR);
    await t.api.result(admin, games[0]!, 1, 0);
    await t.api.result(admin, games[1]!, 2, 0);
    await t.api.result(admin, games[2]!, 0, 1);
  });

  it('by default: correct picks, then jornadas won, then name (Beto, Dani, Ana, Carla)', async () => {
    const { leaderboard } = await ranking(owner, pools.correctPicks);
    expect(leaderboard.positions.map((row) => [row.points, row.position])).toEqual([[3, 1], [3, 1], [3, 1], [3, 1]]);
    expect(ids(leaderboard.positions)).toEqual(names('beto', 'dani', 'ana', 'carla'));
    expect(leaderboard.tieBreakText).toBe(tieBreakText('correctPicks'));
  });

  it('jornadas won first (Beto, Ana, Carla, Dani)', async () => {
    const { leaderboard } = await ranking(owner, pools.jornadasWon);
    expect(leaderboard.positions.map((row) => [row.username, row.jornadasWon, row.correctPicks])).toEqual([
      ['Beto', 1, 2],
      ['Ana', 1, 1],
      ['Carla', 1, 1],
      ['Dani', 0, 2],
    ]);
    expect(leaderboard.tieBreakText).toBe('Empates: más jornadas ganadas, después más aciertos y, por último, el nombre.');
  });

  it('exact scores first (Ana, Carla, Beto, Dani)', async () => {
    const { leaderboard } = await ranking(owner, pools.exactScores);
    expect(ids(leaderboard.positions)).toEqual(names('ana', 'carla', 'beto', 'dani'));
    expect(leaderboard.tieBreakText).toBe(tieBreakText('exactScores'));
  });

  it('fewer points of bonus questions first (Beto, Ana, Carla, Dani)', async () => {
    const { leaderboard } = await ranking(owner, pools.lessExtra);
    expect(leaderboard.positions.map((row) => [row.username, row.extra])).toEqual([['Beto', 0], ['Ana', 0], ['Carla', 0], ['Dani', 1]]);
    expect(leaderboard.tieBreakText).toBe(tieBreakText('lessExtra'));
  });

  it('orders a jornada’s table by the same rule, its winners and positions by points alone', async () => {
    // Jornada 2: Ana 3 (1 correct, 1 exact) and Beto 3 (2 correct), both winners; Dani 1; Carla 0.
    const byDefault = await round(players.carla, pools.correctPicks, 2);
    const byExact = await round(players.carla, pools.exactScores, 2);
    for (const table of [byDefault, byExact]) {
      expect(new Set(table.winners)).toEqual(new Set(names('ana', 'beto')));
      expect(table.positions.map((row) => row.position)).toEqual([1, 1, 3, 4]);
    }
    expect(ids(byDefault.positions)).toEqual(names('beto', 'ana', 'dani', 'carla'));
    expect(ids(byExact.positions)).toEqual(names('ana', 'beto', 'dani', 'carla'));
  });

  it('never moves a position nor "Mis posiciones"', async () => {
    const mine = await t.as(players.dani, 'GET', '/api/leaderboard');
    expect(mine.statusCode, mine.body).toBe(200);
    const places = mine.json<{ data: { poolId: number; position: number }[] }>().data;
    for (const pool of Object.values(pools)) expect(places.find((place) => place.poolId === pool.id)?.position).toBe(1);
  });
});

describe('who chooses it, and when', () => {
  it('only the organiser: 403 for a member and for someone outside, as every rule of the pool', async () => {
    const pool = await poolWith(undefined, 'outcome');
    const body = { options: { tieBreak: 'jornadasWon' } };
    const member = await t.as(players.ana, 'PUT', `/api/pools/${pool.id}/rules`, body);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(poolMessages.creatorOnly);
    expect((await t.as(stranger, 'PUT', `/api/pools/${pool.id}/rules`, body)).statusCode).toBe(403);
    expect((await t.as(stranger, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).statusCode).toBe(403);
    expect((await t.as(owner, 'PUT', '/api/pools/999999/rules', body)).statusCode).toBe(404);
    const saved = await t.as(owner, 'PUT', `/api/pools/${pool.id}/rules`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Pool }>().data.options.tieBreak).toBe('jornadasWon');
  });

  it('is refused in Spanish when unknown, or exact scores where picks have no score', async () => {
    const outcome = await poolWith(undefined, 'outcome');
    const unknown = await t.as(owner, 'PUT', `/api/pools/${outcome.id}/rules`, { options: { tieBreak: 'azar' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('tieBreak debe ser correctPicks, jornadasWon, exactScores o lessExtra.');
    const exact = await t.as(owner, 'PUT', `/api/pools/${outcome.id}/rules`, { options: { tieBreak: 'exactScores' } });
    expect(exact.statusCode).toBe(400);
    expect(exact.json().message).toBe(tieBreakMessages.exactNeedsScores);
    // Made so: in 1X2 (no game sent) and in La Quiniela.
    for (const [invitationCode, game] of [[700_002, undefined], [700_003, { mode: 'laQuiniela' }]] as const) {
      const body = { name: 'Exactos sin marcador', invitationCode, creatorId: owner.userProfile.id, game, options: { tieBreak: 'exactScores' } };
      const created = await t.as(owner, 'POST', '/api/pools', body);
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(tieBreakMessages.exactNeedsScores);
    }
    // Chosen in the exact-score game, it holds the game there: back to 1X2 alone is refused, both together are not.
    const scored = await poolWith('exactScores');
    const back = await t.as(owner, 'PUT', `/api/pools/${scored.id}/rules`, { game: { mode: 'outcome' } });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(tieBreakMessages.exactNeedsScores);
    const both = await t.as(owner, 'PUT', `/api/pools/${scored.id}/rules`, { game: { mode: 'outcome' }, options: {} });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<{ data: Pool }>().data.options.tieBreak).toBe('correctPicks');
  });

  it('changes the cached ranking at once, and is frozen once the pool has started', async () => {
    const later = await t.api.match(admin, { competition: `${competition} b`, weekNumber: 1, matchDate: new Date(now.getTime() + HOUR).toISOString() });
    const pool = await t.api.pool(owner, { competition: later.competition, fromWeek: 1, players: [players.ana] });
    expect((await ranking(players.ana, pool)).leaderboard.tieBreakText).toBe(tieBreakText('correctPicks'));
    const saved = await t.as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { tieBreak: 'lessExtra' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ranking(players.ana, pool)).leaderboard.tieBreakText).toBe(tieBreakText('lessExtra'));
    now = new Date(now.getTime() + 2 * HOUR);
    const frozen = await t.as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { tieBreak: 'jornadasWon' } });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(messages.rulesFrozen);
  });
});
