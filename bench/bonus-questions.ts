// The general table's read of a 10,000-member pool with 6 bonus questions answered (and settled) by everyone and a
// bote with everyone paid (docs/decisions/080-bonus-questions.md), as ratios to today's read of the same pool without
// them, both measured in the same run. The pool is the shared big pool (big-pool.ts); its twin is a copy of it in SQL
// (the same members, picks and standings) that gets the questions, the answers and the bote.
// "A read" is the ranking as a cold cache builds it (the answer a new version of the standings costs once; the reads
// after it are the cached bytes), the bonus board as a player reads it (each closed question with its first page of
// answers by name), the last page of one question's answers, and the bote.
//   npm run bench:bonus-questions   (BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run)
import { sql } from 'drizzle-orm';
import { BONUS_ANSWERS_PAGE, type UserProfile } from '#contract/index';
import { loadConfig } from '#server/config';
import { createLeaderboardService } from '#server/modules/leaderboard/leaderboard.service';
import { createServices } from '#server/services';
import { fillBigPool, finishedMatches, MEMBERS } from './big-pool.ts';
import { fmt, fmtRatio, interleaved, onBenchDatabases, timed } from './support.ts';

const MATCHES = 100;
const QUESTIONS = 6;

await onBenchDatabases(async (label, handle) => {
  const { db } = handle;
  const fill = await fillBigPool(db, { matches: finishedMatches(MATCHES) });
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const services = await createServices({ database: handle, config, log: console });
  const { standings, pools } = services.repositories;
  const [plain] = await db.execute(sql`select id, creator_id from pools`).then((r) => (r as { rows: { id: number; creator_id: number }[] }).rows);
  await standings.recompute([plain!.id], new Date());

  // The twin: the same pool copied, then its questions (closed, settled: 0 to 5 points each), answers and bote.
  const twin = await timed(async () => {
    await db.execute(sql`
      insert into pools (name, max_participants, participant_count, invitation_code, creator_id)
      select 'Bench extra', max_participants, participant_count, 654321, creator_id from pools where id = ${plain!.id}`);
    const extra = sql`(select id from pools where invitation_code = 654321)`;
    await db.execute(sql`insert into pool_participants (pool_id, user_id, registered_at)
      select ${extra}, user_id, registered_at from pool_participants where pool_id = ${plain!.id}`);
    await db.execute(sql`insert into predictions (pool_id, user_id, match_id, prediction)
      select ${extra}, user_id, match_id, prediction from predictions where pool_id = ${plain!.id}`);
    await db.execute(sql`insert into standings (pool_id, user_id, points, correct_picks)
      select ${extra}, user_id, points, correct_picks from standings where pool_id = ${plain!.id}`);
    await db.execute(sql`insert into round_standings (pool_id, week_number, user_id, points, correct_picks)
      select ${extra}, week_number, user_id, points, correct_picks from round_standings where pool_id = ${plain!.id}`);
    await db.execute(sql`insert into bonus_questions (pool_id, kind, prompt, points, closes_at, correct, settled_at)
      select ${extra}, 'free', 'Pregunta ' || q, 5, now() - interval '1 day', '{"texts":["Sí"]}', now()
      from generate_series(1, ${QUESTIONS}) q`);
    await db.execute(sql`insert into bonus_answers (question_id, pool_id, user_id, answer, points)
      select q.id, pp.pool_id, pp.user_id,
             case when (pp.user_id + q.id) % 3 = 0 then '{"text":"Sí"}'::jsonb else '{"text":"No"}'::jsonb end,
             case when (pp.user_id + q.id) % 3 = 0 then 5 else 0 end
      from pool_participants pp join bonus_questions q on q.pool_id = pp.pool_id
      where pp.pool_id = ${extra}`);
    // The answers' points are part of the standings (what applySettlement and the recompute keep).
    await standings.recompute([(await pools.findByCode(654321))!.id], new Date());
    await db.execute(sql`insert into pool_pots (pool_id, entry_cents, position_shares, jornada_share)
      values (${extra}, 1000, '[60, 30, 10]', 0)`);
    await db.execute(sql`insert into pool_pot_payments (pool_id, user_id) select pool_id, user_id from pool_participants where pool_id = ${extra}`);
  });
  const withExtras = (await pools.findByCode(654321))!.id;
  await services.refreshStatistics();

  const creator = { id: plain!.creator_id, role: 'user' } as UserProfile;
  const [player] = await db.execute(sql`select user_id from pool_participants where pool_id = ${withExtras} limit 1`).then(
    (r) => (r as { rows: { user_id: number }[] }).rows,
  );
  const member = { id: player!.user_id, role: 'user' } as UserProfile;
  const [asked] = await db.execute(sql`select id from bonus_questions where pool_id = ${withExtras} order by id limit 1`).then(
    (r) => (r as { rows: { id: number }[] }).rows,
  );
  // The last page of one closed question's answers by name (offset paging: the deepest page costs the most).
  const lastPage = { limit: BONUS_ANSWERS_PAGE, offset: MEMBERS - BONUS_ANSWERS_PAGE };
  // A leaderboard service of its own per read: its cache is empty, so each read builds the general table.
  const cold = () =>
    createLeaderboardService({
      standings,
      pools,
      rateLimiter: services.rateLimiter,
      clock: () => new Date(),
      config,
      pullResults: async () => null,
      versions: services.versions,
    });
  const rows = async (poolId: number) => JSON.parse((await cold().ranking(creator, poolId)).body.toString()) as {
    leaderboard: { positions: { extra?: number }[] };
  };
  const check = await rows(withExtras);
  if (check.leaderboard.positions.length !== MEMBERS || check.leaderboard.positions[0]?.extra === undefined) {
    throw new Error('the twin pool has no Extra column');
  }

  const timings = await interleaved(() => cold().ranking(creator, plain!.id), {
    ranking: () => cold().ranking(creator, withExtras),
    board: () => services.bonus.board(member, withExtras),
    answers: () => services.bonus.answersPage(member, withExtras, asked!.id, lastPage),
    pot: () => services.pot.read(member, withExtras),
  });

  console.log(
    `\n${label}: pool of ${MEMBERS} members, ${MATCHES} finished matches (filled in ${fmt(fill.ms / 1000)} s); its twin with ` +
      `${QUESTIONS} settled bonus questions answered by everyone and a bote everyone paid (made in ${fmt(twin.ms / 1000)} s); ` +
      `${timings.rounds} interleaved rounds, medians`,
  );
  console.log(`  today's ranking read (cold), no questions       ${fmt(timings.baselineMs)} ms   (baseline 1.00)`);
  console.log(`  ranking read (cold), questions and bote         ${fmt(timings.ranking.ms)} ms   ratio ${fmtRatio(timings.ranking.ratio)}`);
  console.log(`  bonus questions read by a player                ${fmt(timings.board.ms)} ms   ratio ${fmtRatio(timings.board.ratio)}`);
  console.log(`  last page of a question's answers by name        ${fmt(timings.answers.ms)} ms   ratio ${fmtRatio(timings.answers.ratio)}`);
  console.log(`  bote read by a player                           ${fmt(timings.pot.ms)} ms   ratio ${fmtRatio(timings.pot.ratio)}`);
});
