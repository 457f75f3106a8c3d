import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Pool, SignInResponse } from '#contract/index';
import { poolParticipants, pools } from '#server/db/schema';
import { createTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
let nextCode = 300000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = (u: SignInResponse) => u.session.accessToken;

async function createPool(owner: SignInResponse, overrides: Record<string, unknown> = {}) {
  const res = await t.injectAs(token(owner), {
    method: 'POST',
    url: '/api/pools',
    payload: { name: 'Liga de la oficina', description: 'Jornada a jornada', maxParticipants: 20, invitationCode: nextCode++, creatorId: owner.userProfile.id, ...overrides },
  });
  return res;
}

const join = (user: SignInResponse, invitationCode: number) =>
  t.injectAs(token(user), { method: 'POST', url: '/api/pools/join', payload: { invitationCode, userId: user.userProfile.id } });

describe('POST /api/pools', () => {
  it('creates a pool owned by the caller, with defaults', async () => {
    const owner = await t.createUser();
    const res = await createPool(owner, { name: '  Peña Bética  ', description: undefined, maxParticipants: undefined, invitationCode: 123456 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Peña Bética',
      description: '',
      maxParticipants: 20,
      currentParticipants: 0,
      invitationCode: 123456,
      creatorId: owner.userProfile.id,
      isActive: true,
      isClose: false,
    });
  });

  it('refuses a taken invitation code with 409 so the client can retry with another', async () => {
    const owner = await t.createUser();
    await t.api.pool(owner, { invitationCode: 222222 });
    const res = await createPool(owner, { invitationCode: 222222 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El código de invitación ya está en uso.');
  });

  it.each([
    [{ name: '   ' }, 'El nombre de la quiniela es obligatorio.'],
    [{ name: undefined }, 'El nombre de la quiniela es obligatorio.'],
    [{ name: 'x'.repeat(81) }, /máximo 80/],
    [{ description: 'x'.repeat(501) }, /máximo 500/],
    [{ maxParticipants: 1 }, /entre 2 y 1000/],
    [{ maxParticipants: 1001 }, /entre 2 y 1000/],
    [{ maxParticipants: '20' }, /número/],
    [{ invitationCode: 99999 }, 'Por favor, introduce un código de invitación válido.'],
    [{ invitationCode: 1000000 }, 'Por favor, introduce un código de invitación válido.'],
    [{ invitationCode: 123456.5 }, 'Por favor, introduce un código de invitación válido.'],
    [{ creatorId: 'yo' }, /usuario/],
  ])('rejects %j with a Spanish 400 and stores nothing', async (overrides, message) => {
    const owner = await t.createUser();
    const before = (await t.db.select({ n: count() }).from(pools))[0]?.n;
    const res = await createPool(owner, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await t.db.select({ n: count() }).from(pools))[0]?.n).toBe(before);
  });

  it('refuses to create a pool in someone else\'s name', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const res = await createPool(owner, { creatorId: other.userProfile.id });
    expect(res.statusCode).toBe(403);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pools', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/pools/join', () => {
  it('joins with a valid code and counts the place', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner);
    const res = await join(player, pool.invitationCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Te has unido a la quiniela.', data: { id: pool.id, currentParticipants: 1 } });
  });

  it('answers each refusal with its own message', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { maxParticipants: 2 });

    const unknown = await join(player, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No existe ninguna quiniela con ese código.');

    const own = await join(owner, pool.invitationCode);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/creador/);

    expect((await join(player, pool.invitationCode)).statusCode).toBe(200);
    const again = await join(player, pool.invitationCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya participas en esta quiniela.');

    await t.api.join(await t.createUser(), pool);
    const full = await join(await t.createUser(), pool.invitationCode);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('La quiniela está llena.');

    const closedPool = await t.api.pool(owner);
    await t.injectAs(token(owner), { method: 'PATCH', url: `/api/pools/${closedPool.id}`, payload: { isClose: true } });
    const closed = await join(player, closedPool.invitationCode);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('La quiniela está cerrada.');

    const inactivePool = await t.api.pool(owner);
    await t.injectAs(token(owner), { method: 'PATCH', url: `/api/pools/${inactivePool.id}`, payload: { isActive: false } });
    const inactive = await join(player, inactivePool.invitationCode);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe('La quiniela no está activa.');
  });

  it('validates the code and refuses joining in someone else\'s name', async () => {
    const player = await t.createUser();
    const other = await t.createUser();
    const bad = await t.injectAs(token(player), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: '123456', userId: player.userProfile.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Por favor, introduce un código de invitación válido.');
    const forged = await t.injectAs(token(player), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: 123456, userId: other.userProfile.id } });
    expect(forged.statusCode).toBe(403);
  });

  it('gives the last 3 places to exactly 3 of 100 simultaneous joins', async () => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { maxParticipants: 5 });
    for (let i = 0; i < 2; i += 1) await t.api.join(await t.createUser(), pool);

    const players = await Promise.all(Array.from({ length: 100 }, () => t.createUser()));
    const results = await Promise.all(players.map((p) => join(p, pool.invitationCode)));
    const ok = results.filter((r) => r.statusCode === 200);
    const full = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(full).toHaveLength(97);
    for (const r of full) expect(r.json().message).toBe('La quiniela está llena.');

    const [row] = await t.db.select().from(pools).where(eq(pools.id, pool.id));
    expect(row?.participantCount).toBe(5);
    const [members] = await t.db.select({ n: count() }).from(poolParticipants).where(eq(poolParticipants.poolId, pool.id));
    expect(members?.n).toBe(5);
  }, 120_000);

  it('rate-limits repeated wrong codes from one user', async () => {
    const limited = await createTestApp({ env: { JOIN_MAX_WRONG_CODES: '3' } });
    try {
      const player = await limited.api.user();
      const attempt = (code: number) =>
        limited.injectAs(token(player), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: code, userId: player.userProfile.id } });
      expect((await attempt(111111)).statusCode).toBe(404);
      expect((await attempt(111112)).statusCode).toBe(404);
      expect((await attempt(111113)).statusCode).toBe(404);
      const blocked = await attempt(111114);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Demasiados códigos incorrectos. Inténtalo de nuevo más tarde.');
    } finally {
      await limited.close();
    }
  });
});

