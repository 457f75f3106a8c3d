import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BonusAnswersPage,
  BonusBoard,
  BonusQuestion,
  GeneralRankingPosition,
  Match,
  Pool,
  RankingResponse,
  SignInResponse,
} from '#contract/index';
import { BONUS_ANSWERS_PAGE } from '#contract/bonus';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * "Preguntas extra" (docs/decisions/080-bonus-questions.md): off by default (a pool without questions answers and
 * ranks as before); the organiser adds them, players answer until the close, nobody sees another's answer before it;
 * templates settle by themselves from the results (and again when one is corrected), free ones by hand; their points
 * go to the general table as "Extra".
 */
const DAY = 86_400_000;
const start = new Date('2026-12-01T12:00:00Z');
let now = start;
const t = testAppPerFile({ clock: () => now });
const LALIGA = 'laliga-2026-27';

let admin: SignInResponse;
let owner: SignInResponse;
let ana: SignInResponse;
let beto: SignInResponse;
let carla: SignInResponse;
let stranger: SignInResponse;
let pool: Pool;
/** Teams Alfa, Beta, Gamma, Delta; three jornadas of two matches each, on days 10, 11 and 12. */
let team: Record<'alfa' | 'beta' | 'gamma' | 'delta', number>;
let weeks: Match[][];
let firstKickoff: string;

const url = (path = '') => `/api/pools/${pool.id}/bonus${path}`;
async function boardOf(who: SignInResponse, poolId = pool.id): Promise<BonusBoard> {
  const res = await t.as(who, 'GET', `/api/pools/${poolId}/bonus`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BonusBoard }>().data;
}
async function add(body: object, who = owner): Promise<BonusQuestion> {
  const res = await t.as(who, 'POST', url(), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: BonusQuestion }>().data;
}
async function answer(who: SignInResponse, question: BonusQuestion, body: object): Promise<BonusQuestion> {
  const res = await t.as(who, 'PUT', url(`/${question.id}/answer`), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BonusQuestion }>().data;
}
async function ranking(who: SignInResponse, poolId = pool.id): Promise<GeneralRankingPosition[]> {
  const res = await t.as(who, 'GET', `/api/leaderboard/pool/${poolId}/ranking`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RankingResponse>().leaderboard.positions;
}
const rowOf = (rows: GeneralRankingPosition[], who: SignInResponse) =>
  rows.find((r) => r.userId === who.userProfile.id)!;
const questionIn = (board: BonusBoard, question: BonusQuestion) => board.questions.find((q) => q.id === question.id)!;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  stranger = await t.createUser();
  const named = ['Olga Organiza', 'Ana Extra', 'Beto Extra', 'Carla Extra'].map((name) => t.createUser({ name }));
  [owner, ana, beto, carla] = (await Promise.all(named)) as [
    SignInResponse,
    SignInResponse,
    SignInResponse,
    SignInResponse,
  ];
  const names = ['Alfa', 'Beta', 'Gamma', 'Delta'] as const;
  const ids = [];
  for (const name of names) ids.push((await t.api.team(admin, { name: `${name} CF` })).id);
  const [alfa, beta, gamma, delta] = ids as [number, number, number, number];
  team = { alfa, beta, gamma, delta };
  const pairs: [number, number][][] = [
    [
      [alfa, beta],
      [gamma, delta],
    ],
    [
      [alfa, gamma],
      [beta, delta],
    ],
    [
      [alfa, delta],
      [beta, gamma],
    ],
  ];
  weeks = [];
  for (const [w, week] of pairs.entries()) {
    const matches = [];
    for (const [i, [homeTeamId, awayTeamId]] of week.entries()) {
      const matchDate = new Date(start.getTime() + (10 + w) * DAY + i * 3_600_000).toISOString();
      matches.push(
        await t.api.match(admin, {
          competition: LALIGA,
          weekNumber: w + 1,
          round: `Matchday ${w + 1}`,
          matchDate,
          homeTeamId,
          awayTeamId,
        }),
      );
    }
    weeks.push(matches);
  }
  firstKickoff = weeks[0]![0]!.matchDate;
  pool = await t.api.pool(owner, { competition: LALIGA, fromWeek: 1, players: [ana, beto, carla] });
});

