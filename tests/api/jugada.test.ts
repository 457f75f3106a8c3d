import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_POOL_OPTIONS,
  jugadaMessages,
  poolMessages,
  poolOptionsMessages,
  predictionMessages,
  type CopyReport,
  type CreatePoolBody,
  type JugadaResponse,
  type JugadaState,
  type Match,
  type Pool,
  type PoolOptions,
  type Prediction,
  type SignInResponse,
} from '#contract/index';
import { copyRefusal } from '#server/modules/jugada/copy-rule';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * "Mi jugada" (docs/decisions/081-one-set-of-picks-for-several-pools.md): off by default; a player's picks in one pool
 * copied into their other pools of the same competition and game, each copy admitted by the target's own rules
 * (deadline, scope, mode, membership, edit option, one comodín per jornada), reported per target in Spanish.
 */
const MINUTE = 60_000;
const now = new Date('2026-12-05T10:00:00Z');
const t = testAppPerFile({ clock: () => now });
let admin: SignInResponse;
let owner: SignInResponse;
let ana: SignInResponse;
let competitions = 0;

beforeAll(async () => {
  [admin, owner, ana] = await Promise.all([
    t.createUser({ role: 'admin' }),
    t.createUser(),
    t.createUser({ name: 'Ana Jugada' }),
  ]);
});

const gameOf = (mode: 'outcome' | 'exactScore', joker: boolean): CreatePoolBody['game'] =>
  mode === 'exactScore'
    ? { mode, preset: 'clasica', joker, knockoutFromWeek: null }
    : { mode, joker, knockoutFromWeek: null };

type PoolFields = {
  name?: string;
  options?: Partial<PoolOptions>;
  mode?: 'outcome' | 'exactScore';
  joker?: boolean;
  competition?: string;
  players?: SignInResponse[];
};

/** A jornada 14 of a competition of the test's own: matches kicking off in 60, 120 and 180 minutes. */
async function jornada() {
  const competition = `Jugada ${++competitions}`;
  const games: Match[] = [];
  for (const minutes of [60, 120, 180]) {
    games.push(
      await t.api.match(admin, {
        competition,
        weekNumber: 14,
        matchDate: new Date(now.getTime() + minutes * MINUTE).toISOString(),
      }),
    );
  }
  // The next jornada, for pools that start there.
  await t.api.match(admin, {
    competition,
    weekNumber: 15,
    matchDate: new Date(now.getTime() + 3 * 24 * 60 * MINUTE).toISOString(),
  });
  const pool = ({ name, options = {}, mode = 'outcome', joker = false, players = [ana], ...fields }: PoolFields = {}) =>
    t.api.pool(owner, {
      ...(name ? { name } : {}),
      competition: fields.competition ?? competition,
      fromWeek: 14,
      game: gameOf(mode, joker),
      options: { ...DEFAULT_POOL_OPTIONS, ...options },
      players,
    });
  return { competition, games, pool };
}

const picksOf = async (who: SignInResponse, pool: Pick<Pool, 'id'>) => {
  const { data } = await t.api.call<{ data: Prediction[] }>(who, 'GET', '/api/predictions');
  return new Map(data.filter((p) => p.poolId === pool.id).map((p) => [p.matchId, p]));
};
const pickBody = (who: SignInResponse, pool: Pick<Pool, 'id'>, match: Match, prediction: string) => ({
  prediction,
  userId: who.userProfile.id,
  matchId: match.id,
  poolId: pool.id,
});
/** Saves a pick (201 new, 200 changed): the whole answer. */
const save = (who: SignInResponse, pool: Pick<Pool, 'id'>, match: Match, prediction: string, status = 201) =>
  t.api.call<{ data: Prediction; copies?: CopyReport[] }>(who, 'POST', '/api/predictions', {
    body: pickBody(who, pool, match, prediction),
    status,
  });
const jugada = (
  who: SignInResponse,
  pool: Pick<Pool, 'id'>,
  targets: Pick<Pool, 'id'>[],
  sameEverywhere = false,
  status = 200,
) =>
  t.api.call<JugadaResponse>(who, 'PUT', `/api/pools/${pool.id}/jugada`, {
    body: { targets: targets.map((target) => target.id), sameEverywhere },
    status,
  });