/**
 * Runs `test` on an app of its own, closed after it, whose one address may try 5 wrong codes (the per-user limit out
 * of reach), with a pool named `poolName` and `attempt`: `player` joining with `code`.
 */
async function withAddressLimit(
  poolName: string,
  test: (world: {
    limited: TestApp;
    invitationCode: number;
    attempt: (player: SignInResponse, code: number) => ReturnType<TestApp['injectAs']>;
  }) => Promise<void>,
) {
  const limited = await createTestApp({ env: { JOIN_MAX_WRONG_CODES: '1000', JOIN_MAX_WRONG_CODES_PER_IP: '5' } });
  try {
    const owner = await limited.createUser();
    const { invitationCode } = await limited.api.pool(owner, { name: poolName });
    const attempt = (player: SignInResponse, code: number) =>
      limited.injectAs(token(player), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: code, userId: player.userProfile.id } });
    await test({ limited, invitationCode, attempt });
  } finally {
    await limited.close();
  }
}

describe('wrong-code limit under simultaneous guesses', () => {
  it('evaluates at most JOIN_MAX_WRONG_CODES of 100 wrong codes sent at once by one user', async () => {
    // An app of its own: the other tests' wrong codes count against the same address.
    const fresh = await createTestApp();
    try {
      const player = await fresh.createUser();
      const codes = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fresh
            .injectAs(token(player), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: 700000 + i, userId: player.userProfile.id } })
            .then((r) => r.statusCode),
        ),
      );
      expect({ evaluated: codes.filter((c) => c === 404).length, refused: codes.filter((c) => c === 429).length }).toEqual({ evaluated: 10, refused: 90 });
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('evaluates at most JOIN_MAX_WRONG_CODES_PER_IP from one address across users, and a right code gives its attempt back', async () => {
    await withAddressLimit('Abierta', async ({ limited, invitationCode, attempt }) => {
      const players = await Promise.all(Array.from({ length: 4 }, () => limited.createUser()));
      // Four right codes first: none of them counts against the address.
      for (const player of players) expect((await attempt(player, invitationCode)).statusCode).toBe(200);
      const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(players[i % 4]!, 710000 + i).then((r) => r.statusCode)));
      // The address's five, and past them at most one look per account that had none in the window (below).
      const evaluated = codes.filter((c) => c === 404).length;
      expect(evaluated).toBeGreaterThanOrEqual(5);
      expect(evaluated).toBeLessThanOrEqual(5 + players.length);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - evaluated);
      // Now every one of them has guessed: the full address holds them all.
      for (const player of players) expect((await attempt(player, 719999)).statusCode).toBe(429);
    });
  }, 120_000);

  it('lets a right code in from an address one guesser filled, for someone who had not tried: a guesser holds only themselves', async () => {
    await withAddressLimit('Del estadio', async ({ limited, invitationCode, attempt }) => {
      const [guesser, friend, other] = [await limited.createUser(), await limited.createUser(), await limited.createUser()];
      for (let i = 0; i < 5; i += 1) expect((await attempt(guesser, 720000 + i)).statusCode).toBe(404);
      expect((await attempt(guesser, 720005)).statusCode).toBe(429);
      expect((await attempt(guesser, invitationCode)).statusCode).toBe(429);
      // A friend at the same address, with the right code: in.
      expect((await attempt(friend, invitationCode)).statusCode).toBe(200);
      // Someone else there may look once; a wrong code then holds them like everyone there.
      expect((await attempt(other, 720006)).statusCode).toBe(404);
      expect((await attempt(other, invitationCode)).statusCode).toBe(429);
    });
  }, 120_000);
});

