import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match, Pool, Prediction, SignInResponse } from '#contract/index';
import { signUnsubscribe } from '#server/modules/mail/unsubscribe-tokens';
import { openLiveStream } from '#tests/support/live-stream';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Every endpoint × {anonymous, other user, participant, creator, admin}. The list of
 * endpoints comes from the OpenAPI document, so a new endpoint without a row here
 * fails the "every endpoint has a row" test. Denied answers must not leak the pool's
 * invitation code or anybody's e-mail.
 */
type Actor = 'anonymous' | 'other' | 'participant' | 'creator' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'other', 'participant', 'creator', 'admin'];
type Expected = 'ok' | 400 | 401 | 403 | 404 | 409;

interface Call {
  url: string;
  payload?: object;
  /** A different token for this call (a fresh user of the same role), when the call uses it up. */
  token?: string | null;
  /** A server-sent events stream: asked over HTTP, its status read and the stream closed (inject would wait for its end). */
  stream?: boolean;
}
interface Row {
  call: (actor: Actor) => Promise<Call> | Call;
  expect: Record<Actor, Expected>;
}

const now = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
const users = {} as Record<Exclude<Actor, 'anonymous'>, SignInResponse>;
let host: SignInResponse;
let pool: Pool;
let jokerPool: Pool;
let futureMatch: Match;
let startedMatch: Match;
let hiddenPick: Prediction;
let teamIds: [number, number];
let codes = 400000;
let week = 1;

const tokenOf = (actor: Actor) => (actor === 'anonymous' ? null : users[actor].session.accessToken);
const idOf = (actor: Actor) => (actor === 'anonymous' ? 1 : users[actor].userProfile.id);

async function call(token: string | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

let base: string | undefined;
/** A refusal answers JSON; a member gets the stream, opened and closed as the app does (tests/support/live-stream.ts). */
async function streamCall(token: string | null, url: string) {
  base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (token === null) {
    const res = await fetch(`${base}${url}`);
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown };
  }
  const poolId = Number(url.split('/').at(-1));
  const stream = await openLiveStream(base, token, poolId);
  if (stream.status === 200) await stream.next((e) => e.kind === 'ready');
  const body = stream.status === 200 ? '' : JSON.stringify(stream.refusal);
  stream.close();
  return { statusCode: stream.status, body, json: () => stream.refusal };
}

async function ok<T>(token: string, method: string, url: string, payload?: object): Promise<T> {
  const res = await call(token, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: T }>().data;
}

const admin = () => users.admin.session.accessToken;
/** A match between two teams of its own, so that its fixture is never taken. */
const newMatch = (matchDate = '2026-12-20T20:00:00Z') => t.api.match(users.admin, { matchDate });
const newMatchIn = (competition: string) => t.api.match(users.admin, { matchDate: '2026-12-20T20:00:00Z', competition });
/** A pool of the creator's with a bote and a player of its own: the paid mark a call sets or clears. */
async function potPayment() {
  const player = await t.createUser();
  const own = await t.api.pool(users.creator, { players: [player] });
  await ok(users.creator.session.accessToken, 'PUT', `/api/pools/${own.id}/pot`, { entryCents: 1000, positionShares: [100] });
  return { url: `/api/pools/${own.id}/pot/payments/${player.userProfile.id}` };
}
/** A free bonus question of the matrix's pool, open until 2030 (or already closed: settled by the organiser only). */
async function bonusQuestion(closed = false) {
  const question = await ok<{ id: number }>(users.creator.session.accessToken, 'POST', `/api/pools/${pool.id}/bonus`, {
    kind: 'free',
    points: 1,
    prompt: '¿Matriz?',
    closesAt: '2030-01-01T00:00:00Z',
  });
  if (closed) await t.db.execute(sql`update bonus_questions set closes_at = ${now.toISOString()}::timestamptz - interval '1 minute' where id = ${question.id}`);
  return `/api/pools/${pool.id}/bonus/${question.id}`;
}
let closedBonus: Promise<string> | undefined;
/** One closed question for every actor's settling and reading of answers (a pool holds at most 20 questions). */
const closedBonusQuestion = () => (closedBonus ??= bonusQuestion(true));
/** Two pools of the host's the participant plays in (the same game): "Mi jugada" from the first, to the second (with `chosen`). */
async function jugadaPools(chosen = false) {
  const [source, target] = [
    await t.api.pool(host, { players: [users.participant] }),
    await t.api.pool(host, { players: [users.participant] }),
  ];
  if (chosen) await ok(users.participant.session.accessToken, 'PUT', `/api/pools/${source.id}/jugada`, { targets: [target.id] });
  return { url: `/api/pools/${source.id}/jugada`, payload: { targets: [target.id] } };
}
/** The caller's own jugada, in a pool they play in: 404 for anyone else, as for a pool that does not exist. */
const ownJugada: Record<Actor, Expected> = { anonymous: 401, other: 404, participant: 'ok', creator: 404, admin: 404 };
const sameRole = async (actor: Actor) =>
  actor === 'anonymous' ? null : (await t.createUser({ role: actor === 'admin' ? 'admin' : 'user' })).session.accessToken;

