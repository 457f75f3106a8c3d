import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool, Pot, SignInResponse } from '#contract/index';
import { unique } from '#tests/support/factories';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * The bote (docs/decisions/079-a-prize-pot-that-moves-no-money.md): off by default; set, cleared and ticked as paid
 * by the pool's creator or an admin only; read by its members, shared by the general table (ties split the shares
 * they cover, the cents left said) and by the jornadas' winners.
 */
const t = testAppPerFile({ clock: () => new Date('2026-11-21T12:00:00Z') });
let admin: SignInResponse;
let owner: SignInResponse;
let ana: SignInResponse;
let beto: SignInResponse;
let carla: SignInResponse;
let dani: SignInResponse;
let pool: Pool;

const settings = { entryCents: 1001, positionShares: [60, 30], jornadaShare: 10 };

beforeAll(async () => {
  [admin, owner, ana, beto, carla, dani] = await Promise.all([
    t.createUser({ role: 'admin' }),
    t.createUser(),
    t.createUser({ name: 'Ana Bote' }),
    t.createUser({ name: 'Beto Bote' }),
    t.createUser({ name: 'Carla Bote' }),
    t.createUser({ name: 'Dani Bote' }),
  ]);
  const competition = `Bote ${unique()}`;
  const first = await t.api.match(admin, { competition, weekNumber: 1, round: 'Matchday 1' });
  await t.api.match(admin, { competition, weekNumber: 2, round: 'Matchday 2' });
  pool = await t.api.pool(owner, { competition, fromWeek: 1, players: [ana, beto, carla, dani] });
  // Ana and Beto get it right: tied at 1, the jornada's two winners; Carla and Dani tied at 3 with 0.
  await t.api.predict(ana, pool, first, 'home');
  await t.api.predict(beto, pool, first, 'home');
  await t.api.predict(carla, pool, first, 'away');
  await t.api.predict(dani, pool, first, 'draw');
  await t.api.result(admin, first, 1, 0);
});

const potOf = async (who: SignInResponse) => {
  const res = await t.as(who, 'GET', `/api/pools/${pool.id}/pot`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Pot | null }>().data;
};
const paid = (who: SignInResponse, by: SignInResponse, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.as(by, method, `/api/pools/${pool.id}/pot/payments/${who.userProfile.id}`);

describe('the bote', () => {
  it('is off by default, and the pool answers as before', async () => {
    expect(await potOf(ana)).toBeNull();
    const detail = await t.as(ana, 'GET', `/api/pools/${pool.id}`);
    expect(Object.keys(detail.json<{ data: object }>().data)).not.toContain('pot');
  });

  it('is set by the creator only: 403 for a member, 401 without a session, 403 for a stranger reading it', async () => {
    const member = await t.as(ana, 'PUT', `/api/pools/${pool.id}/pot`, settings);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: `/api/pools/${pool.id}/pot` })).statusCode).toBe(401);
    expect((await t.as(await t.createUser(), 'GET', `/api/pools/${pool.id}/pot`)).statusCode).toBe(403);
    expect((await t.as(ana, 'PUT', `/api/pools/${pool.id}/pot/payments/${ana.userProfile.id}`)).statusCode).toBe(403);
    expect((await t.as(owner, 'GET', '/api/pools/999999/pot')).statusCode).toBe(404);
    expect(await potOf(ana)).toBeNull();
  });

  it('refuses bad settings with Spanish messages', async () => {
    for (const [body, message] of [
      [{ ...settings, positionShares: [60, 30, 5] }, 'Las partes deben sumar 100 %'],
      [{ ...settings, entryCents: 99 }, 'entre 1 € y 100.000 €'],
      [{ ...settings, entryCents: 10_000_001 }, 'entre 1 € y 100.000 €'],
      [{ ...settings, entryCents: 10.5 }, 'entre 1 € y 100.000 €'],
      [{ entryCents: 1000, positionShares: Array(11).fill(9), jornadaShare: 1 }, 'entre 1 y 10 puestos'],
      [{ entryCents: 1000, positionShares: [], jornadaShare: 100 }, 'entre 1 y 10 puestos'],
      [{ entryCents: 1000, positionShares: [100, 0] }, 'porcentaje entero entre 1 y 100'],
    ] as const) {
      const res = await t.as(owner, 'PUT', `/api/pools/${pool.id}/pot`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
  });

  it('marks who paid, and shares what was collected by the table, ties and jornadas included', async () => {
    const set = await t.as(owner, 'PUT', `/api/pools/${pool.id}/pot`, settings);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: Pot }>().data).toMatchObject({ ...settings, paidCount: 0, collectedCents: 0 });

    for (const who of [ana, beto]) expect((await paid(who, owner)).statusCode).toBe(200);
    expect((await paid(carla, admin)).statusCode).toBe(200);
    expect((await paid(carla, owner)).statusCode).toBe(200); // marked again: still once
    expect((await paid(owner, owner)).statusCode).toBe(404); // the creator does not play here

    const pot = (await potOf(dani))!;
    expect(pot.paidCount).toBe(3);
    expect(pot.collectedCents).toBe(3003);
    const carlaRow = pot.participants.find((p) => p.userId === carla.userProfile.id)!;
    expect(carlaRow).toMatchObject({ paid: true, markedAt: expect.any(String) });
    expect(pot.participants.find((p) => p.userId === dani.userProfile.id)).toMatchObject({
      paid: false,
      markedAt: null,
    });
    // 60 % and 30 % of 30,03 € are 18,01 € and 9,00 €: Ana and Beto, tied at 1, take 13,50 € each (1 cent left).
    expect(pot.positions).toEqual([
      {
        position: 1,
        percent: 60,
        cents: 1801,
        takers: [
          { userId: ana.userProfile.id, username: 'Ana Bote', cents: 1350 },
          { userId: beto.userProfile.id, username: 'Beto Bote', cents: 1350 },
        ],
      },
      { position: 2, percent: 30, cents: 900, takers: [] },
    ]);
    // 10 % (3,00 €) over the two jornadas: 1,50 € each; the first's two winners 0,75 € each, the second not over.
    expect(pot.jornadaCents).toBe(150);
    expect(pot.jornadas).toEqual([
      {
        weekNumber: 1,
        label: 'Jornada 1',
        winners: [
          { userId: ana.userProfile.id, username: 'Ana Bote', cents: 75 },
          { userId: beto.userProfile.id, username: 'Beto Bote', cents: 75 },
        ],
      },
    ]);
    expect(pot.pendingCents).toBe(150);
    expect(pot.unassignedCents).toBe(3);

    expect((await paid(carla, owner, 'DELETE')).statusCode).toBe(200);
    expect((await potOf(ana))!.collectedCents).toBe(2002);
  });

  it('is cleared by the creator with its paid marks', async () => {
    expect((await t.as(ana, 'DELETE', `/api/pools/${pool.id}/pot`)).statusCode).toBe(403);
    expect((await t.as(owner, 'DELETE', `/api/pools/${pool.id}/pot`)).statusCode).toBe(200);
    expect(await potOf(ana)).toBeNull();
    expect((await paid(ana, owner)).statusCode).toBe(404);
    await t.as(owner, 'PUT', `/api/pools/${pool.id}/pot`, settings);
    expect((await potOf(ana))!.paidCount).toBe(0);
  });
});