describe('GET /api/pools/invitation/{invitationCode}', () => {
  const lookUp = (user: SignInResponse | null, code: number | string, app: TestApp = t) =>
    user ? app.injectAs(token(user), { method: 'GET', url: `/api/pools/invitation/${code}` }) : app.app.inject({ method: 'GET', url: `/api/pools/invitation/${code}` });

  it('names the pool a code opens and where the caller stands, and nothing more', async () => {
    const owner = await t.createUser({ name: 'Lucía Anfitriona' });
    const player = await t.createUser();
    const stranger = await t.createUser();
    const pool = await t.api.pool(owner, { name: 'Peña del barrio', description: 'Los domingos', maxParticipants: 12, players: [player] });

    const res = await lookUp(stranger, pool.invitationCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: pool.id,
        name: 'Peña del barrio',
        description: 'Los domingos',
        creatorName: 'Lucía Anfitriona',
        currentParticipants: 1,
        maxParticipants: 12,
        isActive: true,
        isClose: false,
        membership: 'none',
      },
    });
    // Who takes part, the creator's account and e-mail stay out of it.
    expect(res.body).not.toContain(owner.userProfile.email);
    expect(res.body).not.toContain(player.userProfile.name);
    expect(res.body).not.toContain('creatorId');

    expect((await lookUp(player, pool.invitationCode)).json().data.membership).toBe('participant');
    expect((await lookUp(owner, pool.invitationCode)).json().data.membership).toBe('creator');
    // Looking a code up joins nobody.
    expect((await lookUp(stranger, pool.invitationCode)).json().data.currentParticipants).toBe(1);
  });

  it('tells a full, closed or inactive pool by its fields', async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const full = await t.api.pool(owner, { maxParticipants: 2, players: [await t.createUser(), await t.createUser()] });
    expect((await lookUp(stranger, full.invitationCode)).json().data).toMatchObject({ currentParticipants: 2, maxParticipants: 2 });

    const pool = await t.api.pool(owner);
    await t.api.call(owner, 'PATCH', `/api/pools/${pool.id}`, { body: { isClose: true } });
    expect((await lookUp(stranger, pool.invitationCode)).json().data).toMatchObject({ isActive: true, isClose: true });
    await t.api.call(owner, 'PATCH', `/api/pools/${pool.id}`, { body: { isActive: false } });
    expect((await lookUp(stranger, pool.invitationCode)).json().data).toMatchObject({ isActive: false, isClose: true });
  });

  it('needs a session, refuses a malformed code and answers 404 for a code no pool has', async () => {
    const pool = await t.api.pool(await t.createUser());
    const anonymous = await lookUp(null, pool.invitationCode);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(pool.name);

    const user = await t.createUser();
    for (const code of ['abc', '12345', '1234567', '099999', '12345a', '1e5']) {
      const res = await lookUp(user, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toBe('Por favor, introduce un código de invitación válido.');
    }

    const gone = await t.api.pool(user);
    await t.api.call(user, 'DELETE', `/api/pools/${gone.id}`);
    const unknown = await lookUp(user, gone.invitationCode);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No existe ninguna quiniela con ese código.' });
  });

  it('counts a wrong code against the same limit as joining: two wrong look-ups and a wrong join use up a limit of 3', async () => {
    const limited = await createTestApp({ env: { JOIN_MAX_WRONG_CODES: '3' } });
    try {
      const owner = await limited.api.user();
      const { invitationCode } = await limited.api.pool(owner);
      const player = await limited.api.user();
      const joinAs = (code: number) =>
        limited.injectAs(token(player), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: code, userId: player.userProfile.id } });
      // Right codes give their attempt back: any number of them leaves the limit whole.
      for (let i = 0; i < 5; i += 1) expect((await lookUp(player, invitationCode, limited)).statusCode).toBe(200);

      expect((await lookUp(player, 111111, limited)).statusCode).toBe(404);
      expect((await lookUp(player, 111112, limited)).statusCode).toBe(404);
      expect((await joinAs(111113)).statusCode).toBe(404);

      const blockedJoin = await joinAs(111114);
      expect(blockedJoin.statusCode).toBe(429);
      expect(blockedJoin.json().message).toBe('Demasiados códigos incorrectos. Inténtalo de nuevo más tarde.');
      const blockedLookUp = await lookUp(player, 111115, limited);
      expect(blockedLookUp.statusCode).toBe(429);
      expect(blockedLookUp.json().message).toBe('Demasiados códigos incorrectos. Inténtalo de nuevo más tarde.');
      expect(Number(blockedLookUp.headers['retry-after'])).toBeGreaterThan(0);
      // Over the limit even a right code is not answered: a guess cannot tell which codes exist.
      expect((await lookUp(player, invitationCode, limited)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('and the other way round: wrong joins use up the look-ups, per address too', async () => {
    const limited = await createTestApp({ env: { JOIN_MAX_WRONG_CODES: '1000', JOIN_MAX_WRONG_CODES_PER_IP: '2' } });
    try {
      const [first, second] = [await limited.api.user(), await limited.api.user()];
      const joinAs = (user: SignInResponse, code: number) =>
        limited.injectAs(token(user), { method: 'POST', url: '/api/pools/join', payload: { invitationCode: code, userId: user.userProfile.id } });
      expect((await joinAs(first, 121212)).statusCode).toBe(404);
      expect((await joinAs(second, 121213)).statusCode).toBe(404);
      expect((await lookUp(second, 121214, limited)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('lists, detail and participants', () => {
  it('lists joined and owned pools with counts, only for oneself', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { name: 'Mi quiniela' });
    await t.api.join(player, pool);

    const owned = await t.injectAs(token(owner), { method: 'GET', url: `/api/pools/user/${owner.userProfile.id}/owned` });
    expect(owned.statusCode).toBe(200);
    expect(owned.json().data.pools).toEqual([expect.objectContaining({ id: pool.id, currentParticipants: 1, maxParticipants: 20 })]);

    const joined = await t.injectAs(token(player), { method: 'GET', url: `/api/pools/user/${player.userProfile.id}/joined` });
    expect(joined.json().data.pools.map((p: Pool) => p.id)).toEqual([pool.id]);
    const ownerJoined = await t.injectAs(token(owner), { method: 'GET', url: `/api/pools/user/${owner.userProfile.id}/joined` });
    expect(ownerJoined.json().data.pools).toEqual([]);

    const snoop = await t.injectAs(token(player), { method: 'GET', url: `/api/pools/user/${owner.userProfile.id}/owned` });
    expect(snoop.statusCode).toBe(403);
    expect(snoop.body).not.toContain(String(pool.invitationCode));
  });

  it('shows a pool to its creator and participants only', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const stranger = await t.createUser();
    const pool = await t.api.pool(owner);
    await t.api.join(player, pool);

    expect((await t.injectAs(token(owner), { method: 'GET', url: `/api/pools/${pool.id}` })).statusCode).toBe(200);
    expect((await t.injectAs(token(player), { method: 'GET', url: `/api/pools/${pool.id}` })).json().data.id).toBe(pool.id);
    const denied = await t.injectAs(token(stranger), { method: 'GET', url: `/api/pools/${pool.id}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain(String(pool.invitationCode));
    expect((await t.injectAs(token(owner), { method: 'GET', url: '/api/pools/987654' })).statusCode).toBe(404);
    expect((await t.injectAs(token(owner), { method: 'GET', url: '/api/pools/abc' })).statusCode).toBe(400);

    const visible = await t.injectAs(token(stranger), { method: 'GET', url: '/api/pools' });
    expect(visible.json().data.pools).toEqual([]);
  });

  it('answers the visible pools a page at a time, newest first, with the total', async () => {
    const fresh = await createTestApp();
    try {
      const owner = await fresh.createUser();
      const admin = await fresh.createUser({ role: 'admin' });
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await fresh.api.pool(owner, { name: `Página ${i}` })).id);
      const page = (who: SignInResponse, query: string) => fresh.injectAs(token(who), { method: 'GET', url: `/api/pools${query}` });
      const first = (await page(owner, '?limit=2')).json().data;
      expect(first.pools.map((p: Pool) => p.id)).toEqual([ids[4], ids[3]]);
      expect(first.page).toEqual({ limit: 2, offset: 0, total: 5 });
      expect((await page(owner, '?limit=2&offset=4')).json().data.pools.map((p: Pool) => p.id)).toEqual([ids[0]]);
      // Without a limit: the first 100, as before for anyone with fewer pools.
      expect((await page(admin, '')).json().data.page).toEqual({ limit: 100, offset: 0, total: 5 });
      const tooMany = await page(admin, '?limit=501');
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('El límite (limit) debe estar entre 1 y 500.');
    } finally {
      await fresh.close();
    }
  });

  it('lists participants for the creator only', async () => {
    const owner = await t.createUser();
    const player = await t.createUser({ name: 'Marta' });
    const pool = await t.api.pool(owner);
    await t.api.join(player, pool);

    const res = await t.injectAs(token(owner), { method: 'GET', url: `/api/pools/${pool.id}/participants/${owner.userProfile.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.participants).toEqual([{ id: player.userProfile.id, name: 'Marta', registeredAt: expect.any(String) }]);
    expect(res.body).not.toContain('@');

    expect((await t.injectAs(token(player), { method: 'GET', url: `/api/pools/${pool.id}/participants/${player.userProfile.id}` })).statusCode).toBe(403);
    expect((await t.injectAs(token(player), { method: 'GET', url: `/api/pools/${pool.id}/participants/${owner.userProfile.id}` })).statusCode).toBe(403);
  });
});

describe('update and delete', () => {
  it('lets the creator edit and delete, and nobody else', async () => {
    const owner = await t.createUser();
    const player = await t.createUser();
    const pool = await t.api.pool(owner, { maxParticipants: 3 });
    await t.api.join(player, pool);
    await t.api.join(await t.createUser(), pool);

    expect((await t.injectAs(token(player), { method: 'PATCH', url: `/api/pools/${pool.id}`, payload: { name: 'Hackeada' } })).statusCode).toBe(403);
    expect((await t.injectAs(token(player), { method: 'DELETE', url: `/api/pools/${pool.id}` })).statusCode).toBe(403);

    const tooSmall = await t.injectAs(token(owner), { method: 'PATCH', url: `/api/pools/${pool.id}`, payload: { maxParticipants: 2 } });
    expect(tooSmall.statusCode).toBe(200);
    const below = await t.injectAs(token(owner), { method: 'PATCH', url: `/api/pools/${pool.id}`, payload: { maxParticipants: 2, name: 'x' } });
    expect(below.json().data.maxParticipants).toBe(2);

    const renamed = await t.injectAs(token(owner), { method: 'PATCH', url: `/api/pools/${pool.id}`, payload: { name: 'Nueva', isClose: true } });
    expect(renamed.json().data).toMatchObject({ name: 'Nueva', isClose: true });

    const removed = await t.injectAs(token(owner), { method: 'DELETE', url: `/api/pools/${pool.id}` });
    expect(removed.statusCode).toBe(200);
    expect((await t.injectAs(token(owner), { method: 'GET', url: `/api/pools/${pool.id}` })).statusCode).toBe(404);
    const [left] = await t.db.select({ n: count() }).from(poolParticipants).where(eq(poolParticipants.poolId, pool.id));
    expect(left?.n).toBe(0);
  });

  it('refuses a maximum below the current participants', async () => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { maxParticipants: 3 });
    for (let i = 0; i < 3; i += 1) await t.api.join(await t.createUser(), pool);
    const res = await t.injectAs(token(owner), { method: 'PATCH', url: `/api/pools/${pool.id}`, payload: { maxParticipants: 2 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El máximo de participantes no puede ser menor que los participantes actuales.');
  });
});