/** A fresh account's link, as the mail would carry it (this server sends none: made straight in the database). */
const linkToken = async (purpose: 'password-reset' | 'email-confirmation') => {
  const { userProfile } = await t.createUser();
  return t.app.services.repositories.accountTokens.issue(t.db, {
    userId: userProfile.id,
    purpose,
    email: userProfile.email,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
};

const everyone = (expected: Expected): Record<Actor, Expected> => ({ anonymous: expected, other: expected, participant: expected, creator: expected, admin: expected });
const signedIn = (expected: Expected): Record<Actor, Expected> => ({ ...everyone(expected), anonymous: 401 });
const adminOnly: Record<Actor, Expected> = { ...signedIn(403), admin: 'ok' };
const members: Record<Actor, Expected> = { anonymous: 401, other: 403, participant: 'ok', creator: 'ok', admin: 'ok' };
const creatorOrAdmin: Record<Actor, Expected> = { anonymous: 401, other: 403, participant: 403, creator: 'ok', admin: 'ok' };
const selfParticipant: Record<Actor, Expected> = { anonymous: 401, other: 403, participant: 'ok', creator: 403, admin: 'ok' };
// The bonus questions answer 404 to someone outside the pool (decision 080).
const bonusMembers: Record<Actor, Expected> = { anonymous: 401, other: 404, participant: 'ok', creator: 'ok', admin: 'ok' };
const bonusOrganiser: Record<Actor, Expected> = { anonymous: 401, other: 404, participant: 403, creator: 'ok', admin: 'ok' };

/** A La Quiniela pool (decision 082) of the creator's, with the participant, and its boleto 1 of 15 open matches. */
let laQuinielaPool: Promise<{ pool: Pool; matchIds: number[] }> | undefined;
const laQuiniela = () =>
  (laQuinielaPool ??= (async () => {
    const own = await t.api.pool(users.creator, { players: [users.participant], game: { mode: 'laQuiniela', joker: false, knockoutFromWeek: null } });
    const matchIds: number[] = [];
    for (let i = 0; i < 15; i++) matchIds.push((await newMatch()).id);
    await ok(users.creator.session.accessToken, 'PUT', `/api/pools/${own.id}/boletos/1`, { matchIds });
    return { pool: own, matchIds };
  })());

const matrix: Record<string, Row> = {
  'GET /health': { call: () => ({ url: '/health' }), expect: everyone('ok') },
  'POST /auth/signup': {
    call: () => ({ url: '/auth/signup', payload: { name: 'Nuevo', email: `nuevo${codes++}@example.com`, password: 'clave-segura-1' } }),
    expect: everyone('ok'),
  },
  'POST /auth/signin': { call: () => ({ url: '/auth/signin', payload: { email: 'matriz@example.com', password: 'clave-matriz-1' } }), expect: everyone('ok') },
  'POST /auth/login': { call: () => ({ url: '/auth/login', payload: { email: 'matriz@example.com', password: 'clave-matriz-1' } }), expect: everyone('ok') },
  'GET /auth/profile': { call: () => ({ url: '/auth/profile' }), expect: signedIn('ok') },
  // This server sends no mail: nothing is offered by it, a reset by mail is refused alike for everyone.
  'GET /auth/mail/availability': { call: () => ({ url: '/auth/mail/availability' }), expect: everyone('ok') },
  'POST /auth/password-reset': { call: () => ({ url: '/auth/password-reset', payload: { email: 'matriz@example.com' } }), expect: everyone(409) },
  // A mailed link is its own proof: whoever holds it, signed in or not, uses it.
  'POST /auth/password-reset/confirm': {
    call: async () => ({ url: '/auth/password-reset/confirm', payload: { token: await linkToken('password-reset'), password: 'clave-nueva-1' } }),
    expect: everyone('ok'),
  },
  'POST /auth/email-confirmation': {
    call: async () => ({ url: '/auth/email-confirmation', payload: { token: await linkToken('email-confirmation') } }),
    expect: everyone('ok'),
  },
  'POST /api/mail/unsubscribe': {
    call: async () => {
      const key = await t.app.services.unsubscribeKeys.get();
      return { url: `/api/mail/unsubscribe?token=${signUnsubscribe(key, { userId: users.participant.userProfile.id, poolId: pool.id, kind: 'missing-picks' })}` };
    },
    expect: everyone('ok'),
  },
  'GET /api/admin/mail': { call: () => ({ url: '/api/admin/mail' }), expect: adminOnly },
  'POST /auth/signout': { call: async (actor) => ({ url: '/auth/signout', token: await sameRole(actor) }), expect: signedIn('ok') },
  'POST /auth/passkeys/register/options': { call: () => ({ url: '/auth/passkeys/register/options' }), expect: signedIn('ok') },
  'POST /auth/passkeys/register/verify': {
    call: () => ({ url: '/auth/passkeys/register/verify', payload: { response: {} } }),
    expect: signedIn(400),
  },
  'POST /auth/passkeys/login/options': { call: () => ({ url: '/auth/passkeys/login/options', payload: {} }), expect: everyone('ok') },
  'POST /auth/passkeys/login/verify': { call: () => ({ url: '/auth/passkeys/login/verify', payload: { response: {} } }), expect: everyone(400) },
  'GET /auth/passkeys/availability': { call: () => ({ url: '/auth/passkeys/availability' }), expect: everyone('ok') },
  'GET /auth/passkeys': { call: () => ({ url: '/auth/passkeys' }), expect: signedIn('ok') },
  'DELETE /auth/passkeys/{id}': { call: () => ({ url: '/auth/passkeys/c29tZW9uZS1lbHNlcw' }), expect: signedIn(404) },

  'GET /api/confederations': { call: () => ({ url: '/api/confederations' }), expect: signedIn('ok') },
  'GET /api/confederations/{id}': { call: async () => ({ url: `/api/confederations/${(await ok<{ id: number }[]>(admin(), 'GET', '/api/confederations'))[0]!.id}` }), expect: signedIn('ok') },
  'POST /api/confederations': { call: () => ({ url: '/api/confederations', payload: { code: `C${'ABCDEFGHIJ'[codes++ % 10]}${'KLMNOPQRST'[codes % 10]}`, name: 'Matriz' } }), expect: adminOnly },
  'PATCH /api/confederations/{id}': {
    call: async () => ({ url: `/api/confederations/${(await ok<{ id: number }>(admin(), 'POST', '/api/confederations', { code: `P${codes++}`.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!), name: 'x' })).id}`, payload: { name: 'Editada' } }),
    expect: adminOnly,
  },
  'DELETE /api/confederations/{id}': {
    call: async () => ({ url: `/api/confederations/${(await ok<{ id: number }>(admin(), 'POST', '/api/confederations', { code: `D${codes++}`.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!), name: 'x' })).id}` }),
    expect: adminOnly,
  },
  'GET /api/teams': { call: () => ({ url: '/api/teams' }), expect: signedIn('ok') },
  'GET /api/teams/{id}': { call: () => ({ url: `/api/teams/${teamIds[0]}` }), expect: signedIn('ok') },
  'POST /api/teams': { call: () => ({ url: '/api/teams', payload: { name: 'Equipo nuevo' } }), expect: adminOnly },
  'PATCH /api/teams/{id}': { call: () => ({ url: `/api/teams/${teamIds[0]}`, payload: { isActive: true } }), expect: adminOnly },
  'DELETE /api/teams/{id}': {
    call: async () => ({ url: `/api/teams/${(await ok<{ id: number }>(admin(), 'POST', '/api/teams', { name: 'Efímero' })).id}` }),
    expect: adminOnly,
  },
  'GET /api/matches': { call: () => ({ url: '/api/matches' }), expect: signedIn('ok') },
  'GET /api/matches/{id}': { call: () => ({ url: `/api/matches/${futureMatch.id}` }), expect: signedIn('ok') },
  'POST /api/matches': {
    call: () => ({ url: '/api/matches', payload: { weekNumber: week++, matchDate: '2026-12-24T20:00:00Z', homeTeamId: teamIds[0], awayTeamId: teamIds[1] } }),
    expect: adminOnly,
  },
  'PATCH /api/matches/{id}': { call: () => ({ url: `/api/matches/${futureMatch.id}`, payload: { kickoffConfirmed: true } }), expect: adminOnly },
  'DELETE /api/matches/{id}': { call: async () => ({ url: `/api/matches/${(await newMatch()).id}` }), expect: adminOnly },

  'POST /api/pools': {
    call: async (actor) => {
      const token = await sameRole(actor);
      const id = token ? (await ok<{ id: number }>(token, 'GET', '/auth/profile')).id : 1;
      return { url: '/api/pools', token, payload: { name: 'Nueva', invitationCode: codes++, creatorId: id } };
    },
    expect: signedIn('ok'),
  },
  'POST /api/pools/join': {
    call: async (actor) => ({ url: '/api/pools/join', payload: { invitationCode: (await t.api.pool(host)).invitationCode, userId: idOf(actor) } }),
    expect: signedIn('ok'),
  },
  'GET /api/pools/invitation/{invitationCode}': { call: () => ({ url: `/api/pools/invitation/${pool.invitationCode}` }), expect: signedIn('ok') },
  'GET /api/pools': { call: () => ({ url: '/api/pools' }), expect: signedIn('ok') },
  'GET /api/pools/user/{userId}/joined': { call: () => ({ url: `/api/pools/user/${users.participant.userProfile.id}/joined` }), expect: selfParticipant },
  'GET /api/pools/user/{userId}/owned': { call: () => ({ url: `/api/pools/user/${users.creator.userProfile.id}/owned` }), expect: creatorOrAdmin },
  'GET /api/pools/{id}': { call: () => ({ url: `/api/pools/${pool.id}` }), expect: members },
  'GET /api/pools/{id}/calendar': { call: () => ({ url: `/api/pools/${pool.id}/calendar` }), expect: members },
  // A calendar's address is its own proof (calendar apps send no session): whoever holds it reads the calendar.
  'GET /api/calendar/{token}.ics': {
    call: async () => ({ url: new URL((await ok<{ url: string }>(users.participant.session.accessToken, 'GET', `/api/pools/${pool.id}/calendar`)).url).pathname }),
    expect: everyone('ok'),
  },
  'GET /api/pools/{id}/participants/{userId}': { call: (actor) => ({ url: `/api/pools/${pool.id}/participants/${idOf(actor)}` }), expect: creatorOrAdmin },
  'GET /api/pools/{id}/jugada': { call: () => jugadaPools(), expect: ownJugada },
  'PUT /api/pools/{id}/jugada': { call: () => jugadaPools(), expect: ownJugada },
  'DELETE /api/pools/{id}/jugada': { call: () => jugadaPools(true), expect: ownJugada },
  'GET /api/pools/{id}/pot': { call: () => ({ url: `/api/pools/${pool.id}/pot` }), expect: members },
  'PUT /api/pools/{id}/pot': {
    call: () => ({ url: `/api/pools/${pool.id}/pot`, payload: { entryCents: 1000, positionShares: [100] } }),
    expect: creatorOrAdmin,
  },
  'DELETE /api/pools/{id}/pot': { call: () => ({ url: `/api/pools/${pool.id}/pot` }), expect: creatorOrAdmin },
  'PUT /api/pools/{id}/pot/payments/{userId}': { call: () => potPayment(), expect: creatorOrAdmin },
  'DELETE /api/pools/{id}/pot/payments/{userId}': { call: () => potPayment(), expect: creatorOrAdmin },
  'GET /api/pools/{id}/bonus': { call: () => ({ url: `/api/pools/${pool.id}/bonus` }), expect: bonusMembers },
  'POST /api/pools/{id}/bonus': {
    call: () => ({ url: `/api/pools/${pool.id}/bonus`, payload: { kind: 'free', points: 1, prompt: '¿Otra?', closesAt: '2030-01-01T00:00:00Z' } }),
    expect: bonusOrganiser,
  },
  'PUT /api/pools/{id}/bonus/{questionId}': {
    call: async () => ({ url: await bonusQuestion(), payload: { kind: 'free', points: 2, prompt: '¿Cambiada?', closesAt: '2030-01-01T00:00:00Z' } }),
    expect: bonusOrganiser,
  },
  'DELETE /api/pools/{id}/bonus/{questionId}': { call: async () => ({ url: await bonusQuestion() }), expect: bonusOrganiser },
  'PUT /api/pools/{id}/bonus/{questionId}/answer': {
    call: async () => ({ url: `${await bonusQuestion()}/answer`, payload: { text: 'Sí' } }),
    // Only a participant answers: the creator (who does not play here) and an admin are refused.
    expect: { ...bonusMembers, creator: 403, admin: 403 },
  },
  'PUT /api/pools/{id}/bonus/{questionId}/settle': {
    call: async () => ({ url: `${await closedBonusQuestion()}/settle`, payload: { texts: ['Sí'] } }),
    expect: bonusOrganiser,
  },
  'GET /api/pools/{id}/bonus/{questionId}/answers': {
    call: async () => ({ url: `${await closedBonusQuestion()}/answers` }),
    expect: bonusMembers,
  },
  'GET /api/pools/{id}/boletos': { call: async () => ({ url: `/api/pools/${(await laQuiniela()).pool.id}/boletos` }), expect: members },
  'GET /api/pools/{id}/boletos/{number}': { call: async () => ({ url: `/api/pools/${(await laQuiniela()).pool.id}/boletos/1` }), expect: members },
  'PUT /api/pools/{id}/boletos/{number}': {
    call: async () => {
      const { pool: own, matchIds } = await laQuiniela();
      return { url: `/api/pools/${own.id}/boletos/1`, payload: { matchIds } };
    },
    expect: creatorOrAdmin,
  },
  'PUT /api/pools/{id}/rules': {
    call: async () => {
      // A pool of a match of its own, far ahead: its rules are still open.
      const ahead = await newMatch('2027-06-01T20:00:00Z');
      const fresh = await t.api.pool(users.creator, { competition: ahead.competition, fromWeek: ahead.weekNumber });
      return { url: `/api/pools/${fresh.id}/rules`, payload: { options: { editUntilKickoff: true } } };
    },
    expect: creatorOrAdmin,
  },
  'DELETE /api/pools/{id}/participants/{userId}': {
    call: async () => {
      const player = await t.createUser();
      const shared = await t.api.pool(users.creator, { players: [player] });
      return { url: `/api/pools/${shared.id}/participants/${player.userProfile.id}` };
    },
    expect: creatorOrAdmin,
  },
  'GET /api/pools/notices': { call: () => ({ url: '/api/pools/notices' }), expect: signedIn('ok') },
  'DELETE /api/pools/notices/{id}': {
    call: async () => {
      // The participant is removed from a pool of the host's: the notice is theirs alone.
      const left = await t.api.pool(host, { players: [users.participant] });
      await ok(host.session.accessToken, 'DELETE', `/api/pools/${left.id}/participants/${users.participant.userProfile.id}`);
      const notices = await ok<{ notices: { id: number }[] }>(users.participant.session.accessToken, 'GET', '/api/pools/notices');
      return { url: `/api/pools/notices/${notices.notices.at(-1)!.id}` };
    },
    expect: { anonymous: 401, other: 404, participant: 'ok', creator: 404, admin: 404 },
  },
  // Its creator or an admin (this server sends no mail: 409 once allowed).
  'POST /api/pools/{id}/invitations': {
    call: () => ({ url: `/api/pools/${pool.id}/invitations`, payload: { emails: ['invitada@example.org'] } }),
    expect: { anonymous: 401, other: 403, participant: 403, creator: 409, admin: 409 },
  },
  'PATCH /api/pools/{id}': { call: () => ({ url: `/api/pools/${pool.id}`, payload: { description: 'Editada' } }), expect: creatorOrAdmin },
  'DELETE /api/pools/{id}': {
    call: async () => {
      const doomed = await t.api.pool(users.creator, { players: [users.participant] });
      return { url: `/api/pools/${doomed.id}` };
    },
    expect: creatorOrAdmin,
  },

  'POST /api/predictions': {
    call: async (actor) => ({ url: '/api/predictions', payload: { prediction: 'home', userId: idOf(actor), matchId: (await newMatch()).id, poolId: pool.id } }),
    expect: { anonymous: 401, other: 403, participant: 'ok', creator: 403, admin: 403 },
  },
  'GET /api/predictions': { call: () => ({ url: '/api/predictions' }), expect: signedIn('ok') },
  'GET /api/predictions/user/{userId}': { call: () => ({ url: `/api/predictions/user/${users.participant.userProfile.id}` }), expect: selfParticipant },
  'GET /api/predictions/pool/{poolId}/match/{matchId}': { call: () => ({ url: `/api/predictions/pool/${pool.id}/match/${startedMatch.id}` }), expect: members },
  'GET /api/predictions/pool/{poolId}/results': { call: () => ({ url: `/api/predictions/pool/${pool.id}/results` }), expect: members },
  'GET /api/predictions/pool/{poolId}/results/table': {
    call: () => ({ url: `/api/predictions/pool/${pool.id}/results/table?weekNumber=${futureMatch.weekNumber}` }),
    expect: members,
  },
  'PUT /api/predictions/pool/{poolId}/joker': {
    call: async () => {
      const match = await newMatch();
      await t.api.predict(users.participant, jokerPool, match, 'draw');
      return { url: `/api/predictions/pool/${jokerPool.id}/joker`, payload: { matchId: match.id, joker: true } };
    },
    expect: { anonymous: 401, other: 403, participant: 'ok', creator: 403, admin: 403 },
  },
  'GET /api/predictions/{id}': {
    call: () => ({ url: `/api/predictions/${hiddenPick.id}` }),
    // Before kick-off only its owner may read a pick; to anyone else it does not exist (admins, who may play, too).
    expect: { anonymous: 401, other: 404, participant: 'ok', creator: 404, admin: 404 },
  },
  'DELETE /api/predictions/{id}': {
    call: async () => {
      const pick = await t.api.predict(users.participant, pool, await newMatch(), 'draw');
      return { url: `/api/predictions/${pick.id}` };
    },
    expect: adminOnly,
  },

  'GET /api/leaderboard': { call: () => ({ url: '/api/leaderboard' }), expect: signedIn('ok') },
  'GET /api/leaderboard/pool/{id}/ranking': { call: () => ({ url: `/api/leaderboard/pool/${pool.id}/ranking` }), expect: members },
  'GET /api/leaderboard/pool/{id}/round/{weekNumber}': { call: () => ({ url: `/api/leaderboard/pool/${pool.id}/round/1` }), expect: members },
  'GET /api/leaderboard/pool/{id}/evolution': { call: () => ({ url: `/api/leaderboard/pool/${pool.id}/evolution` }), expect: members },
  'POST /api/leaderboard/update-all': { call: () => ({ url: '/api/leaderboard/update-all' }), expect: creatorOrAdmin },

  'GET /api/live/pool/{poolId}': { call: () => ({ url: `/api/live/pool/${pool.id}`, stream: true }), expect: members },
  'GET /api/pools/{poolId}/messages': { call: () => ({ url: `/api/pools/${pool.id}/messages` }), expect: members },
  'POST /api/pools/{poolId}/messages': { call: () => ({ url: `/api/pools/${pool.id}/messages`, payload: { text: 'Hola' } }), expect: members },
  'DELETE /api/pools/{poolId}/messages/{messageId}': {
    // The participant's own message: they, the creator and admins may delete it.
    call: async () => ({ url: `/api/pools/${pool.id}/messages/${(await ok<{ id: number }>(users.participant.session.accessToken, 'POST', `/api/pools/${pool.id}/messages`, { text: 'Borrable' })).id}` }),
    expect: members,
  },

  'GET /api/competitions': { call: () => ({ url: '/api/competitions' }), expect: signedIn('ok') },
  'GET /api/competitions/{key}/table': {
    // A league with one match an admin entered, so that it has a table.
    call: async () => {
      await newMatchIn('laliga-2026-27');
      return { url: '/api/competitions/laliga-2026-27/table' };
    },
    expect: signedIn('ok'),
  },
  'GET /api/matches/{id}/result-changes': { call: () => ({ url: `/api/matches/${futureMatch.id}/result-changes` }), expect: signedIn('ok') },
  'GET /api/matches/{id}/kickoff-changes': { call: () => ({ url: `/api/matches/${futureMatch.id}/kickoff-changes` }), expect: signedIn('ok') },
  'GET /api/results/status': { call: () => ({ url: '/api/results/status' }), expect: signedIn('ok') },
  'POST /api/admin/import-results': {
    // Teams the database does not know are reported, never created: the import answers its summary and writes nothing.
    call: () => ({
      url: '/api/admin/import-results',
      payload: { name: 'Spain Primera División 2026/27', matches: [{ round: 'Matchday 1', date: '2026-08-16', team1: 'Equipo X', team2: 'Equipo Y' }] },
    }),
    expect: adminOnly,
  },
  'GET /api/admin/import-jobs': { call: () => ({ url: '/api/admin/import-jobs' }), expect: adminOnly },
  'GET /api/admin/import-jobs/{id}': {
    call: async () => {
      const { job } = await ok<{ job: { id: number } }>(admin(), 'POST', '/api/admin/import-results', {
        name: 'Spain Primera División 2026/27',
        matches: [{ round: 'Matchday 1', date: '2026-08-16', team1: 'Equipo X', team2: 'Equipo Y' }],
      });
      return { url: `/api/admin/import-jobs/${job.id}` };
    },
    expect: adminOnly,
  },
  'GET /api/admin/results-source': { call: () => ({ url: '/api/admin/results-source' }), expect: adminOnly },
  // None: nothing to read, nothing fetched.
  'PUT /api/admin/results-source': { call: () => ({ url: '/api/admin/results-source', payload: { url: null } }), expect: adminOnly },

  'GET /api/users': { call: () => ({ url: '/api/users' }), expect: signedIn('ok') },
  'GET /api/users/{id}': { call: () => ({ url: `/api/users/${users.participant.userProfile.id}` }), expect: selfParticipant },
  'PATCH /api/users/{id}': { call: () => ({ url: `/api/users/${users.participant.userProfile.id}`, payload: { name: 'Participante' } }), expect: selfParticipant },
  // One's own confirmation link again: only one's own (this server sends no mail, so 409 for its owner).
  'POST /api/users/{id}/email-confirmation': {
    call: () => ({ url: `/api/users/${users.participant.userProfile.id}/email-confirmation` }),
    expect: { anonymous: 401, other: 403, participant: 409, creator: 403, admin: 403 },
  },
  'POST /api/users/{id}/password-reset': {
    call: async () => ({ url: `/api/users/${(await t.createUser()).userProfile.id}/password-reset` }),
    expect: adminOnly,
  },
  'PUT /api/users/{id}/role': {
    call: async () => ({ url: `/api/users/${(await t.createUser()).userProfile.id}/role`, payload: { role: 'admin' } }),
    expect: adminOnly,
  },
  'DELETE /api/users/{id}': {
    // A fresh account each time; as "participant" it deletes itself (a user may, like an admin), others may not.
    call: async (actor) => {
      const doomed = await t.createUser();
      return { url: `/api/users/${doomed.userProfile.id}`, ...(actor === 'participant' ? { token: doomed.session.accessToken } : {}) };
    },
    expect: selfParticipant,
  },
  'GET /api/roles': { call: () => ({ url: '/api/roles' }), expect: signedIn('ok') },
  'GET /api/roles/{id}': { call: async () => ({ url: `/api/roles/${(await ok<{ id: number }[]>(admin(), 'GET', '/api/roles'))[0]!.id}` }), expect: signedIn('ok') },
  'POST /api/roles': { call: () => ({ url: '/api/roles', payload: { name: `rol${codes++}`, description: 'Matriz' } }), expect: adminOnly },
  'PATCH /api/roles/{id}': {
    call: async () => ({ url: `/api/roles/${(await ok<{ id: number }>(admin(), 'POST', '/api/roles', { name: `rol${codes++}` })).id}`, payload: { description: 'Editado' } }),
    expect: adminOnly,
  },
  'DELETE /api/roles/{id}': {
    call: async () => ({ url: `/api/roles/${(await ok<{ id: number }>(admin(), 'POST', '/api/roles', { name: `rol${codes++}` })).id}` }),
    expect: adminOnly,
  },

  'GET /api/push/vapid-public-key': { call: () => ({ url: '/api/push/vapid-public-key' }), expect: signedIn('ok') },
  'POST /api/push/subscriptions': {
    call: () => ({
      url: '/api/push/subscriptions',
      payload: { endpoint: `https://push.example.com/${codes++}`, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } },
    }),
    expect: signedIn('ok'),
  },
  'DELETE /api/push/subscriptions': { call: () => ({ url: '/api/push/subscriptions', payload: { endpoint: 'https://push.example.com/someone-else' } }), expect: signedIn('ok') },
  'GET /api/reminders': { call: () => ({ url: '/api/reminders' }), expect: signedIn('ok') },
  'POST /api/reminders': { call: () => ({ url: '/api/reminders', payload: { matchId: futureMatch.id } }), expect: signedIn('ok') },
  'GET /api/favorites': { call: () => ({ url: '/api/favorites' }), expect: signedIn('ok') },
  'POST /api/favorites': { call: () => ({ url: '/api/favorites', payload: { matchId: futureMatch.id } }), expect: signedIn('ok') },
  'DELETE /api/reminders/{matchId}': { call: () => ({ url: `/api/reminders/${futureMatch.id}` }), expect: signedIn('ok') },
  'GET /api/notification-settings': { call: () => ({ url: '/api/notification-settings' }), expect: signedIn('ok') },
  // A pool's notifications are its players' own: not its creator's (who does not play), nor an admin's.
  'PUT /api/notification-settings': {
    call: () => ({ url: '/api/notification-settings', payload: { kind: 'missing-picks', poolId: pool.id, enabled: false } }),
    expect: { anonymous: 401, other: 403, participant: 'ok', creator: 403, admin: 403 },
  },
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  users.admin = await t.createUser({ role: 'admin' });
  users.other = await t.createUser({ name: 'Otro', email: 'otro@example.com' });
  users.participant = await t.createUser({ name: 'Participante', email: 'participante@example.com' });
  users.creator = await t.createUser({ name: 'Creador', email: 'creador@example.com' });
  host = await t.createUser();
  await t.api.user({ email: 'matriz@example.com', password: 'clave-matriz-1' });
  teamIds = [(await t.api.team(users.admin, { name: 'Local' })).id, (await t.api.team(users.admin, { name: 'Visitante' })).id];
  await ok(admin(), 'POST', '/api/confederations', { code: 'UEFA', name: 'UEFA (Europa)' });
  pool = await t.api.pool(users.creator, { players: [users.participant] });
  jokerPool = await t.api.pool(users.creator, { players: [users.participant], game: { mode: 'outcome', joker: true, knockoutFromWeek: null } });
  futureMatch = await newMatch();
  startedMatch = await newMatch('2026-11-21T11:00:00Z');
  hiddenPick = await t.api.predict(users.participant, pool, futureMatch, 'away');
}, 60_000);
afterAll(() => t.close());

