import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_POOL_OPTIONS,
  gameRulesMessages,
  messages,
  pickDeadline,
  poolMessages,
  poolOptionsMessages,
  predictionMessages,
  type Match,
  type Pool,
  type PoolOptions,
  type SignInResponse,
} from '#contract/index';
import { queryRows } from '#server/db/client';
import { predictions } from '#server/db/schema';
import { pickDeadlineSql } from '#server/modules/pools/pool-rules';
import { unique } from '#tests/support/factories';
import { testAppPerFile, type TestApp } from '#tests/support/test-app';

/**
 * The organiser's options (issue 20, part B; docs/decisions/043-the-organisers-options.md): each on and off, the
 * rules frozen at the first kick-off, picks changed until they close, the close-before deadline by the server's
 * clock, the creator who plays, late joiners, a participant removed and told why, closed and inactive pools.
 */
const t = testAppPerFile({ clock: () => now });
let admin: SignInResponse;
let now = new Date('2026-11-26T12:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
});

const as: TestApp['as'] = (...request) => t.as(...request);

/** A competition of the test's own, with one match `minutesAhead` from now, and a pool counting it. */
async function setUp(options?: Partial<PoolOptions>, minutesAhead = 60, players = 1) {
  const competition = `Opciones ${unique()}`;
  const match = await t.api.match(admin, {
    competition,
    weekNumber: 1,
    round: 'Jornada 1',
    matchDate: new Date(now.getTime() + minutesAhead * MINUTE).toISOString(),
  });
  const owner = await t.createUser();
  const playing = await Promise.all(Array.from({ length: players }, () => t.createUser()));
  const pool = await t.api.pool(owner, {
    competition,
    fromWeek: 1,
    players: playing,
    ...(options ? { options: { ...DEFAULT_POOL_OPTIONS, ...options } } : {}),
  });
  return { match, owner, players: playing, pool, competition };
}

const pick = (who: SignInResponse, pool: Pool, match: Pick<Match, 'id'>, prediction: string) =>
  as(who, 'POST', '/api/predictions', { prediction, userId: who.userProfile.id, matchId: match.id, poolId: pool.id });