const line = (
  copies: CopyReport[] | undefined,
  pool: Pick<Pool, 'id'>,
  match: Match,
  what: CopyReport['what'] = 'pick',
) => copies?.find((copy) => copy.poolId === pool.id && copy.matchId === match.id && copy.what === what);

describe('without a jugada (the default)', () => {
  it('copies nothing, and every answer is the one it always was', async () => {
    const { games, pool } = await jornada();
    const familia = await pool();
    const oficina = await pool();
    const saved = await save(ana, familia, games[0]!, 'home');
    expect(Object.keys(saved)).toEqual(['data']);
    expect(Object.keys(saved.data).sort()).toEqual(
      ['createdAt', 'id', 'joker', 'matchId', 'poolId', 'prediction', 'scoreAway', 'scoreHome', 'userId'].sort(),
    );
    expect((await picksOf(ana, oficina)).size).toBe(0);
    expect(Object.keys((await picksOf(ana, familia)).get(games[0]!.id)!)).not.toContain('copiedFrom');
    const state = await t.api.call<{ data: JugadaState }>(ana, 'GET', `/api/pools/${familia.id}/jugada`);
    expect(state.data).toEqual({ jugada: null, compatible: [{ poolId: oficina.id, poolName: oficina.name }] });
  });
});

describe('who may', () => {
  it('answers 401 without a session, 404 for a pool one does not play in or a target one is not in (nothing copied), 409 for another game, 400 for no target', async () => {
    const { games, pool } = await jornada();
    const familia = await pool();
    const ajena = await pool({ players: [] });
    const exacto = await pool({ mode: 'exactScore' });
    await t.api.match(admin, { competition: `Otra ${competitions}`, weekNumber: 14 });
    const otraLiga = await pool({ competition: `Otra ${competitions}` });
    await save(ana, familia, games[0]!, 'home');

    expect((await t.app.inject({ method: 'GET', url: `/api/pools/${familia.id}/jugada` })).statusCode).toBe(401);
    for (const [method, path] of [
      ['GET', `/api/pools/${ajena.id}/jugada`],
      ['DELETE', `/api/pools/${ajena.id}/jugada`],
      ['GET', '/api/pools/999999/jugada'],
    ] as const) {
      const answer = await t.api.call<{ message: string }>(ana, method, path, { status: 404 });
      expect(answer.message).toBe(poolMessages.notFound);
    }
    const stranger = await t.api.call<{ message: string }>(ana, 'PUT', `/api/pools/${familia.id}/jugada`, {
      body: { targets: [ajena.id] },
      status: 404,
    });
    expect(stranger.message).toBe(poolMessages.notFound);
    expect(
      (
        await t.api.call<{ message: string }>(ana, 'PUT', `/api/pools/${familia.id}/jugada`, {
          body: { targets: [999999] },
          status: 404,
        })
      ).message,
    ).toBe(poolMessages.notFound);
    // The source a stranger's pool, with one's own pool as target: 404 too.
    await t.api.call(ana, 'PUT', `/api/pools/${ajena.id}/jugada`, { body: { targets: [familia.id] }, status: 404 });
    for (const other of [exacto, otraLiga, familia]) {
      const refused = await t.api.call<{ message: string }>(ana, 'PUT', `/api/pools/${familia.id}/jugada`, {
        body: { targets: [other.id] },
        status: 409,
      });
      expect(refused.message).toBe(jugadaMessages.notCompatible);
    }
    const empty = await t.api.call<{ message: string }>(ana, 'PUT', `/api/pools/${familia.id}/jugada`, {
      body: { targets: [] },
      status: 400,
    });
    expect(empty.message).toContain(jugadaMessages.noTargets);
    expect((await picksOf(ana, ajena)).size).toBe(0);
    expect(
      (await t.api.call<{ data: JugadaState }>(ana, 'GET', `/api/pools/${familia.id}/jugada`)).data.jugada,
    ).toBeNull();
    // Only the other compatible pool is offered.
    expect(
      (await t.api.call<{ data: JugadaState }>(ana, 'GET', `/api/pools/${familia.id}/jugada`)).data.compatible,
    ).toEqual([]);
  });
});

