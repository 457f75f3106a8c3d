import { beforeAll, describe, expect, it } from 'vitest';
import {
  jugadaMessages,
  laQuinielaMessages,
  predictionMessages,
  type CopyReport,
  type JugadaResponse,
  type Match,
  type Pool,
  type Prediction,
  type SignInResponse,
} from '#contract/index';
import { unique } from '#tests/support/factories';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * "Mi jugada" (decision 081) between two La Quiniela pools (decision 082, "Mi jugada and this mode"): the same game,
 * so a player may copy one pool's boleto picks into the other; a copy goes only to a match on one of the target's
 * boletos, in the shape of its line there (a sign on 1–14, the buckets on the Pleno), and a refused copy is explained
 * as the player's own pick there would be.
 */
const t = testAppPerFile({ clock: () => new Date('2026-12-05T10:00:00Z') });
let [admin, owner, ana] = [] as SignInResponse[] as [SignInResponse, SignInResponse, SignInResponse];
let source: Pool;
let target: Pool;
/** m[0]…m[14]: the source's boleto 1 in order; `extra` on the target's boleto only. */
let m: Match[];
let extra: Match;

const game = { mode: 'laQuiniela' as const, joker: false, knockoutFromWeek: null };
const compose = async (pool: Pool, matches: Match[]) => {
  const res = await t.as(owner, 'PUT', `/api/pools/${pool.id}/boletos/1`, { matchIds: matches.map((match) => match.id) });
  expect(res.statusCode, res.body).toBe(200);
};
const save = (pool: Pool, match: Match, pick: object, status = 201) =>
  t.api.call<{ data: Prediction; copies?: CopyReport[] }>(ana, 'POST', '/api/predictions', {
    body: { ...pick, userId: ana.userProfile.id, poolId: pool.id, matchId: match.id },
    status,
  });
const copyOf = (copies: readonly CopyReport[] | undefined, match: Match) => copies?.find((copy) => copy.poolId === target.id && copy.matchId === match.id);

beforeAll(async () => {
  [admin, owner, ana] = await Promise.all([t.createUser({ role: 'admin' }), t.createUser(), t.createUser({ name: 'Ana Jugada' })]);
  const competition = `Segunda ${unique()}`;
  m = [];
  for (let i = 0; i < 15; i++) m.push(await t.api.match(admin, { competition, weekNumber: 20 }));
  extra = await t.api.match(admin, { competition, weekNumber: 20 });
  source = await t.api.pool(owner, { name: 'Peña A', game, players: [ana] });
  target = await t.api.pool(owner, { name: 'Peña B', game, players: [ana] });
  await compose(source, m);
  // The target's boleto: m[14] (the source's Pleno) on line 1, m[1]–m[12] on their lines, `extra` on 14 (m[13] is on
  // none of its boletos) and m[0] (a sign in the source) as its Pleno.
  await compose(target, [m[14]!, ...m.slice(1, 13), extra, m[0]!]);
});

describe('a jugada between two La Quiniela pools', () => {
  it('is allowed (same game), and not into a pool of another mode', async () => {
    const other = await t.api.pool(owner, { name: 'Peña 1X2', players: [ana] });
    const refused = await t.as(ana, 'PUT', `/api/pools/${source.id}/jugada`, { targets: [other.id], sameEverywhere: false });
    expect(refused.statusCode).toBe(409);
  });

  it('copies a pick only to a match on the target’s boleto, in the shape of its line there, and says why not', async () => {
    await save(source, m[0]!, { prediction: 'home' });
    await save(source, m[1]!, { prediction: 'draw' });
    await save(source, m[13]!, { prediction: 'away' });
    await save(source, m[14]!, { scoreHome: 3, scoreAway: 1 });
    const { copies } = await t.api.call<JugadaResponse>(ana, 'PUT', `/api/pools/${source.id}/jugada`, {
      body: { targets: [target.id], sameEverywhere: false },
      status: 200,
    });
    // Line 2 in both: copied.
    expect(copyOf(copies, m[1]!)).toMatchObject({ copied: true, message: jugadaMessages.copied });
    // A sign, where the target has that match as its Pleno; the Pleno's buckets, where the target has a line 1–14.
    expect(copyOf(copies, m[0]!)).toMatchObject({ copied: false, message: laQuinielaMessages.wrongShape });
    expect(copyOf(copies, m[14]!)).toMatchObject({ copied: false, message: laQuinielaMessages.wrongShape });
    // On none of the target's boletos.
    expect(copyOf(copies, m[13]!)).toMatchObject({ copied: false, message: predictionMessages.matchNotInPool });

    const { data } = await t.api.call<{ data: Prediction[] }>(ana, 'GET', '/api/predictions');
    const inTarget = data.filter((pick) => pick.poolId === target.id);
    expect(inTarget.map((pick) => [pick.matchId, pick.prediction, pick.copiedFrom?.poolId])).toEqual([[m[1]!.id, 'draw', source.id]]);

    // A pick saved later in the source follows in its line's shape: a sign on a line both have.
    const later = await save(source, m[2]!, { prediction: 'away' });
    expect(copyOf(later.copies, m[2]!)).toMatchObject({ copied: true });
    // The target's Pleno takes the buckets the player sets there herself.
    await save(target, m[0]!, { scoreHome: 0, scoreAway: 2 });
  });
});