async function ranking(who: SignInResponse, pool: Pool) {
  const res = await as(who, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`);
  expect(res.statusCode).toBe(200);
  const positions: { userId: number; points: number }[] = res.json().leaderboard.positions;
  return Object.fromEntries(positions.map((p) => [p.userId, p.points]));
}

describe('the options of a pool', () => {
  it("default to the specification's game, and GET /api/pools/{id} answers them and whether it started", async () => {
    const { owner, pool } = await setUp(undefined, 60, 0);
    expect(pool.currentParticipants).toBe(0);
    expect(pool.options).toEqual({ editUntilKickoff: false, closeMinutesBefore: 0, creatorPlays: false, lateJoiners: 'zero', tieBreak: 'correctPicks' });
    const res = await as(owner, 'GET', `/api/pools/${pool.id}`);
    expect(res.json().data).toMatchObject({ options: DEFAULT_POOL_OPTIONS, started: false });
  });

  it('are validated by the contract with Spanish messages', async () => {
    const owner = await t.createUser();
    const base = { name: 'Mala', invitationCode: 654321, creatorId: owner.userProfile.id };
    const bad = await as(owner, 'POST', '/api/pools', { ...base, options: { closeMinutesBefore: 1441 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('entre 0 y 1440');
    const wrong = await as(owner, 'POST', '/api/pools', { ...base, options: { lateJoiners: 'middle' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('lateJoiners debe ser zero');
  });
});

describe('the rules', () => {
  it('can be changed by the creator until the first kick-off, then 409', async () => {
    const { owner, players, pool } = await setUp(undefined, 30);
    expect((await as(players[0]!, 'PUT', `/api/pools/${pool.id}/rules`, { options: { editUntilKickoff: true } })).statusCode).toBe(403);
    const saved = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { editUntilKickoff: true, closeMinutesBefore: 10 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.options).toEqual({ ...DEFAULT_POOL_OPTIONS, editUntilKickoff: true, closeMinutesBefore: 10 });

    const before = now;
    now = new Date(now.getTime() + 30 * MINUTE);
    try {
      const frozen = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: DEFAULT_POOL_OPTIONS });
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json().message).toBe(messages.rulesFrozen);
      expect((await as(owner, 'GET', `/api/pools/${pool.id}`)).json().data.started).toBe(true);
    } finally {
      now = before;
    }
  });

  it('are not frozen by a match that kicked off before the pool existed (made mid-jornada, or with the spec’s body)', async () => {
    const { owner, pool, competition } = await setUp(undefined, 30);
    // Another match of its jornada kicked off (and finished) an hour before the pools were made.
    const played = await t.api.match(admin, {
      competition,
      weekNumber: 1,
      round: 'Jornada 1',
      matchDate: new Date(now.getTime() - 60 * MINUTE).toISOString(),
    });
    await t.api.result(admin, played, 1, 0);
    // The spec's body counts every match, all of the past ones too.
    const everyMatch = await t.api.pool(owner);
    for (const made of [pool, everyMatch]) {
      expect((await as(owner, 'GET', `/api/pools/${made.id}`)).json().data.started).toBe(false);
      expect((await as(owner, 'PUT', `/api/pools/${made.id}/rules`, { options: { closeMinutesBefore: 5 } })).statusCode).toBe(200);
    }

    const before = now;
    now = new Date(now.getTime() + 30 * MINUTE);
    try {
      // Its jornada's next match kicks off: every pool of it has started.
      for (const made of [pool, everyMatch]) expect((await as(owner, 'GET', `/api/pools/${made.id}`)).json().data.started).toBe(true);
    } finally {
      now = before;
    }
  });

  it('carry the game too: its points until the first kick-off, its mode only while nobody has predicted', async () => {
    const { owner, players, pool, match } = await setUp(undefined, 30);
    expect((await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, {})).statusCode).toBe(400);
    const polla = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { game: { mode: 'exactScore', preset: 'polla' } });
    expect(polla.statusCode).toBe(200);
    expect(polla.json().data.game).toMatchObject({ mode: 'exactScore', preset: 'polla', points: { exact: 5, outcome: 2, teamGoals: 1 } });
    // The options were not in the body: they stay as they were.
    expect(polla.json().data.options).toEqual(DEFAULT_POOL_OPTIONS);

    const scored = await as(players[0]!, 'POST', '/api/predictions', {
      userId: players[0]!.userProfile.id,
      poolId: pool.id,
      matchId: match.id,
      scoreHome: 2,
      scoreAway: 1,
    });
    expect(scored.statusCode).toBe(201);
    // Same mode, other points: allowed; another mode would leave that pick without its shape.
    const clasica = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { game: { mode: 'exactScore', preset: 'clasica' } });
    expect(clasica.json().data.game).toMatchObject({ preset: 'clasica', points: { exact: 3, difference: 2, outcome: 1 } });
    const outcome = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { game: { mode: 'outcome' } });
    expect(outcome.statusCode).toBe(409);
    expect(outcome.json().message).toBe(gameRulesMessages.modeHasPicks);
    expect((await as(owner, 'GET', `/api/pools/${pool.id}`)).json().data.game.mode).toBe('exactScore');

    const before = now;
    now = new Date(now.getTime() + 30 * MINUTE);
    try {
      const frozen = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { game: { mode: 'exactScore', preset: 'polla' } });
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json().message).toBe(messages.rulesFrozen);
    } finally {
      now = before;
    }
  });
});

describe('"Permitir cambiar el pronóstico hasta el inicio del partido"', () => {
  it('off: a second pick of the same match is a 409 (the specification)', async () => {
    const { match, players, pool } = await setUp();
    expect((await pick(players[0]!, pool, match, 'home')).statusCode).toBe(201);
    const again = await pick(players[0]!, pool, match, 'away');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(predictionMessages.alreadyPredicted);
  });

  it('on: the pick is changed in place until it closes, then refused', async () => {
    const { match, players, pool } = await setUp({ editUntilKickoff: true }, 30);
    const first = await pick(players[0]!, pool, match, 'home');
    expect(first.statusCode).toBe(201);
    const changed = await pick(players[0]!, pool, match, 'away');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ id: first.json().data.id, prediction: 'away' });

    const before = now;
    now = new Date(now.getTime() + 30 * MINUTE);
    try {
      const late = await pick(players[0]!, pool, match, 'draw');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(predictionMessages.matchStarted);
    } finally {
      now = before;
    }
  });

  it('two edits at once: one row, holding one of them; the last one acknowledged in turn wins', async () => {
    const { match, players, pool } = await setUp({ editUntilKickoff: true });
    const player = players[0]!;
    const answers = await Promise.all(['home', 'draw', 'away', 'home', 'draw'].map((choice) => pick(player, pool, match, choice)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await t.db
      .select({ prediction: predictions.prediction })
      .from(predictions)
      .where(and(eq(predictions.poolId, pool.id), eq(predictions.userId, player.userProfile.id)));
    expect(rows).toHaveLength(1);
    expect(['home', 'draw', 'away']).toContain(rows[0]!.prediction);
    expect((await pick(player, pool, match, 'away')).statusCode).toBe(200);
    const [last] = await t.db.select({ prediction: predictions.prediction }).from(predictions).where(eq(predictions.poolId, pool.id));
    expect(last!.prediction).toBe('away');
  });
});

describe('"Cierre antes del partido"', () => {
  it('closes picks N minutes before kick-off by the server clock', async () => {
    const { match, players, pool } = await setUp({ closeMinutesBefore: 45 }, 60);
    expect((await pick(players[0]!, pool, match, 'home')).statusCode).toBe(201);
    const before = now;
    now = new Date(now.getTime() + 16 * MINUTE); // 44 minutes before kick-off
    try {
      const closed = await pick(players[1] ?? (await joined(pool)), pool, match, 'home');
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(poolOptionsMessages.picksClosed);
    } finally {
      now = before;
    }
  });

  it('pickDeadline and its SQL twin agree', async () => {
    const { pool } = await setUp();
    for (const minutes of [0, 1, 45, 90, 1440]) {
      await t.db.execute(sql`update pools set close_minutes_before = ${minutes} where id = ${pool.id}`);
      const kickoff = '2027-03-28T01:30:00.000Z';
      const [row] = await queryRows<{ deadline: Date | string }>(
        t.db,
        sql`select ${pickDeadlineSql(sql`p`, sql`m`)} as deadline
            from pools p cross join (select ${kickoff}::timestamptz as match_date) m where p.id = ${pool.id}`,
      );
      expect(new Date(row!.deadline).getTime()).toBe(pickDeadline(kickoff, { closeMinutesBefore: minutes }));
    }
  });
});

/** A new participant of `pool`. */
async function joined(pool: Pool) {
  const player = await t.createUser();
  await t.api.join(player, pool);
  return player;
}

describe('"El creador también juega"', () => {
  it('off: the creator does not predict (the specification)', async () => {
    const { match, owner, pool } = await setUp();
    const res = await pick(owner, pool, match, 'home');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(predictionMessages.creatorCannotPredict);
  });

  it('on: the creator takes a place, predicts and is ranked', async () => {
    const { match, owner, players, pool } = await setUp({ creatorPlays: true });
    // The creator's place is taken at creation, the player's when they join.
    expect(pool.currentParticipants).toBe(1);
    expect((await as(owner, 'GET', `/api/pools/${pool.id}`)).json().data.currentParticipants).toBe(2);
    expect((await pick(owner, pool, match, 'home')).statusCode).toBe(201);
    expect((await pick(players[0]!, pool, match, 'away')).statusCode).toBe(201);
    await t.api.result(admin, match, 2, 0);
    expect(await ranking(owner, pool)).toEqual({ [owner.userProfile.id]: 3, [players[0]!.userProfile.id]: 0 });
    // Listed once, with the pools they created.
    const joinedList = await as(owner, 'GET', `/api/pools/user/${owner.userProfile.id}/joined`);
    expect(joinedList.json().data.pools).toEqual([]);
  });

  it('turned on and off before the first kick-off takes and gives back the place', async () => {
    const { owner, pool } = await setUp(undefined, 60, 0);
    const on = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { creatorPlays: true } });
    expect(on.json().data.currentParticipants).toBe(1);
    const off = await as(owner, 'PUT', `/api/pools/${pool.id}/rules`, { options: { creatorPlays: false } });
    expect(off.json().data.currentParticipants).toBe(0);
  });
});

describe('late joiners', () => {
  async function startedPool(lateJoiners: 'zero' | 'lowest') {
    const { match, owner, players, pool } = await setUp({ lateJoiners }, 60, 2);
    await pick(players[0]!, pool, match, 'home');
    await pick(players[1]!, pool, match, 'home');
    await t.api.result(admin, match, 1, 0);
    return { owner, pool };
  }

  it("'zero': who joins after the start begins at 0", async () => {
    const { owner, pool } = await startedPool('zero');
    const late = await joined(pool);
    expect((await ranking(owner, pool))[late.userProfile.id]).toBe(0);
  });

  it("'lowest': who joins after the start begins with the lowest total, and a recompute agrees", async () => {
    const { owner, pool } = await startedPool('lowest');
    const late = await joined(pool);
    const stored = await ranking(owner, pool);
    expect(stored[late.userProfile.id]).toBe(3);
    await t.app.services.repositories.standings.recompute([pool.id], now);
    expect(await ranking(owner, pool)).toEqual(stored);
  });
});

describe('the organiser', () => {
  it('removes a participant: their picks leave the ranking and they are told why on their next visit', async () => {
    const { match, owner, players, pool } = await setUp(undefined, 60, 2);
    const [gone, stays] = [players[0]!, players[1]!];
    await pick(gone, pool, match, 'home');
    await pick(stays, pool, match, 'away');
    await t.api.result(admin, match, 3, 1);
    expect((await ranking(owner, pool))[gone.userProfile.id]).toBe(3);

    expect((await as(stays, 'DELETE', `/api/pools/${pool.id}/participants/${gone.userProfile.id}`)).statusCode).toBe(403);
    expect((await as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${owner.userProfile.id}`)).statusCode).toBe(409);
    const removed = await as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${gone.userProfile.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await ranking(owner, pool)).toEqual({ [stays.userProfile.id]: 0 });
    expect((await as(owner, 'GET', `/api/pools/${pool.id}`)).json().data.currentParticipants).toBe(1);
    expect((await as(gone, 'GET', `/api/pools/${pool.id}`)).statusCode).toBe(403);
    const again = await as(owner, 'DELETE', `/api/pools/${pool.id}/participants/${gone.userProfile.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(poolOptionsMessages.notInPool);

    const notices = (await as(gone, 'GET', '/api/pools/notices')).json().data.notices;
    expect(notices).toMatchObject([{ message: `Te han quitado de «${pool.name}»` }]);
    expect((await as(stays, 'DELETE', `/api/pools/notices/${notices[0].id}`)).statusCode).toBe(404);
    expect((await as(gone, 'DELETE', `/api/pools/notices/${notices[0].id}`)).statusCode).toBe(200);
    expect((await as(gone, 'GET', '/api/pools/notices')).json().data.notices).toEqual([]);
  });

  it('closes and reopens the pool to new members, and marks it inactive', async () => {
    const { owner, pool } = await setUp();
    const newcomer = await t.createUser();
    const join = () => as(newcomer, 'POST', '/api/pools/join', { invitationCode: pool.invitationCode, userId: newcomer.userProfile.id });
    expect((await as(owner, 'PATCH', `/api/pools/${pool.id}`, { isClose: true })).json().data.isClose).toBe(true);
    const refused = await join();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(poolMessages.closed);
    await as(owner, 'PATCH', `/api/pools/${pool.id}`, { isClose: false, isActive: false });
    expect((await join()).json().message).toBe(poolMessages.inactive);
    await as(owner, 'PATCH', `/api/pools/${pool.id}`, { isActive: true });
    expect((await join()).statusCode).toBe(200);
  });
});