describe('a jugada', () => {
  it("copies the open picks into each target by the target's own deadline, and says where each came from", async () => {
    const { games, pool } = await jornada();
    const familia = await pool({ name: `Peña Familia ${competitions}` });
    const oficina = await pool({ name: `Oficina ${competitions}` });
    // Closes 90 minutes before each kick-off: the first match (in 60) is closed there, the others open.
    const temprana = await pool({ name: `Temprana ${competitions}`, options: { closeMinutesBefore: 90 } });
    await save(ana, familia, games[0]!, 'home');
    await save(ana, familia, games[1]!, 'draw');

    const { data, copies } = await jugada(ana, familia, [oficina, temprana]);
    expect(data.jugada).toMatchObject({ sourcePoolId: familia.id, sameEverywhere: false });
    expect(data.jugada!.targets.map((target) => target.poolId).sort()).toEqual([oficina.id, temprana.id].sort());
    expect(line(copies, oficina, games[0]!)).toMatchObject({ copied: true, message: jugadaMessages.copied });
    expect(line(copies, oficina, games[1]!)).toMatchObject({ copied: true });
    expect(line(copies, temprana, games[0]!)).toMatchObject({
      copied: false,
      message: poolOptionsMessages.picksClosed,
    });
    expect(line(copies, temprana, games[1]!)).toMatchObject({ copied: true });

    const copied = await picksOf(ana, oficina);
    expect(copied.get(games[0]!.id)).toMatchObject({
      prediction: 'home',
      copiedFrom: { poolId: familia.id, poolName: familia.name },
    });
    expect((await picksOf(ana, temprana)).has(games[0]!.id)).toBe(false);
    // The source's own picks are not marked.
    expect((await picksOf(ana, familia)).get(games[0]!.id)!.copiedFrom).toBeUndefined();

    // A pick saved later in the source goes too, answered with the report.
    const later = await save(ana, familia, games[2]!, 'away');
    expect(later.copies?.map((copy) => [copy.poolId, copy.copied]).sort()).toEqual(
      [
        [oficina.id, true],
        [temprana.id, true],
      ].sort(),
    );
    // The other pools see the jugada, not as theirs.
    const fromTarget = await t.api.call<{ data: JugadaState }>(ana, 'GET', `/api/pools/${oficina.id}/jugada`);
    expect(fromTarget.data.jugada?.sourcePoolId).toBe(familia.id);
    // A pick saved in a target is not copied anywhere.
    expect(Object.keys(await save(ana, oficina, games[2]!, 'home', 409).catch(() => ({})))).not.toContain('copies');
  });

  it('never changes a pick a target does not let change; a change in the source follows only with "usar la misma jugada en todas"', async () => {
    const { games, pool } = await jornada();
    const familia = await pool({ options: { editUntilKickoff: true } });
    const fija = await pool(); // the specification's: a saved pick cannot change
    const flexible = await pool({ options: { editUntilKickoff: true } });
    await save(ana, fija, games[0]!, 'away');
    await save(ana, flexible, games[0]!, 'away');
    await save(ana, familia, games[0]!, 'home');

    const { copies } = await jugada(ana, familia, [fija, flexible]);
    expect(line(copies, fija, games[0]!)).toMatchObject({ copied: false, message: jugadaMessages.locked });
    expect(line(copies, flexible, games[0]!)).toMatchObject({ copied: false, message: jugadaMessages.kept });
    expect((await picksOf(ana, fija)).get(games[0]!.id)!.prediction).toBe('away');
    expect((await picksOf(ana, flexible)).get(games[0]!.id)!.prediction).toBe('away');

    // A new pick is copied; changed in the source later, it stays changed there only.
    await save(ana, familia, games[1]!, 'home');
    const changed = await save(ana, familia, games[1]!, 'draw', 200);
    expect(line(changed.copies, flexible, games[1]!)).toMatchObject({ copied: false, message: jugadaMessages.kept });
    expect((await picksOf(ana, flexible)).get(games[1]!.id)!.prediction).toBe('home');

    // "Usar la misma jugada en todas": the change follows where the target lets a pick change, nowhere else.
    await jugada(ana, familia, [fija, flexible], true);
    const same = await save(ana, familia, games[1]!, 'away', 200);
    expect(line(same.copies, flexible, games[1]!)).toMatchObject({ copied: true, message: jugadaMessages.changed });
    expect(line(same.copies, fija, games[1]!)).toMatchObject({ copied: false, message: jugadaMessages.locked });
    expect((await picksOf(ana, flexible)).get(games[1]!.id)!.prediction).toBe('away');
    expect((await picksOf(ana, fija)).get(games[1]!.id)!.prediction).toBe('home');

    // A pick changed in a target is the player's own there: the mark goes, and the source is not touched.
    const own = await save(ana, flexible, games[1]!, 'home', 200);
    expect(own.copies).toBeUndefined();
    expect((await picksOf(ana, flexible)).get(games[1]!.id)!.copiedFrom).toBeUndefined();
    expect((await picksOf(ana, familia)).get(games[1]!.id)!.prediction).toBe('away');
  });

  it('copies the comodín only where the target plays it and has none in that jornada yet', async () => {
    const { games, pool } = await jornada();
    const familia = await pool({ joker: true });
    const conComodin = await pool({ joker: true });
    const yaTiene = await pool({ joker: true });
    const sinComodin = await pool();
    await save(ana, yaTiene, games[1]!, 'draw');
    await t.api.joker(ana, yaTiene, games[1]!);
    await save(ana, familia, games[0]!, 'home');
    await jugada(ana, familia, [conComodin, yaTiene, sinComodin]);

    const answer = await t.api.call<{ data: Prediction; copies?: CopyReport[] }>(
      ana,
      'PUT',
      `/api/predictions/pool/${familia.id}/joker`,
      {
        body: { matchId: games[0]!.id, joker: true },
      },
    );
    expect(line(answer.copies, conComodin, games[0]!, 'joker')).toMatchObject({
      copied: true,
      message: jugadaMessages.jokerCopied,
    });
    expect(line(answer.copies, yaTiene, games[0]!, 'joker')).toMatchObject({
      copied: false,
      message: predictionMessages.jokerHeld,
    });
    expect(line(answer.copies, sinComodin, games[0]!, 'joker')).toMatchObject({
      copied: false,
      message: predictionMessages.jokerOff,
    });
    expect((await picksOf(ana, conComodin)).get(games[0]!.id)!.joker).toBe(true);
    const held = await picksOf(ana, yaTiene);
    expect([held.get(games[0]!.id)!.joker, held.get(games[1]!.id)!.joker]).toEqual([false, true]);
    expect([...(await picksOf(ana, sinComodin)).values()].some((p) => p.joker)).toBe(false);

    // Moved in the source, the comodín stays where it is in a target (one per jornada per pool).
    await save(ana, familia, games[2]!, 'away');
    const moved = await t.api.call<{ copies?: CopyReport[] }>(ana, 'PUT', `/api/predictions/pool/${familia.id}/joker`, {
      body: { matchId: games[2]!.id, joker: true },
    });
    expect(line(moved.copies, conComodin, games[2]!, 'joker')).toMatchObject({
      copied: false,
      message: predictionMessages.jokerHeld,
    });
    for (const target of [conComodin, yaTiene]) {
      expect([...(await picksOf(ana, target)).values()].filter((p) => p.joker)).toHaveLength(1);
    }
    // Choosing the jugada again copies the source's comodín where the target has none.
    const again = await pool({ joker: true });
    const { copies } = await jugada(ana, familia, [again]);
    expect(line(copies, again, games[2]!, 'joker')).toMatchObject({ copied: true });
    expect([...(await picksOf(ana, again)).values()].filter((p) => p.joker).map((p) => p.matchId)).toEqual([
      games[2]!.id,
    ]);
  });

  it('never copies into a pool the player no longer plays in, nor names it; ended, nothing more is copied', async () => {
    const { games, pool } = await jornada();
    const familia = await pool();
    const oficina = await pool();
    const club = await pool();
    await jugada(ana, familia, [oficina, club]);
    await t.api.call(owner, 'DELETE', `/api/pools/${club.id}/participants/${ana.userProfile.id}`);
    const saved = await save(ana, familia, games[0]!, 'home');
    expect(saved.copies?.map((copy) => copy.poolId)).toEqual([oficina.id]);
    expect(
      (await t.api.call<{ data: JugadaState }>(ana, 'GET', `/api/pools/${familia.id}/jugada`)).data.jugada!.targets.map(
        (x) => x.poolId,
      ),
    ).toEqual([oficina.id]);
    // An inactive target refuses the copy, as it refuses a pick.
    await t.api.call(owner, 'PATCH', `/api/pools/${oficina.id}`, { body: { isActive: false } });
    expect(line((await save(ana, familia, games[1]!, 'home')).copies, oficina, games[1]!)).toMatchObject({
      copied: false,
      message: poolMessages.inactive,
    });
    await t.api.call(ana, 'DELETE', `/api/pools/${familia.id}/jugada`);
    await t.api.call(ana, 'DELETE', `/api/pools/${familia.id}/jugada`, { status: 404 });
    expect(Object.keys(await save(ana, familia, games[2]!, 'home'))).toEqual(['data']);
  });
});