describe('a pool without bonus questions', () => {
  it('answers and ranks exactly as before: no Extra, the same fields', async () => {
    const plain = await t.api.pool(owner, { competition: LALIGA, fromWeek: 1, players: [ana, beto] });
    const rows = await ranking(ana, plain.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'correctPicks',
        'jornadasWon',
        'movement',
        'points',
        'position',
        'userId',
        'username',
      ]);
    }
    const board = await boardOf(ana, plain.id);
    expect(board).toMatchObject({
      templates: true,
      canManage: false,
      canAnswer: true,
      canChange: false,
      questions: [],
    });
    expect(board.defaultClosesAt).toBe(firstKickoff);
  });
});

describe('who may do what', () => {
  it('lets only the organiser add (403 for a member, 404 outside the pool, 401 without a session)', async () => {
    const body = { kind: 'champion', points: 5 };
    expect((await t.as(ana, 'POST', url(), body)).statusCode).toBe(403);
    expect((await t.as(ana, 'POST', url(), body)).json().message).toBe(
      'Solo el creador de la quiniela puede hacer esto.',
    );
    expect((await t.as(stranger, 'POST', url(), body)).statusCode).toBe(404);
    expect((await t.as(stranger, 'GET', url())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.as(owner, 'GET', '/api/pools/999999/bonus')).statusCode).toBe(404);
  });

  it('offers the templates only to a LaLiga pool, and refuses bad questions in Spanish', async () => {
    const manual = await t.api.pool(owner, { players: [ana] });
    const refused = await t.as(owner, 'POST', `/api/pools/${manual.id}/bonus`, {
      kind: 'champion',
      points: 5,
      closesAt: firstKickoff,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Las preguntas automáticas solo están disponibles en quinielas de LaLiga.');
    expect((await boardOf(owner, manual.id)).templates).toBe(false);
    for (const [body, message] of [
      [{ kind: 'jornada-goals', points: 2 }, 'Indica la jornada de la pregunta (weekNumber).'],
      [{ kind: 'jornada-goals', points: 2, weekNumber: 7 }, 'Esa jornada no está en la competición de la quiniela.'],
      [{ kind: 'free', points: 2 }, 'Escribe la pregunta (prompt)'],
      [{ kind: 'champion', points: 0 }, 'Los puntos (points) debe estar entre 1 y 100.'],
      [{ kind: 'champion', points: 5, closesAt: '2026-11-30T00:00:00Z' }, 'La pregunta debe cerrarse en el futuro.'],
      [
        { kind: 'jornada-goals', points: 2, weekNumber: 1, closesAt: '2026-12-20T00:00:00Z' },
        'antes del último partido que la decide',
      ],
      [{ kind: 'free', points: 2, prompt: '¿?', choices: ['Uno', 'Uno'] }, 'Las respuestas posibles (choices)'],
    ] as const) {
      const res = await t.as(owner, 'POST', url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
  });
});

describe('questions answered, hidden, closed and settled', () => {
  let champion: BonusQuestion;
  let relegated: BonusQuestion;
  let leader1: BonusQuestion;
  let goals2: BonusQuestion;
  let pichichi: BonusQuestion;
  let late: BonusQuestion;

  it('are added from templates and free, closing by default at the first kick-off', async () => {
    champion = await add({ kind: 'champion', points: 10 });
    expect(champion).toMatchObject({
      prompt: '¿Quién será campeón?',
      answerType: 'team',
      closesAt: firstKickoff,
      closed: false,
    });
    relegated = await add({ kind: 'relegated', points: 2 });
    expect(relegated).toMatchObject({ prompt: '¿Qué equipos descienden?', answerType: 'teams' });
    expect(relegated.pointsRule).toBe('2 puntos por cada equipo acertado (hasta 6 puntos).');
    leader1 = await add({ kind: 'jornada-leader', points: 4, weekNumber: 1 });
    expect(leader1.prompt).toBe('¿Quién acabará primero en la Jornada 1?');
    goals2 = await add({ kind: 'jornada-goals', points: 3, weekNumber: 2 });
    expect(goals2.pointsRule).toBe('3 puntos si aciertas el número exacto de goles.');
    pichichi = await add({ kind: 'free', points: 5, prompt: '¿Quién será el pichichi?' });
    expect(pichichi.answerType).toBe('text');
    // One the admin adds, closing later, with a list of answers; the organiser changes and removes another.
    late = await add(
      { kind: 'free', points: 1, prompt: '¿Habrá algún 0-0?', choices: ['Sí', 'No'], closesAt: '2026-12-20T00:00:00Z' },
      admin,
    );
    const gone = await add({ kind: 'free', points: 1, prompt: 'Borrar' });
    const changed = await t.as(owner, 'PUT', url(`/${gone.id}`), { kind: 'free', points: 2, prompt: 'Cambiada' });
    expect(changed.json<{ data: BonusQuestion }>().data).toMatchObject({ prompt: 'Cambiada', points: 2 });
    expect((await t.as(ana, 'DELETE', url(`/${gone.id}`))).statusCode).toBe(403);
    expect((await t.as(owner, 'DELETE', url(`/${gone.id}`))).statusCode).toBe(200);
    expect((await boardOf(ana)).questions.map((q) => q.id)).toEqual(
      [champion, relegated, leader1, goals2, pichichi, late].map((q) => q.id),
    );
  });

  it("takes the players' answers, once each (the spec's game), and never the creator's", async () => {
    const { alfa, beta, gamma, delta } = team;
    await answer(ana, champion, { teamIds: [alfa] });
    await answer(beto, champion, { teamIds: [beta] });
    await answer(ana, relegated, { teamIds: [delta, gamma, beta] });
    await answer(beto, relegated, { teamIds: [alfa, beta, gamma] });
    await answer(ana, leader1, { teamIds: [alfa] });
    await answer(carla, leader1, { teamIds: [gamma] });
    await answer(ana, goals2, { number: 4 });
    await answer(beto, goals2, { number: 3 });
    await answer(ana, pichichi, { text: 'Mbappé' });
    await answer(beto, pichichi, { text: '  mbappe ' });
    await answer(carla, pichichi, { text: 'Lewandowski' });
    await answer(ana, late, { text: 'No' });

    const again = await t.as(ana, 'PUT', url(`/${champion.id}/answer`), { teamIds: [beta] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya respondiste esta pregunta: en esta quiniela no se cambia la respuesta.');
    const creator = await t.as(owner, 'PUT', url(`/${champion.id}/answer`), { teamIds: [alfa] });
    expect(creator.statusCode).toBe(403);
    expect(creator.json().message).toBe('Solo responden los participantes de la quiniela.');
    expect((await t.as(stranger, 'PUT', url(`/${champion.id}/answer`), { teamIds: [alfa] })).statusCode).toBe(404);
    for (const [question, body, message] of [
      [relegated, { teamIds: [alfa, alfa, beta] }, 'Elige 3 equipos distintos de la competición.'],
      [champion, { teamIds: [999_999] }, 'Elige un equipo de la competición.'],
      [goals2, { text: 'cuatro' }, 'Escribe un número entero de goles'],
      [late, { text: 'Quizá' }, 'Elige una de las respuestas posibles.'],
    ] as const) {
      const res = await t.as(carla, 'PUT', url(`/${question.id}/answer`), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("hides everyone else's answers before the close, from every reader", async () => {
    for (const who of [beto, owner, admin]) {
      const board = await boardOf(who);
      for (const question of board.questions) {
        expect(question.answers).toBeNull();
        expect(question.correct).toBeNull();
      }
      expect(questionIn(board, champion).answeredCount).toBe(2);
      expect(JSON.stringify(board)).not.toContain('Mbapp');
    }
    expect(questionIn(await boardOf(beto), pichichi).myAnswer).toEqual({ text: 'mbappe' });
    // The answer call answers the caller's own only.
    const own = await answer(carla, champion, { teamIds: [team.gamma] });
    expect(own.answers).toBeNull();
    // Nor does any ranking answer carry them.
    expect(
      JSON.stringify(await t.as(beto, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`).then((r) => r.json())),
    ).not.toContain('Mbapp');
    const early = await t.as(owner, 'PUT', url(`/${pichichi.id}/settle`), { texts: ['Mbappé'] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('La pregunta aún no se ha cerrado.');
  });

  it("closes at its time by the server's clock: no answers, no changes, every answer shown by name", async () => {
    now = new Date(Date.parse(firstKickoff) + 1000);
    const late1 = await t.as(carla, 'PUT', url(`/${pichichi.id}/answer`), { text: 'Mbappé' });
    expect(late1.statusCode).toBe(409);
    expect(late1.json().message).toBe('La pregunta ya está cerrada.');
    const edit = await t.as(owner, 'PUT', url(`/${pichichi.id}`), { kind: 'free', points: 50, prompt: 'Otra' });
    expect(edit.statusCode).toBe(409);
    expect((await t.as(owner, 'DELETE', url(`/${pichichi.id}`))).statusCode).toBe(409);

    const board = await boardOf(beto);
    expect(questionIn(board, pichichi).answers).toEqual([
      { userId: ana.userProfile.id, username: 'Ana Extra', answer: { text: 'Mbappé' }, points: null },
      { userId: beto.userProfile.id, username: 'Beto Extra', answer: { text: 'mbappe' }, points: null },
      { userId: carla.userProfile.id, username: 'Carla Extra', answer: { text: 'Lewandowski' }, points: null },
    ]);
    expect(questionIn(board, late).answers).toBeNull(); // it closes later
    // Not settled yet: the ranking shows Extra 0 for everyone.
    const rows = await ranking(ana);
    expect(rows.map((r) => [r.username, r.points, r.extra])).toEqual([
      ['Ana Extra', 0, 0],
      ['Beto Extra', 0, 0],
      ['Carla Extra', 0, 0],
    ]);
  });

  it('settles a free question by hand (organiser only), and again when corrected', async () => {
    expect((await t.as(ana, 'PUT', url(`/${pichichi.id}/settle`), { texts: ['Mbappé'] })).statusCode).toBe(403);
    expect((await t.as(stranger, 'PUT', url(`/${pichichi.id}/settle`), { texts: ['Mbappé'] })).statusCode).toBe(404);
    const template = await t.as(owner, 'PUT', url(`/${champion.id}/settle`), { texts: ['Alfa CF'] });
    expect(template.statusCode).toBe(409);
    expect(template.json().message).toBe('Esta pregunta se resuelve sola con los resultados.');

    const settled = await t.as(owner, 'PUT', url(`/${pichichi.id}/settle`), { texts: ['Mbappé'] });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json<{ data: BonusQuestion }>().data).toMatchObject({
      settled: true,
      correct: { texts: ['Mbappé'] },
    });
    let rows = await ranking(carla);
    expect(rows.map((r) => [r.position, r.username, r.points, r.extra])).toEqual([
      [1, 'Ana Extra', 5, 5],
      [1, 'Beto Extra', 5, 5],
      [3, 'Carla Extra', 0, 0],
    ]);
    await t.as(owner, 'PUT', url(`/${pichichi.id}/settle`), { texts: ['Lewandowski'] });
    rows = await ranking(carla);
    expect(rowOf(rows, carla)).toMatchObject({ position: 1, points: 5, extra: 5 });
    expect(rowOf(rows, ana)).toMatchObject({ points: 0, extra: 0 });
    expect(questionIn(await boardOf(ana), pichichi).answers!.map((a) => a.points)).toEqual([0, 0, 5]);
  });

  it('settles templates by themselves once their last result is in, and again when one is corrected', async () => {
    now = new Date(start.getTime() + 20 * DAY);
    const [[ab, gd], [ag, bd], [ad, bg]] = weeks as [[Match, Match], [Match, Match], [Match, Match]];
    // Jornada 1: Alfa 2-0 Beta, Gamma 1-1 Delta: Alfa leads.
    await t.api.result(admin, ab, 2, 0);
    let board = await boardOf(ana);
    expect(questionIn(board, leader1).settled).toBe(false); // one match of it still to play
    await t.api.result(admin, gd, 1, 1);
    board = await boardOf(ana);
    expect(questionIn(board, leader1)).toMatchObject({ settled: true, correct: { teamIds: [team.alfa] } });
    expect(questionIn(board, goals2).settled).toBe(false);
    expect(questionIn(board, champion).settled).toBe(false);
    expect(rowOf(await ranking(ana), ana)).toMatchObject({ points: 4, extra: 4 });

    // Jornada 2: Alfa 1-0 Gamma, Beta 2-1 Delta (4 goals); jornada 3: Alfa 3-0 Delta, Beta 0-1 Gamma.
    await t.api.result(admin, ag, 1, 0);
    await t.api.result(admin, bd, 2, 1);
    expect(questionIn(await boardOf(ana), goals2)).toMatchObject({ settled: true, correct: { number: 4 } });
    await t.api.result(admin, ad, 3, 0);
    await t.api.result(admin, bg, 0, 1);
    // Alfa 9, Gamma 4, Beta 3, Delta 1: Alfa champion; Beta, Gamma and Delta go down.
    board = await boardOf(beto);
    expect(questionIn(board, champion).correct).toEqual({ teamIds: [team.alfa] });
    expect(questionIn(board, relegated).correct).toEqual({
      teamIds: [team.beta, team.gamma, team.delta].sort((a, b) => a - b),
    });
    // Ana: champion 10 + relegated 3 × 2 + leader 4 + goals 3 = 23; Beto: relegated 2 × 2 = 4; Carla: pichichi 5.
    let rows = await ranking(beto);
    expect(rows.map((r) => [r.username, r.points, r.extra])).toEqual([
      ['Ana Extra', 23, 23],
      ['Carla Extra', 5, 5],
      ['Beto Extra', 4, 4],
    ]);

    // A corrected result settles again: Beta 2-2 Delta makes jornada 2's goals 4 + 1 = 5, and nobody's right.
    await t.api.updateMatch(admin, bd, { scoreHome: 2, scoreAway: 2 });
    expect(questionIn(await boardOf(ana), goals2).correct).toEqual({ number: 5 });
    rows = await ranking(beto);
    expect(rowOf(rows, ana)).toMatchObject({ points: 20, extra: 20 });

    // The repair pass ("Actualizar Resultados") finds the same standings: the answers' points are part of them.
    const before = await ranking(ana);
    expect((await t.as(admin, 'POST', '/api/leaderboard/update-all')).statusCode).toBe(200);
    expect(await ranking(ana)).toEqual(before);
  });
});

describe('every write of a match that changes what a template reads settles it in its transaction', () => {
  // Jornada 4: Alfa–Beta, Gamma–Delta; jornada 5: Alfa–Gamma; a pool of its own from jornada 4, Ana answering.
  // (Within the sessions' 30 days of the file's start.)
  let ab: Match;
  let gd: Match;
  let ag: Match;
  let fromFour: Pool;
  let goals4: BonusQuestion;
  let goals5: BonusQuestion;
  const later = (day: number, hour = 0) => new Date(start.getTime() + day * DAY + hour * 3_600_000).toISOString();
  const laLiga = (weekNumber: number, homeTeamId: number, awayTeamId: number, matchDate: string) => ({
    competition: LALIGA,
    weekNumber,
    round: `Matchday ${weekNumber}`,
    matchDate,
    homeTeamId,
    awayTeamId,
  });
  const mine = async (question: BonusQuestion) => questionIn(await boardOf(ana, fromFour.id), question);
  const extra = async () => rowOf(await ranking(ana, fromFour.id), ana).extra;

  beforeAll(async () => {
    const { alfa, beta, gamma, delta } = team;
    ab = await t.api.match(admin, laLiga(4, alfa, beta, later(22)));
    gd = await t.api.match(admin, laLiga(4, gamma, delta, later(22, 2)));
    ag = await t.api.match(admin, laLiga(5, alfa, gamma, later(23)));
    fromFour = await t.api.pool(owner, { competition: LALIGA, fromWeek: 4, players: [ana] });
    const addTo = async (body: object) => {
      const res = await t.as(owner, 'POST', `/api/pools/${fromFour.id}/bonus`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: BonusQuestion }>().data;
    };
    goals4 = await addTo({ kind: 'jornada-goals', points: 3, weekNumber: 4 });
    goals5 = await addTo({ kind: 'jornada-goals', points: 2, weekNumber: 5 });
    for (const [question, number] of [
      [goals4, 2],
      [goals5, 4],
    ] as const) {
      const res = await t.as(ana, 'PUT', `/api/pools/${fromFour.id}/bonus/${question.id}/answer`, { number });
      expect(res.statusCode, res.body).toBe(200);
    }
    now = new Date(start.getTime() + 25 * DAY);
  });

  it('a match created with its result, or without one', async () => {
    await t.api.result(admin, ag, 2, 1);
    expect((await mine(goals5)).correct).toEqual({ number: 3 });
    expect(await extra()).toBe(0);
    // Beta 1-0 Delta is added to jornada 5, already played: 4 goals, Ana's answer.
    const created = await t.as(admin, 'POST', '/api/matches', {
      ...laLiga(5, team.beta, team.delta, later(23, 2)),
      status: 'finished',
      scoreHome: 1,
      scoreAway: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await mine(goals5)).toMatchObject({ correct: { number: 4 }, myPoints: 2 });
    expect(await extra()).toBe(2);
    // A match still to play added to the jornada: the question waits again, its points taken back.
    const pending = await t.api.match(admin, laLiga(5, team.delta, team.alfa, later(28)));
    expect(await mine(goals5)).toMatchObject({ settled: false, correct: null, myPoints: null });
    expect(await extra()).toBe(0);
    expect((await t.as(admin, 'DELETE', `/api/matches/${pending.id}`)).statusCode).toBe(200);
    expect(await mine(goals5)).toMatchObject({ correct: { number: 4 }, myPoints: 2 });
  });

  it('a match deleted: the last one still to play, or one with its result', async () => {
    // Jornada 4: Alfa 2-0 Beta played, Gamma–Delta never: the question waits until that match is deleted.
    await t.api.result(admin, ab, 2, 0);
    expect((await mine(goals4)).settled).toBe(false);
    expect((await t.as(admin, 'DELETE', `/api/matches/${gd.id}`)).statusCode).toBe(200);
    expect(await mine(goals4)).toMatchObject({ correct: { number: 2 }, myPoints: 3 });
    expect(await extra()).toBe(5);
    // Deleting jornada 5's Beta 1-0 Delta takes its goal away: 3, no longer Ana's 4.
    const bd = (await t.as(admin, 'GET', `/api/matches?competition=${LALIGA}`))
      .json<{ data: Match[] }>()
      .data.find((m) => m.weekNumber === 5 && m.homeTeamId === team.beta)!;
    expect((await t.as(admin, 'DELETE', `/api/matches/${bd.id}`)).statusCode).toBe(200);
    expect(await mine(goals5)).toMatchObject({ correct: { number: 3 }, myPoints: 0 });
    expect(await extra()).toBe(3);
  });

  it('a match moved to another jornada, or out of the competition', async () => {
    // Alfa 2-1 Gamma moves to jornada 4: 5 goals there; jornada 5 has no match left, so nothing to settle.
    await t.api.updateMatch(admin, ag, { weekNumber: 4 });
    expect(await mine(goals4)).toMatchObject({ correct: { number: 5 }, myPoints: 0 });
    expect(await mine(goals5)).toMatchObject({ settled: false, correct: null });
    expect(await extra()).toBe(0);
    // It leaves LaLiga: jornada 4 is Alfa 2-0 Beta again.
    await t.api.updateMatch(admin, ag, { competition: 'otra-liga-2026' });
    expect(await mine(goals4)).toMatchObject({ correct: { number: 2 }, myPoints: 3 });
    expect(await extra()).toBe(3);
  });
});

describe(`a closed question's answers by name, ${BONUS_ANSWERS_PAGE} at a time`, () => {
  let players: SignInResponse[];
  let viewer: SignInResponse;
  let big: Pool;
  let early: BonusQuestion;
  let open: BonusQuestion;
  const name = (index: number) => `Socio ${String(index).padStart(3, '0')}`;
  const pageUrl = (question: BonusQuestion, query = '') => `/api/pools/${big.id}/bonus/${question.id}/answers${query}`;
  async function pageOf(who: SignInResponse, question: BonusQuestion, query = ''): Promise<BonusAnswersPage> {
    const res = await t.as(who, 'GET', pageUrl(question, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: BonusAnswersPage }>().data;
  }

  beforeAll(async () => {
    players = [];
    for (let index = 0; index < BONUS_ANSWERS_PAGE + 2; index += 1)
      players.push(await t.createUser({ name: name(index) }));
    viewer = players.at(-1)!;
    big = await t.api.pool(owner, { players, maxParticipants: BONUS_ANSWERS_PAGE + 2 });
    const base = now.getTime();
    const addTo = async (prompt: string, closesAt: number) => {
      const res = await t.as(owner, 'POST', `/api/pools/${big.id}/bonus`, {
        kind: 'free',
        points: 1,
        prompt,
        closesAt: new Date(closesAt).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: BonusQuestion }>().data;
    };
    early = await addTo('¿Quién marcará primero?', base + DAY);
    open = await addTo('¿Quién ganará la Copa?', base + 10 * DAY);
    for (const [index, player] of players.entries()) {
      const res = await t.as(player, 'PUT', `/api/pools/${big.id}/bonus/${early.id}/answer`, {
        text: `Respuesta ${index}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    now = new Date(base + 2 * DAY);
  });

  it("come a page on the board, with the reader's own answer wherever their name stands", async () => {
    const question = questionIn(await boardOf(viewer, big.id), early);
    expect(question.answeredCount).toBe(BONUS_ANSWERS_PAGE + 2);
    expect(question.answers).toHaveLength(BONUS_ANSWERS_PAGE);
    expect(question.answers![0]).toEqual({
      userId: players[0]!.userProfile.id,
      username: name(0),
      answer: { text: 'Respuesta 0' },
      points: null,
    });
    expect(question.answers!.at(-1)!.username).toBe(name(BONUS_ANSWERS_PAGE - 1));
    // The viewer's name comes last, past the first page; their answer comes with the question all the same.
    expect(question.answers!.some((a) => a.userId === viewer.userProfile.id)).toBe(false);
    expect(question.myAnswer).toEqual({ text: `Respuesta ${BONUS_ANSWERS_PAGE + 1}` });
  });

  it('come next from GET …/answers by offset (and limit), in name order', async () => {
    const second = await pageOf(viewer, early, `?offset=${BONUS_ANSWERS_PAGE}`);
    expect(second.page).toEqual({
      limit: BONUS_ANSWERS_PAGE,
      offset: BONUS_ANSWERS_PAGE,
      total: BONUS_ANSWERS_PAGE + 2,
    });
    expect(second.answers.map((a) => a.username)).toEqual([name(BONUS_ANSWERS_PAGE), name(BONUS_ANSWERS_PAGE + 1)]);
    expect(second.answers.at(-1)).toMatchObject({
      userId: viewer.userProfile.id,
      answer: { text: `Respuesta ${BONUS_ANSWERS_PAGE + 1}` },
    });
    expect((await pageOf(owner, early, '?offset=1&limit=2')).answers.map((a) => a.username)).toEqual([
      name(1),
      name(2),
    ]);
    expect((await pageOf(viewer, early, '?offset=10000')).answers).toEqual([]);
  });

  it('never before the close nor outside the pool, and a bad page is refused in Spanish', async () => {
    const early409 = await t.as(viewer, 'GET', pageUrl(open));
    expect(early409.statusCode).toBe(409);
    expect(early409.json().message).toBe('La pregunta aún no se ha cerrado.');
    expect((await t.as(stranger, 'GET', pageUrl(early))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pageUrl(early) })).statusCode).toBe(401);
    const tooMany = await t.as(viewer, 'GET', pageUrl(early, `?limit=${BONUS_ANSWERS_PAGE + 1}`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`El límite (limit) debe estar entre 1 y ${BONUS_ANSWERS_PAGE}.`);
    const badOffset = await t.as(viewer, 'GET', pageUrl(early, '?offset=-1'));
    expect(badOffset.statusCode).toBe(400);
    expect(badOffset.json().message).toContain('El desplazamiento (offset) no es válido.');
    expect((await t.as(viewer, 'GET', `/api/pools/${big.id}/bonus/999999/answers`)).statusCode).toBe(404);
  });
});