describe('authorisation matrix', () => {
  it('has a row for every endpoint of the API', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const endpoints = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(endpoints.filter((e) => !(e in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((e) => !endpoints.includes(e))).toEqual([]);
  });

  for (const [endpoint, row] of Object.entries(matrix)) {
    it(endpoint, async () => {
      const [method] = endpoint.split(' ') as [string];
      const outcomes: Record<string, number> = {};
      for (const actor of ACTORS) {
        const request = await row.call(actor);
        const token = request.token === undefined ? tokenOf(actor) : request.token;
        const res = request.stream ? await streamCall(token, request.url) : await call(token, method, request.url, request.payload);
        outcomes[actor] = res.statusCode;
        const expected = row.expect[actor];
        if (expected === 'ok') {
          expect(res.statusCode, `${actor}: ${res.body}`).toBeLessThan(300);
        } else {
          expect(res.statusCode, `${actor}: ${res.body}`).toBe(expected);
          expect(res.json()).toMatchObject({ statusCode: expected, message: expect.any(String) });
          // A refusal never carries someone else's secrets.
          expect(res.body).not.toContain(String(pool.invitationCode));
          expect(res.body).not.toMatch(/@example\.com/);
        }
      }
      expect(Object.keys(outcomes)).toEqual(ACTORS);
    });
  }
});
