import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool, SignInResponse, WallMessage, WallPage } from '#contract/index';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/** The pool's wall ("Muro"): members only, deletion rights, the per-user limit, and text kept as text. */
let t: TestApp;
let admin: SignInResponse;
let owner: SignInResponse;
let player: SignInResponse;
let other: SignInResponse;
let stranger: SignInResponse;
let pool: Pool;

const as: TestApp['as'] = (...request) => t.as(...request);
const post = async (user: SignInResponse, text: string, matchId?: number) => {
  const res = await as(user, 'POST', `/api/pools/${pool.id}/messages`, { text, ...(matchId ? { matchId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: WallMessage }>().data;
};
const wallOf = async (user: SignInResponse, query = '') =>
  (await as(user, 'GET', `/api/pools/${pool.id}/messages${query}`)).json<{ data: WallPage }>().data;

beforeAll(async () => {
  t = await createTestApp({ env: { WALL_MESSAGES_MAX_PER_MINUTE: '5' } });
  admin = await t.createUser({ role: 'admin' });
  owner = await t.createUser({ name: 'Creadora' });
  player = await t.createUser({ name: 'Jugador' });
  other = await t.createUser({ name: 'Otra' });
  stranger = await t.createUser({ name: 'Ajeno' });
  pool = await t.api.pool(owner, { players: [player, other] });
});

afterAll(() => t.close());

describe('the wall of a pool', () => {
  it('is for members: others get a Spanish 403, and nothing is written', async () => {
    const refused = await as(stranger, 'POST', `/api/pools/${pool.id}/messages`, { text: 'hola' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'No participas en esta quiniela.' });
    expect((await as(stranger, 'GET', `/api/pools/${pool.id}/messages`)).statusCode).toBe(403);
    expect((await wallOf(owner)).messages).toEqual([]);
  });

  it('lists newest at the bottom, with who may delete each', async () => {
    const first = await post(player, '¡Vamos!');
    const second = await post(owner, 'Bienvenidos');
    const seen = await wallOf(other);
    expect(seen.messages.map((m) => [m.text, m.username, m.canDelete])).toEqual([
      ['¡Vamos!', 'Jugador', false],
      ['Bienvenidos', 'Creadora', false],
    ]);
    expect((await wallOf(owner)).messages.map((m) => m.canDelete)).toEqual([true, true]);
    expect((await wallOf(player)).messages.map((m) => m.canDelete)).toEqual([true, false]);
    expect((await wallOf(owner, `?limit=1`))).toMatchObject({ hasMore: true, messages: [{ id: second.id }] });
    expect((await wallOf(owner, `?limit=1&before=${second.id}`))).toMatchObject({ hasMore: false, messages: [{ id: first.id }] });
  });

  it('lets authors delete their own, the creator and admins any, nobody else', async () => {
    const mine = await post(other, 'me equivoqué');
    expect((await as(player, 'DELETE', `/api/pools/${pool.id}/messages/${mine.id}`)).statusCode).toBe(403);
    expect((await as(stranger, 'DELETE', `/api/pools/${pool.id}/messages/${mine.id}`)).statusCode).toBe(403);
    expect((await as(other, 'DELETE', `/api/pools/${pool.id}/messages/${mine.id}`)).json()).toEqual({ message: 'Mensaje borrado' });
    expect((await as(other, 'DELETE', `/api/pools/${pool.id}/messages/${mine.id}`)).statusCode).toBe(404);
    const byOwner = await post(player, 'algo feo');
    expect((await as(owner, 'DELETE', `/api/pools/${pool.id}/messages/${byOwner.id}`)).statusCode).toBe(200);
    const byAdmin = await post(player, 'otra cosa fea');
    expect((await as(admin, 'DELETE', `/api/pools/${pool.id}/messages/${byAdmin.id}`)).statusCode).toBe(200);
    expect((await wallOf(owner)).messages.map((m) => m.text)).toEqual(['¡Vamos!', 'Bienvenidos']);
  });

  it('answers 200 once to 21 simultaneous deletes of one message, the rest 404', async () => {
    const doomed = await post(other, 'bórrame');
    const statuses = await Promise.all(
      Array.from({ length: 21 }, () => as(other, 'DELETE', `/api/pools/${pool.id}/messages/${doomed.id}`).then((r) => r.statusCode)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(20);
  });

  it('stores injection strings and markup as the text they are', async () => {
    const texts = ["<script>alert('x')</script>", "'); drop table pool_messages; --", '<img src=x onerror=alert(1)> **negrita** &amp;'];
    for (const text of texts) expect((await post(admin, text)).text).toBe(text);
    expect((await wallOf(player)).messages.slice(-3).map((m) => m.text)).toEqual(texts);
  });

  it('refuses empty and over-long messages in Spanish, counting characters as people do', async () => {
    const empty = await as(player, 'POST', `/api/pools/${pool.id}/messages`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: expect.stringContaining('Escribe un mensaje.') });
    const long = await as(player, 'POST', `/api/pools/${pool.id}/messages`, { text: 'a'.repeat(501) });
    expect(long.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('más de 500 caracteres') });
    expect((await post(other, 'ñ'.repeat(500))).text).toHaveLength(500);
  });

  it('comments only matches the pool counts that have kicked off', async () => {
    const later = await t.api.match(admin);
    const refused = await as(player, 'POST', `/api/pools/${pool.id}/messages`, { text: 'pronto', matchId: later.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Solo se comentan partidos de esta quiniela que ya han empezado.' });
    await t.api.result(admin, later, 1, 0);
    const comment = await post(player, '¡Qué golazo!', later.id);
    expect(comment.matchId).toBe(later.id);
    expect((await wallOf(player, `?matchId=${later.id}`)).messages.map((m) => m.text)).toEqual(['¡Qué golazo!']);
    expect((await wallOf(player)).messages.map((m) => m.text)).not.toContain('¡Qué golazo!');
  });

  it('limits each user per minute (429 in Spanish), not the others', async () => {
    const limited = await t.createUser();
    await t.api.join(limited, pool);
    for (let i = 0; i < 5; i += 1) await post(limited, `mensaje ${i}`);
    const over = await as(limited, 'POST', `/api/pools/${pool.id}/messages`, { text: 'uno más' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: 'Estás enviando mensajes demasiado rápido. Espera un momento.' });
    await post(player, 'yo sí puedo');
  });
});