describe('the copy rule, on random pools', () => {
  it("copies a pick iff the target's admission accepts it, and never changes a pick the target does not let change", async () => {
    const target = fc.record({
      mode: fc.constantFrom('outcome' as const, 'exactScore' as const),
      closeMinutesBefore: fc.constantFrom(0, 30, 90, 150),
      editUntilKickoff: fc.boolean(),
      isActive: fc.boolean(),
      member: fc.boolean(),
      fromWeek: fc.constantFrom(14, 15),
      existing: fc.constantFrom(null, 'home' as const, 'away' as const),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(target, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom(0, 1, 2),
        async (targets, sameEverywhere, which) => {
          const { competition, games, pool } = await jornada();
          const match = games[which]!;
          const familia = await pool({ options: { editUntilKickoff: true } });
          const made: { pool: Pool; spec: (typeof targets)[number] }[] = [];
          for (const spec of targets) {
            const created = await t.api.pool(owner, {
              competition,
              fromWeek: spec.fromWeek,
              game: gameOf(spec.mode, false),
              options: {
                ...DEFAULT_POOL_OPTIONS,
                closeMinutesBefore: spec.closeMinutesBefore,
                editUntilKickoff: spec.editUntilKickoff,
              },
              players: [ana],
            });
            made.push({ pool: created, spec });
          }
          // A jugada whose targets are all outcome pools of week 1 first (so that it may be chosen), then the pools as the case says.
          await save(ana, familia, games[0]!, 'draw').catch(() => undefined);
          const compatible = made.filter(({ spec }) => spec.mode === 'outcome');
          for (const { pool: created, spec } of made) {
            if (
              spec.existing &&
              spec.mode === 'outcome' &&
              spec.closeMinutesBefore < 60 * (which + 1) &&
              spec.fromWeek === 14
            ) {
              await save(ana, created, match, spec.existing);
            }
          }
          if (compatible.length > 0)
            await jugada(
              ana,
              familia,
              compatible.map(({ pool: created }) => created),
              sameEverywhere,
            );
          for (const { pool: created, spec } of made) {
            if (!spec.isActive)
              await t.api.call(owner, 'PATCH', `/api/pools/${created.id}`, { body: { isActive: false } });
            if (!spec.member)
              await t.api.call(owner, 'DELETE', `/api/pools/${created.id}/participants/${ana.userProfile.id}`);
          }
          const before = new Map(
            await Promise.all(
              made.map(async ({ pool: created }) => [created.id, (await picksOf(ana, created)).get(match.id)] as const),
            ),
          );
          const existed = await picksOf(ana, familia);
          const saved = await save(ana, familia, match, 'home', existed.has(match.id) ? 200 : 201);

          for (const { pool: created, spec } of made) {
            const prior = before.get(created.id);
            const after = (await picksOf(ana, created)).get(match.id);
            const inJugada = compatible.some((c) => c.pool.id === created.id) && spec.member;
            const expected =
              inJugada &&
              copyRefusal({
                pool: { ...created, isActive: spec.isActive },
                match,
                userId: ana.userProfile.id,
                mode: 'outcome',
                isParticipant: spec.member,
                now: now.getTime(),
                existing: prior !== undefined,
                replaces: sameEverywhere,
              }) === null;
            const report = line(saved.copies, created, match);
            expect(report?.copied ?? false, JSON.stringify({ spec, sameEverywhere, report })).toBe(expected);
            if (expected) expect(after).toMatchObject({ prediction: 'home', copiedFrom: { poolId: familia.id } });
            else if (spec.member) expect(after?.prediction).toBe(prior?.prediction);
            if (!spec.editUntilKickoff && prior) expect(after).toEqual(prior);
            // A pool the player left is never in the report.
            if (!spec.member) expect(report).toBeUndefined();
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
